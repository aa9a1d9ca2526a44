// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { apiErrorsByStep } from './apiErrorsByStep.js';
import { STEP } from './wizardDraft.js';

describe('apiErrorsByStep', () => {
  it('puts each pointer on its field and names the first step to fix', () => {
    const { errors, firstStep } = apiErrorsByStep([
      { pointer: '/metadata/email', message: 'Bad e-mail.' },
      { pointer: '/amount', message: 'Too many decimals.' },
      { pointer: '/provider', message: 'Not offered.' },
      { pointer: '/metadata/a~1b', message: 'Escaped.' },
      { pointer: '', message: 'The payout is missing.' },
    ]);
    expect(errors).toEqual({
      corridor: { amount: 'Too many decimals.' },
      method: { provider: 'Not offered.' },
      metadata: { email: 'Bad e-mail.', 'a/b': 'Escaped.' },
      general: ['The payout is missing.'],
    });
    expect(firstStep).toBe(STEP.corridor);
  });

  it('sends the user to the method and recipient step for a PSP, type or metadata error', () => {
    expect(apiErrorsByStep([{ pointer: '/metadata/phone', message: 'x' }]).firstStep).toBe(
      STEP.recipient,
    );
    expect(apiErrorsByStep([{ pointer: '/provider', message: 'x' }]).firstStep).toBe(
      STEP.recipient,
    );
    expect(apiErrorsByStep([{ pointer: '/whatever', message: 'x' }]).firstStep).toBeNull();
  });
});
