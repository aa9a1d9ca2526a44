import {
  FINAL_PAYOUT_STATUSES,
  ORCHESTRATOR_PAYOUT_STATUSES,
  PAYOUT_STATUSES,
} from '@payouts/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFinalStatus, nextPayoutStatus, toPayoutStatus } from './payoutStatus.js';

describe('payout status mapping', () => {
  it('maps every orchestrator status', () => {
    expect(
      Object.fromEntries(ORCHESTRATOR_PAYOUT_STATUSES.map((s) => [s, toPayoutStatus(s)])),
    ).toEqual({
      init: 'pending',
      in_process: 'in_process',
      pending: 'pending',
      authorized: 'authorized',
      approved: 'approved',
      declined: 'declined',
    });
  });

  it('never changes a final status and never moves a payout backwards', () => {
    expect(nextPayoutStatus('authorized', 'pending')).toBe('authorized');
    expect(nextPayoutStatus('submitting', 'pending')).toBe('pending');
    expect(nextPayoutStatus('unknown', 'approved')).toBe('approved');
    expect(nextPayoutStatus('pending', 'unknown')).toBe('pending');
    expect(nextPayoutStatus('approved', 'declined')).toBe('approved');
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYOUT_STATUSES),
        fc.array(fc.constantFrom(...ORCHESTRATOR_PAYOUT_STATUSES)),
        (start, reports) => {
          let status = start;
          for (const report of reports) {
            const next = nextPayoutStatus(status, toPayoutStatus(report));
            if (isFinalStatus(status)) expect(next).toBe(status);
            status = next;
          }
          // Whatever order the reports came in, a final report wins over a non-final one.
          const finalReport = reports.map(toPayoutStatus).find(isFinalStatus);
          if (finalReport && !isFinalStatus(start)) expect(isFinalStatus(status)).toBe(true);
        },
      ),
    );
  });

  it('agrees with the contracts on which statuses are final', () => {
    for (const status of PAYOUT_STATUSES) {
      expect(isFinalStatus(status)).toBe(FINAL_PAYOUT_STATUSES.includes(status));
    }
  });
});
