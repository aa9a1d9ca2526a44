import {
  ORCHESTRATOR_PAYOUT_STATUSES,
  PAYOUT_STATUSES,
  type PayoutStatus,
} from '@payouts/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideTransition,
  isFinalStatus,
  RECONCILABLE_STATUSES,
  toPayoutStatus,
  type StatusCause,
} from './payoutStatus.js';

const reported = (current: PayoutStatus, status: PayoutStatus): PayoutStatus =>
  decideTransition(current, { kind: 'reported', status }).to;

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
    expect(reported('authorized', 'pending')).toBe('authorized');
    expect(reported('submitting', 'pending')).toBe('pending');
    expect(reported('unknown', 'approved')).toBe('approved');
    expect(decideTransition('pending', { kind: 'outcome_unknown' }).to).toBe('pending');
    expect(reported('approved', 'declined')).toBe('approved');
    fc.assert(
      fc.property(
        // Awaiting approval: never sent, so no orchestrator report applies (tested below).
        fc.constantFrom<PayoutStatus>(...PAYOUT_STATUSES.filter((s) => s !== 'awaiting_approval')),
        fc.array(fc.constantFrom(...ORCHESTRATOR_PAYOUT_STATUSES)),
        (start, reports) => {
          let status = start;
          for (const report of reports) {
            const next = reported(status, toPayoutStatus(report));
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

  // Stated here, not derived from the constant it reads: a status added to (or dropped from)
  // the final list changes which payouts the reconciler stops checking, and must show here.
  it('treats exactly approved, declined, failed and rejected as final', () => {
    expect(PAYOUT_STATUSES.filter(isFinalStatus)).toEqual(
      expect.arrayContaining(['approved', 'declined', 'failed', 'rejected']),
    );
    expect(PAYOUT_STATUSES.filter(isFinalStatus)).toHaveLength(4);
  });

  it('reconciles every status that is neither final nor awaiting approval', () => {
    // `unrecognized` is checked on the same backoff; its attention reason counts it.
    expect(
      PAYOUT_STATUSES.filter(
        (s) => !isFinalStatus(s) && s !== 'awaiting_approval' && s !== 'unrecognized',
      ).sort(),
    ).toEqual([...RECONCILABLE_STATUSES].sort());
  });

  it('maps a status it does not know to unrecognized, between authorized and final', () => {
    expect(toPayoutStatus('unrecognized')).toBe('unrecognized');
    expect(decideTransition('pending', { kind: 'reported', status: 'unrecognized' })).toEqual({
      outcome: 'changed',
      to: 'unrecognized',
    });
    expect(decideTransition('unrecognized', { kind: 'reported', status: 'approved' })).toEqual({
      outcome: 'changed',
      to: 'approved',
    });
    expect(decideTransition('unrecognized', { kind: 'reported', status: 'pending' })).toMatchObject(
      { outcome: 'ignored', reason: 'backwards' },
    );
    expect(
      decideTransition('approved', { kind: 'reported', status: 'unrecognized' }),
    ).toMatchObject({ outcome: 'ignored', reason: 'final' });
  });

  describe('decideTransition', () => {
    it('lets users move a payout only out of awaiting_approval', () => {
      expect(decideTransition('awaiting_approval', { kind: 'approve' })).toEqual({
        outcome: 'changed',
        to: 'submitting',
      });
      expect(decideTransition('awaiting_approval', { kind: 'reject' })).toEqual({
        outcome: 'changed',
        to: 'rejected',
      });
      for (const status of PAYOUT_STATUSES.filter((s) => s !== 'awaiting_approval')) {
        expect(decideTransition(status, { kind: 'approve' }).outcome).toBe('not_allowed');
        expect(decideTransition(status, { kind: 'reject' }).outcome).toBe('not_allowed');
      }
    });

    it('records a late report that would go backwards without applying it', () => {
      expect(decideTransition('approved', { kind: 'reported', status: 'pending' })).toEqual({
        outcome: 'ignored',
        to: 'approved',
        reason: 'final',
      });
      expect(decideTransition('authorized', { kind: 'reported', status: 'pending' })).toEqual({
        outcome: 'ignored',
        to: 'authorized',
        reason: 'backwards',
      });
      expect(decideTransition('pending', { kind: 'outcome_unknown' })).toMatchObject({
        outcome: 'ignored',
      });
    });

    it('fails only what may not exist at the orchestrator, and never reports on unsent payouts', () => {
      expect(decideTransition('unknown', { kind: 'refused' }).to).toBe('failed');
      expect(decideTransition('pending', { kind: 'refused' }).outcome).toBe('not_allowed');
      expect(
        decideTransition('awaiting_approval', { kind: 'reported', status: 'approved' }).outcome,
      ).toBe('not_allowed');
    });

    it('never leaves a final status, whatever happens', () => {
      const cause: fc.Arbitrary<StatusCause> = fc.oneof(
        fc.constantFrom<StatusCause>(
          { kind: 'approve' },
          { kind: 'reject' },
          { kind: 'refused' },
          { kind: 'outcome_unknown' },
        ),
        fc
          .constantFrom(...ORCHESTRATOR_PAYOUT_STATUSES)
          .map((s): StatusCause => ({ kind: 'reported', status: toPayoutStatus(s) })),
      );
      fc.assert(
        fc.property(fc.constantFrom(...PAYOUT_STATUSES), fc.array(cause), (start, causes) => {
          let status = start;
          for (const c of causes) {
            const next = decideTransition(status, c).to;
            if (isFinalStatus(status)) expect(next).toBe(status);
            status = next;
          }
        }),
      );
    });
  });
});
