import {
  DAY_MS,
  dryRun,
  type ApprovalPolicy,
  type PolicyDryRunBody,
  type PolicyDryRunDto,
  type ProposePolicyBody,
} from '@payouts/contracts';
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

/** The engine's dry run in the browser, as the BFF runs it (`now`: this moment). */
export function localDryRun(policy: ApprovalPolicy, body: PolicyDryRunBody): PolicyDryRunDto {
  const now = new Date();
  const days = body.payout.beneficiary_changed_days_ago;
  return dryRun(body.policy ?? policy, {
    amount: body.payout.amount,
    currency: body.payout.currency,
    payout_method_type: body.payout.payout_method_type,
    provider: body.payout.provider,
    country: body.payout.country,
    beneficiary:
      days === undefined
        ? null
        : { created_or_changed_at: new Date(now.getTime() - days * DAY_MS).toISOString() },
    in_batch: body.payout.in_batch ?? false,
    now,
  });
}

/**
 * Which rule a sample payout hits. The BFF's dry run is for admins (`approval-policies:manage`);
 * everyone else gets the same engine's answer computed here against the active policy.
 */
export function useDryRun({ server, active }: { server: boolean; active: ApprovalPolicy }) {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PolicyDryRunBody): Promise<PolicyDryRunDto> =>
      server
        ? api.approvalPolicies.dryRun(body)
        : Promise.resolve().then(() => localDryRun(active, body)),
  });
}
