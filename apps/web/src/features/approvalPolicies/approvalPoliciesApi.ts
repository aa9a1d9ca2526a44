import type {
  ApprovalPoliciesDto,
  PolicyDryRunBody,
  PolicyDryRunDto,
  PolicyProposalDto,
  ProposePolicyBody,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface ApprovalPoliciesApi {
  /** The active policy, the pending proposal (if any) and the decided ones, newest first. */
  get(signal?: AbortSignal): Promise<ApprovalPoliciesDto>;
  /** 409 `conflict` while another proposal is pending; 422 with pointers under `/policy/...`. */
  propose(body: ProposePolicyBody): Promise<PolicyProposalDto>;
  /** An admin other than the proposer (403 `self_approval` for the proposer). */
  approve(id: string): Promise<PolicyProposalDto>;
  /** Any admin; the proposer withdraws their own proposal this way. */
  reject(id: string, reason: string): Promise<PolicyProposalDto>;
  /** Which rule a sample payout hits, in `body.policy` (a draft) or the active policy. */
  dryRun(body: PolicyDryRunBody, signal?: AbortSignal): Promise<PolicyDryRunDto>;
}

export function createApprovalPoliciesApi(http: HttpClient): ApprovalPoliciesApi {
  const proposal = (id: string, action: 'approve' | 'reject'): string =>
    `/approval-policies/proposals/${encodeURIComponent(id)}/${action}`;
  return {
    get(signal) {
      return http.request<ApprovalPoliciesDto>({
        method: 'GET',
        path: '/approval-policies',
        signal,
      });
    },
    propose(body) {
      return http.request<PolicyProposalDto>({
        method: 'POST',
        path: '/approval-policies/proposals',
        body,
      });
    },
    approve(id) {
      return http.request<PolicyProposalDto>({
        method: 'POST',
        path: proposal(id, 'approve'),
        body: {},
      });
    },
    reject(id, reason) {
      return http.request<PolicyProposalDto>({
        method: 'POST',
        path: proposal(id, 'reject'),
        body: { reason },
      });
    },
    dryRun(body, signal) {
      return http.request<PolicyDryRunDto>({
        method: 'POST',
        path: '/approval-policies/dry-run',
        body,
        signal,
      });
    },
  };
}
