import type {
  ApprovalPoliciesDto,
  PolicyDryRunBody,
  PolicyDryRunDto,
  PolicyProposalDto,
  ProposePolicyBody,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
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
  return {
    get: (signal) => callEndpoint(http, 'getApprovalPolicies', { signal }),
    propose: (body) => callEndpoint(http, 'proposePolicy', { body }),
    approve: (id) => callEndpoint(http, 'approvePolicy', { params: { id }, body: {} }),
    reject: (id, reason) =>
      callEndpoint(http, 'rejectPolicy', { params: { id }, body: { reason } }),
    dryRun: (body, signal) => callEndpoint(http, 'dryRunPolicy', { body, signal }),
  };
}
