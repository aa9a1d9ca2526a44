import type { PolicyDryRunBody, ProposePolicyBody } from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

export const APPROVAL_POLICIES_KEY = ['approval-policies'] as const;

export function useApprovalPolicies() {
  const api = useApi();
  return useQuery({
    queryKey: APPROVAL_POLICIES_KEY,
    queryFn: ({ signal }) => api.approvalPolicies.get(signal),
  });
}

export type PolicyDecision =
  { kind: 'approve'; id: string } | { kind: 'reject'; id: string; reason: string };

/**
 * Propose, approve or reject. Success or refusal (someone else decided first, a proposal
 * appeared meanwhile), the page reads the policies again.
 */
export function usePolicyMutations() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settle = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: APPROVAL_POLICIES_KEY });
  };
  const propose = useMutation({
    mutationFn: (body: ProposePolicyBody) => api.approvalPolicies.propose(body),
    onSettled: settle,
  });
  const decide = useMutation({
    mutationFn: (decision: PolicyDecision) =>
      decision.kind === 'approve'
        ? api.approvalPolicies.approve(decision.id)
        : api.approvalPolicies.reject(decision.id, decision.reason),
    onSettled: settle,
  });
  return { propose, decide };
}

export function useDryRun() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PolicyDryRunBody) => api.approvalPolicies.dryRun(body),
  });
}
