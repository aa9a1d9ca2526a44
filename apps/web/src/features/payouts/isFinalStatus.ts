import { FINAL_PAYOUT_STATUSES, type PayoutStatus } from '@payouts/contracts';

/** How often a screen showing a payout that may still change asks again. */
export const STATUS_POLL_MS = 5_000;

/** Final statuses never change again, so nothing showing only those needs to poll. */
export function isFinalStatus(status: PayoutStatus): boolean {
  return FINAL_PAYOUT_STATUSES.includes(status);
}
