import type { OverviewQueryParams } from '@payouts/contracts';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { PAYOUT_SUMMARY_QUERY_KEY } from '../payouts/usePayoutSummary.js';
import type { OverviewPart, OverviewReplies } from './overviewApi.js';

/** Figures a minute old are fine on a dashboard; it asks again on focus. */
const OVERVIEW_STALE_MS = 60_000;

/** One overview figure for the page's range and filters (the previous answer shown meanwhile). */
export function useOverviewPart<K extends OverviewPart>(part: K, query: OverviewQueryParams) {
  const api = useApi();
  return useQuery<OverviewReplies[K], Error, OverviewReplies[K], QueryKey>({
    queryKey: ['overview', part, query],
    queryFn: ({ signal }) => api.overview(part, query, signal),
    placeholderData: keepPreviousData,
    staleTime: OVERVIEW_STALE_MS,
  });
}

/**
 * "Awaiting my approval" and "needs attention", shared with the menu's badge (same key), asked
 * for every role here: support sees what needs attention too (its approval count is 0).
 */
export function useOverviewPayoutSummary() {
  const api = useApi();
  return useQuery({
    queryKey: PAYOUT_SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => api.payouts.summary(signal),
  });
}
