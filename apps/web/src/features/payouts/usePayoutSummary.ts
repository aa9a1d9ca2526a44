import { can, type Role } from '@payouts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

/** How often the menu's badge asks again while the page stays open (and on focus). */
export const SUMMARY_POLL_MS = 30_000;

/**
 * Under `payoutQueryKeys.all` (`['payouts']`), so anything that changes a payout refreshes the
 * badge too. Spelled out here rather than imported: the shell must not pull in the list's chunk
 * (where `payoutQueryKeys` lives), or every route would download it.
 */
export const PAYOUT_SUMMARY_QUERY_KEY = ['payouts', 'summary'] as const;

/**
 * The counts behind the menu's "awaiting my approval" badge, for the roles that approve. Asked
 * again every 30 s, when the window regains focus and after any change to a payout.
 */
export function usePayoutSummary(role: Role | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: PAYOUT_SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => api.payouts.summary(signal),
    enabled: can(role, 'payouts:approve'),
    refetchInterval: SUMMARY_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
