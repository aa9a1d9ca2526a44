import type { ApprovalPolicy, DryRunResult, PolicyChange } from '../approvalPolicy/index.js';
import type { PayoutMethodType } from '../types.js';
import type { PayoutActor } from './payouts.js';

/**
 * Stored approval policies (issue 12). One policy is active; an admin proposes a change, a
 * different admin approves it (then it becomes active) or rejects it; until then the active one
 * applies. Every version is kept. Types only, so the SPA can name them without bundling zod.
 *
 * Routes (permission `approval-policies:read` for GET, `approval-policies:manage` for the rest):
 * - `GET  /api/approval-policies` -> `ApprovalPoliciesDto`
 * - `POST /api/approval-policies/proposals` body `ProposePolicyBody` -> 201 `PolicyProposalDto`
 *   (409 `conflict` while another proposal is pending; 422 `validation_failed` with pointers
 *   under `/policy/...` from `validatePolicy`)
 * - `POST /api/approval-policies/proposals/:id/approve` (an admin other than the proposer;
 *   403 `self_approval` for the proposer) -> `PolicyProposalDto`: status `approved`, or
 *   `scheduled` with `effective_at` when the change lets some payout through with less approval
 *   (`weakening` says which); it takes effect then, unless an admin cancels it first
 * - `POST /api/approval-policies/proposals/:id/reject` body `{ reason }` (any admin; the
 *   proposer withdraws their own this way; on a scheduled change, it cancels it) ->
 *   `PolicyProposalDto` (status `rejected`)
 * - `POST /api/approval-policies/dry-run` body `PolicyDryRunBody` -> `PolicyDryRunDto`
 */

export const POLICY_PROPOSAL_STATUSES = ['pending', 'scheduled', 'approved', 'rejected'] as const;
export type PolicyProposalStatus = (typeof POLICY_PROPOSAL_STATUSES)[number];

export const POLICY_NOTE_MAX_LENGTH = 500;
export const POLICY_REASON_MAX_LENGTH = 500;

/** The policy in force, and since when. */
export interface ActivePolicyDto {
  /** 1 for the initial policy (from `APPROVAL_THRESHOLDS` or the demo), +1 per approved change. */
  version: number;
  policy: ApprovalPolicy;
  /** Null for the initial policy (made at first start from configuration). */
  proposed_by: PayoutActor | null;
  approved_by: PayoutActor | null;
  active_since: string;
}

export interface PolicyProposalDto {
  id: string;
  status: PolicyProposalStatus;
  /** The active version it was proposed against. */
  base_version: number;
  policy: ApprovalPolicy;
  /** Against the policy active when it was proposed. */
  changes: PolicyChange[];
  note: string | null;
  proposed_by: PayoutActor;
  proposed_at: string;
  decided_by: PayoutActor | null;
  decided_at: string | null;
  /** Why it was rejected (or cancelled while scheduled); null otherwise. */
  reason: string | null;
  /**
   * A weakening change approved: when it takes effect (or took effect); null for a change that
   * applied at once, and while pending.
   */
  effective_at: string | null;
  /** Why it was delayed: a payout it would let through with less approval, in words. */
  weakening: string | null;
  /** Who cancelled it while it was scheduled (`status` is then `rejected`), and when. */
  cancelled_by: PayoutActor | null;
  cancelled_at: string | null;
}

export interface ApprovalPoliciesDto {
  active: ActivePolicyDto;
  /** The one proposal awaiting a second admin, if any. */
  pending: PolicyProposalDto | null;
  /** An approved weakening change waiting for its `effective_at`, which any admin may cancel. */
  scheduled: PolicyProposalDto | null;
  /** Decided proposals, newest first (at most 20). */
  history: PolicyProposalDto[];
}

export interface ProposePolicyBody {
  policy: ApprovalPolicy;
  note?: string;
}

/** A sample payout for the dry run. */
export interface PolicyDryRunPayout {
  amount: string;
  currency: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  /** Two-letter country code of the corridor. */
  country: string;
  /** Days since the saved beneficiary was created or its details changed; absent: no beneficiary. */
  beneficiary_changed_days_ago?: number;
  /** A row of a batch payout file; absent: false (a payout created on its own). */
  in_batch?: boolean;
}

export interface PolicyDryRunBody {
  /** The policy to try (an edited draft); absent: the active policy. */
  policy?: ApprovalPolicy;
  payout: PolicyDryRunPayout;
}

export type PolicyDryRunDto = DryRunResult;
