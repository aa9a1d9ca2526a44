import { isFinalStatus, type PayoutDetail } from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { STATUS_POLL_MS } from './statusPoll.js';
import type { PayoutResolutionAction } from './payoutsApi.js';
import { payoutQueryKeys } from './payoutQueryKeys.js';

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

export type ApprovalAction =
  { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'cancel'; reason?: string };

/**
 * Approve, reject or cancel (four eyes). On success the detail shows the answer at once; on any
 * refusal (self approval, someone else was faster) the payout is read again, so the screen
 * shows what is true now next to the problem.
 */
export function usePayoutApproval(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ApprovalAction) => {
      switch (action.kind) {
        case 'approve':
          return api.payouts.approve(id);
        case 'reject':
          return api.payouts.reject(id, action.reason);
        case 'cancel':
          return api.payouts.cancel(id, action.reason);
      }
    },
    onSuccess: async (payout) => {
      queryClient.setQueryData<PayoutDetail>(payoutQueryKeys.detail(id), (current) =>
        current ? { ...current, payout } : current,
      );
      await queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
    },
  });
}

export type ResolutionStep =
  PayoutResolutionAction | { action: 'send_again'; order_id: string; idempotency_key: string };

/**
 * Settling an unknown payout by hand (found, mark failed under four eyes) or sending one marked
 * failed again. Like approvals: the answer shows at once, and a refusal reads the payout again.
 */
export function usePayoutResolution(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ResolutionStep) =>
      step.action === 'send_again'
        ? api.payouts.sendAgain(id, step.order_id, step.idempotency_key)
        : api.payouts.resolve(id, step),
    onSuccess: async (payout, step) => {
      if (step.action !== 'send_again') {
        queryClient.setQueryData<PayoutDetail>(payoutQueryKeys.detail(id), (current) =>
          current ? { ...current, payout } : current,
        );
      }
      await queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all });
    },
  });
}
