import { ORCHESTRATOR_PAYOUT_STATUSES, type PayoutStatus } from '@payouts/contracts';
import type { SandboxPayoutStatus } from '@payouts/orchestrator-sandbox';
import { toPayoutStatus } from '../features/payouts/payoutStatus.js';

/**
 * The ledger status a payout must reach for what the sandbox holds: the mapped status, or
 * `unrecognized` for one of the statuses outside the six (the `bridgerpay` profile's on hold and
 * voided).
 */
export function ledgerStatusOf(status: SandboxPayoutStatus): PayoutStatus {
  return (ORCHESTRATOR_PAYOUT_STATUSES as readonly string[]).includes(status)
    ? toPayoutStatus(status as (typeof ORCHESTRATOR_PAYOUT_STATUSES)[number])
    : 'unrecognized';
}
