import { can, type Role } from '@payouts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

/** How often the menu's Approvals badge asks again while the page stays open (and on focus). */
export const APPROVAL_COUNT_POLL_MS = 30_000;

/**
 * Under `['approvals']`, which a decision invalidates. Spelled out here rather than shared with
 * the page: the shell imports this file, and must not pull in the page's chunk.
 */
export const APPROVAL_COUNT_QUERY_KEY = ['approvals', 'count'] as const;

/** Payouts the signed-in approver may decide on now: the menu's Approvals badge. */
export function useApprovalCount(role: Role | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: APPROVAL_COUNT_QUERY_KEY,
    queryFn: ({ signal }) => api.approvals.count(signal),
    enabled: can(role, 'payouts:approve'),
    refetchInterval: APPROVAL_COUNT_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
