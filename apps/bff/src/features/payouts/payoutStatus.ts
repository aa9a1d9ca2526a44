import { isFinalStatus, type ReportedPayoutStatus, type PayoutStatus } from '@payouts/contracts';

export { isFinalStatus } from '@payouts/contracts';

/**
 * The one mapping from orchestrator statuses to the app's own (product.md, "Statuses").
 * `init` means the orchestrator has the payout but not yet handed it to the PSP: pending. A
 * status we do not know is `unrecognized`: never final, shown raw, for a person (decision 039).
 */
const FROM_ORCHESTRATOR: Record<ReportedPayoutStatus, PayoutStatus> = {
  init: 'pending',
  pending: 'pending',
  in_process: 'in_process',
  authorized: 'authorized',
  approved: 'approved',
  declined: 'declined',
  unrecognized: 'unrecognized',
};

export function toPayoutStatus(status: ReportedPayoutStatus): PayoutStatus {
  return FROM_ORCHESTRATOR[status];
}

/**
 * Statuses the reconciler works on: sent (or maybe sent) and not final; the partial indexes of
 * open payouts name these. `unrecognized` is checked on the same backoff, and counted as
 * needing attention through its `attention_reason` (decision 039).
 */
export const RECONCILABLE_STATUSES: readonly PayoutStatus[] = [
  'submitting',
  'unknown',
  'pending',
  'in_process',
  'authorized',
];

// How far along a payout is. Notifications arrive duplicated and out of order, and a create
// reply can land after a notification already moved the payout on: a status only moves forward.
const PROGRESS: Record<PayoutStatus, number> = {
  awaiting_approval: 0,
  submitting: 1,
  unknown: 1,
  pending: 2,
  in_process: 2,
  authorized: 3,
  // Beside `authorized`: an on-hold or voided payout may still move to approved or declined, and
  // a late `pending` after it is recorded, not applied.
  unrecognized: 3,
  approved: 4,
  declined: 4,
  failed: 4,
  rejected: 4,
};

/** What happened to a payout, as far as its status is concerned. */
export type StatusCause =
  /** The orchestrator reported this (mapped) status: a create reply, a check or a lookup. */
  | { kind: 'reported'; status: PayoutStatus }
  /** A second person approved it: it is about to be sent. */
  | { kind: 'approve' }
  /** A second person rejected it, or its creator cancelled it. */
  | { kind: 'reject' }
  /** A create call timed out, was reset or got a 5xx: it may or may not exist there. */
  | { kind: 'outcome_unknown' }
  /** The orchestrator refused the create: nothing was made there. */
  | { kind: 'refused' };

export type Transition =
  | { outcome: 'changed'; to: PayoutStatus }
  | { outcome: 'unchanged'; to: PayoutStatus }
  /** Recorded in the timeline but not applied: it would move a payout back or out of final. */
  | { outcome: 'ignored'; to: PayoutStatus; reason: 'final' | 'backwards' }
  /** A user action that does not apply in this status (approve twice, reject after sending). */
  | { outcome: 'not_allowed'; to: PayoutStatus };

function to(current: PayoutStatus, next: PayoutStatus): Transition {
  return next === current
    ? { outcome: 'unchanged', to: current }
    : { outcome: 'changed', to: next };
}

/**
 * The one place that decides every status transition. Users move a payout out of
 * `awaiting_approval`; everything after comes from the orchestrator or from not hearing from it,
 * and only moves forward.
 */
export function decideTransition(current: PayoutStatus, cause: StatusCause): Transition {
  switch (cause.kind) {
    case 'approve':
      return current === 'awaiting_approval'
        ? to(current, 'submitting')
        : { outcome: 'not_allowed', to: current };
    case 'reject':
      return current === 'awaiting_approval'
        ? to(current, 'rejected')
        : { outcome: 'not_allowed', to: current };
    case 'refused':
      return current === 'submitting' || current === 'unknown'
        ? to(current, 'failed')
        : { outcome: 'not_allowed', to: current };
    case 'outcome_unknown':
      if (current === 'submitting' || current === 'unknown') return to(current, 'unknown');
      return isFinalStatus(current)
        ? { outcome: 'ignored', to: current, reason: 'final' }
        : { outcome: 'ignored', to: current, reason: 'backwards' };
    case 'reported': {
      // Never sent: nothing the orchestrator says can be about it.
      if (current === 'awaiting_approval') return { outcome: 'not_allowed', to: current };
      if (isFinalStatus(current)) {
        return cause.status === current
          ? { outcome: 'unchanged', to: current }
          : { outcome: 'ignored', to: current, reason: 'final' };
      }
      return PROGRESS[cause.status] >= PROGRESS[current]
        ? to(current, cause.status)
        : { outcome: 'ignored', to: current, reason: 'backwards' };
    }
  }
}
