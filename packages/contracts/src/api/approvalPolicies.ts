import type { z } from 'zod';
import type { ApprovalPolicy } from '../approvalPolicy/index.js';
import type {
  activePolicy,
  approvalPolicies,
  policyDryRun,
  policyProposal,
} from '../endpoints/approvalPolicies.endpoints.js';
import type { PayoutMethodType } from '../types.js';

/**
 * Stored approval policies. One policy is active; an admin proposes a change, a
 * different admin approves it (then it becomes active) or rejects it; until then the active one
 * applies. Every version is kept. Types only, so the SPA can name them without bundling zod.
 *
 * Routes: `endpoints/approvalPolicies.routes.ts`.
 */

export const POLICY_PROPOSAL_STATUSES = ['pending', 'scheduled', 'approved', 'rejected'] as const;
export type PolicyProposalStatus = (typeof POLICY_PROPOSAL_STATUSES)[number];

export const POLICY_NOTE_MAX_LENGTH = 500;
export const POLICY_REASON_MAX_LENGTH = 500;

/** The policy in force, and since when. */
export type ActivePolicyDto = z.output<typeof activePolicy>;
export type PolicyProposalDto = z.output<typeof policyProposal>;
export type ApprovalPoliciesDto = z.output<typeof approvalPolicies>;

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

export type PolicyDryRunDto = z.output<typeof policyDryRun>;
