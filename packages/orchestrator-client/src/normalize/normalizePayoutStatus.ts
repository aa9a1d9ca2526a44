import type { OrchestratorPayoutStatus, ReportedPayoutStatus } from '@payouts/contracts';

// Keyed by the status with case, spaces, dashes and underscores removed: the orchestrator
// sends `"Pending"` from create, `"Approved"` in records and lower case in filters/callbacks.
const BY_COMPACT: Readonly<Record<string, OrchestratorPayoutStatus>> = {
  init: 'init',
  inprocess: 'in_process',
  pending: 'pending',
  authorized: 'authorized',
  authorised: 'authorized',
  approved: 'approved',
  declined: 'declined',
};

export function compactToken(raw: string): string {
  return raw.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * Maps any spelling of a payout status to ours, and any other status (BridgerPay's payment list
 * has ApprovedOnHold, Voided, Refunded, ...) to `unrecognized`, never to a guess: mapping it to
 * a "safe" value could show a final payout as pending (or the reverse). The caller keeps the raw
 * string beside it, and the BFF asks a person.
 */
export function normalizePayoutStatus(raw: string): ReportedPayoutStatus {
  return BY_COMPACT[compactToken(raw)] ?? 'unrecognized';
}
