/** How often a screen showing a payout that may still change (not `isFinalStatus`) asks again. */
export const STATUS_POLL_MS = 5_000;
