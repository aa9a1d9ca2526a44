import type { ApprovalDecisionsBody } from '@payouts/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

export const approvalQueryKeys = {
  all: ['approvals'] as const,
  list: (cursor: string | undefined) => ['approvals', 'list', cursor ?? null] as const,
};

/** The payouts shown a page: the BFF's most. */
export const APPROVALS_PAGE_SIZE = 100;

/** One page of the inbox, oldest first. */
export function useApprovalInbox(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: approvalQueryKeys.list(cursor),
    queryFn: ({ signal }) =>
      api.approvals.list(
        cursor === undefined
          ? { limit: APPROVALS_PAGE_SIZE }
          : { cursor, limit: APPROVALS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Approves or rejects several payouts at once. Afterwards the inbox, its badge and every payout
 * view are read again: decided payouts leave the inbox, and the payouts' own pages change.
 */
export function useApprovalDecisions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalDecisionsBody) => api.approvals.decide(body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['payouts'] }),
      ]),
  });
}
