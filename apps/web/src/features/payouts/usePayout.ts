import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { isFinalStatus, STATUS_POLL_MS } from './isFinalStatus.js';
import { payoutQueryKeys } from './payoutQueryKeys.js';
import type { PayoutDetail } from './payoutsApi.js';

/** One payout and its history; polls while the payout can still change. */
export function usePayout(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: payoutQueryKeys.detail(id),
    queryFn: ({ signal }) => api.payouts.get(id, signal),
    refetchInterval: (q) => {
      const status = q.state.data?.payout.status;
      return status !== undefined && !isFinalStatus(status) ? STATUS_POLL_MS : false;
    },
  });
}

export function useCheckStatus(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.payouts.checkStatus(id),
    onSuccess: async (payout) => {
      queryClient.setQueryData<PayoutDetail>(payoutQueryKeys.detail(id), (current) =>
        current ? { ...current, payout } : current,
      );
      // The check added an event to the timeline, and the list shows the status too.
      await queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
    },
  });
}
