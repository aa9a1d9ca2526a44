import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

export const PAYOUT_VIEWS_KEY = ['payout-views'] as const;

/** The viewer's saved views and the shared ones, with the viewer's default. */
export function usePayoutViews() {
  const api = useApi();
  return useQuery({
    queryKey: PAYOUT_VIEWS_KEY,
    queryFn: ({ signal }) => api.payoutViews.list(signal),
    staleTime: 60_000,
    // The list waits for it on a plain /payouts: fail fast and show the list without a view.
    retry: false,
  });
}
