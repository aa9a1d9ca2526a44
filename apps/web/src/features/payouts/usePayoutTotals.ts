import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { payoutQueryKeys } from './payoutQueryKeys.js';
import { toTotalsQuery, type PayoutListParams } from './payoutListParams.js';

/**
 * The count and per-currency sums of what the list's filters select (every page). Refreshed as
 * often as the list's page (`poll`), since a payout that changes status can leave a filter.
 */
export function usePayoutTotals(params: PayoutListParams, poll: number | false, enabled = true) {
  const api = useApi();
  const query = toTotalsQuery(params);
  return useQuery({
    queryKey: payoutQueryKeys.totals(query),
    queryFn: ({ signal }) => api.payouts.totals(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: poll,
    retry: false,
  });
}
