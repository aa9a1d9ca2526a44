import type { OrchestratorPayoutStatus } from '@payouts/contracts';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';

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
 * Maps any spelling of a payout status to `OrchestratorPayoutStatus`. An unknown status is a
 * protocol error rather than a guess: mapping it to a "safe" value could show a final payout
 * as pending (or the reverse); the raw string stays visible in the error message.
 */
export function normalizePayoutStatus(raw: string): OrchestratorPayoutStatus {
  const status = BY_COMPACT[compactToken(raw)];
  if (status === undefined) {
    throw new ReplyShapeError(`unknown payout status '${raw.slice(0, 40)}'`);
  }
  return status;
}
