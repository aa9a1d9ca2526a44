import { describe, expect, it } from 'vitest';
import { withFinalAt } from './finalAt.js';

const at = new Date('2030-01-01T10:00:00Z');

describe('withFinalAt', () => {
  it('stamps the patch time when a status becomes final', () => {
    for (const status of ['approved', 'declined', 'failed', 'rejected'] as const) {
      expect(withFinalAt({ status: 'pending' }, { status, updatedAt: at })).toEqual({
        status,
        updatedAt: at,
        finalAt: at,
      });
    }
  });

  it('leaves other patches alone', () => {
    expect(withFinalAt({ status: 'submitting' }, { status: 'pending', updatedAt: at })).toEqual({
      status: 'pending',
      updatedAt: at,
    });
    expect(withFinalAt({ status: 'pending' }, { updatedAt: at })).toEqual({ updatedAt: at });
    // Already final: the first time stays.
    expect(withFinalAt({ status: 'approved' }, { status: 'approved', updatedAt: at })).toEqual({
      status: 'approved',
      updatedAt: at,
    });
  });

  it('clears it if a final payout is ever made open again', () => {
    expect(withFinalAt({ status: 'failed' }, { status: 'submitting', updatedAt: at })).toEqual({
      status: 'submitting',
      updatedAt: at,
      finalAt: null,
    });
  });
});
