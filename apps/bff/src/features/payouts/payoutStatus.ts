import {
  FINAL_PAYOUT_STATUSES,
  type OrchestratorPayoutStatus,
  type PayoutStatus,
} from '@payouts/contracts';

/**
 * The one mapping from orchestrator statuses to the app's own (product.md, "Statuses").
 * `init` means the orchestrator has the payout but not yet handed it to the PSP: pending.
 */
const FROM_ORCHESTRATOR: Record<OrchestratorPayoutStatus, PayoutStatus> = {
  init: 'pending',
  pending: 'pending',
  in_process: 'in_process',
  authorized: 'authorized',
  approved: 'approved',
  declined: 'declined',
};

export function toPayoutStatus(status: OrchestratorPayoutStatus): PayoutStatus {
  return FROM_ORCHESTRATOR[status];
}

export function isFinalStatus(status: PayoutStatus): boolean {
  return FINAL_PAYOUT_STATUSES.includes(status);
}

// How far along a payout is. Notifications arrive duplicated and out of order, and a create
// reply can land after a notification already moved the payout on: a status only moves forward.
const PROGRESS: Record<PayoutStatus, number> = {
  awaiting_approval: 0,
  submitting: 1,
  unknown: 1,
  pending: 2,
  in_process: 2,
  authorized: 3,
  approved: 4,
  declined: 4,
  failed: 4,
  rejected: 4,
};

/** The status after learning `incoming`: final statuses never change, others never go back. */
export function nextPayoutStatus(current: PayoutStatus, incoming: PayoutStatus): PayoutStatus {
  if (isFinalStatus(current)) return current;
  return PROGRESS[incoming] >= PROGRESS[current] ? incoming : current;
}
