import { isFinalStatus, type PayoutPage } from '@payouts/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { STATUS_POLL_MS } from './statusPoll.js';
import { payoutQueryKeys } from './payoutQueryKeys.js';
import { toApiQuery, type PayoutListParams } from './payoutListParams.js';

export const PAGE_SIZE = 25;

/** Poll while any row on the page can still change; a page of final payouts stays still. */
export function listPollInterval(page: PayoutPage | undefined): number | false {
  return page?.items.some((payout) => !isFinalStatus(payout.status)) ? STATUS_POLL_MS : false;
}

/**
 * One page of payouts. While any row on it can still change, the page refreshes itself, so a
 * pending payout turns approved without a reload.
 */
export function usePayouts(params: PayoutListParams, cursor: string | undefined, enabled = true) {
  const api = useApi();
  const query = toApiQuery(params, { cursor, limit: PAGE_SIZE });
  return useQuery({
    queryKey: payoutQueryKeys.list(query),
    queryFn: ({ signal }) => api.payouts.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (q) => listPollInterval(q.state.data),
  });
}
