import { can, type PayoutDto, type SessionUser } from '@payouts/contracts';

/**
 * Whether a payout's page offers settling it by hand (decision 040): an unknown payout the
 * orchestrator never named, or one marked failed, to someone who may resolve. The page loads the
 * controls only then: most payouts never need them.
 */
export function resolutionNeeded(payout: PayoutDto, user: SessionUser | null | undefined): boolean {
  if (!can(user?.role, 'payouts:resolve')) return false;
  const unknown = payout.status === 'unknown' && payout.orchestrator_id === null;
  const markedFailed = payout.status === 'failed' && Boolean(payout.mark_failed?.confirmed_by);
  return unknown || markedFailed;
}
