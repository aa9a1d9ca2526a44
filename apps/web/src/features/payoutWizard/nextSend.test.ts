// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../api/apiErrorCodes.js';
import { attemptStateAfter, keyForNextSend } from './nextSend.js';

describe('keyForNextSend', () => {
  const newKey = () => 'new';

  it('reuses the key for a retry of the same body, whatever happened', () => {
    for (const lastAttempt of ['none', 'unresolved', 'refused'] as const) {
      expect(
        keyForNextSend({ currentKey: 'k', lastAttempt, lastBody: 'b', body: 'b', newKey }),
      ).toBe('k');
    }
  });

  it('never changes the key while the last outcome is unknown, even for another body', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (body, lastBody) => {
        expect(
          keyForNextSend({ currentKey: 'k', lastAttempt: 'unresolved', lastBody, body, newKey }),
        ).toBe('k');
      }),
    );
  });

  it('takes a new key only after a refusal and a changed body (or a body it cannot compare)', () => {
    expect(
      keyForNextSend({ currentKey: 'k', lastAttempt: 'refused', lastBody: 'a', body: 'b', newKey }),
    ).toBe('new');
    expect(
      keyForNextSend({
        currentKey: 'k',
        lastAttempt: 'refused',
        lastBody: null,
        body: 'b',
        newKey,
      }),
    ).toBe('new');
  });
});

describe('attemptStateAfter', () => {
  it('treats only definite refusals as refused; no answer or a 5xx stays unresolved', () => {
    expect(attemptStateAfter('validation_failed')).toBe('refused');
    expect(attemptStateAfter('orchestrator_rejected')).toBe('refused');
    for (const code of [
      'network_error',
      'orchestrator_timeout',
      'orchestrator_unavailable',
      'internal',
      'request_in_flight',
      'idempotency_key_reused',
    ] as const) {
      expect(attemptStateAfter(code), code).toBe('unresolved');
    }
    expect(
      API_ERROR_CODES.map(attemptStateAfter).filter((s) => s === 'refused').length,
    ).toBeGreaterThan(0);
  });
});
