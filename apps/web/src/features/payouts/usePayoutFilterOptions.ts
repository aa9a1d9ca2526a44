import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { payoutQueryKeys } from './payoutQueryKeys.js';

/** The PSPs and decline codes the filters offer: asked for when the filter panel opens. */
export function usePayoutFilterOptions(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: payoutQueryKeys.filterOptions,
    queryFn: ({ signal }) => api.payouts.filterOptions(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
