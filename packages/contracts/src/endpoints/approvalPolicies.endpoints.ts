import { z } from 'zod';
import { APPROVAL_CONDITION_NAMES } from '../approvalPolicy/approvalPolicy.js';
import {
  approvalPolicySchema,
  approvalRuleSchema,
} from '../approvalPolicy/approvalPolicySchema.js';
import { POLICY_PROPOSAL_STATUSES } from '../api/approvalPolicies.js';
import {
  policyDryRunBody,
  proposePolicyBody,
  rejectPolicyBody,
} from '../api/approvalPolicyBodies.js';
import { approvalPolicyRoutes as routes } from './approvalPolicies.routes.js';
import { emptyBody, instant, noQuery, payoutActor } from './common.js';
import { endpoint, json } from './endpoint.js';

const approvalPolicy = approvalPolicySchema.meta({ id: 'ApprovalPolicy' });
const approvalRule = approvalRuleSchema.meta({ id: 'ApprovalRule' });

export const policyProposal = z
  .strictObject({
    id: z.string(),
    status: z.enum(POLICY_PROPOSAL_STATUSES),
    /** The active version it was proposed against. */
    base_version: z.number().int(),
    policy: approvalPolicy,
    /** Against the policy active when it was proposed. */
    changes: z.array(
      z.strictObject({
        kind: z.enum(['added', 'removed', 'moved', 'changed']),
        rule_id: z.string(),
        field: z.string().optional(),
        message: z.string(),
      }),
    ),
    note: z.string().nullable(),
    proposed_by: payoutActor,
    proposed_at: instant,
    decided_by: payoutActor.nullable(),
    decided_at: instant.nullable(),
    /** Why it was rejected (or cancelled while scheduled); null otherwise. */
    reason: z.string().nullable(),
    /**
     * A weakening change approved: when it takes effect (or took effect); null for a change
     * that applied at once, and while pending.
     */
    effective_at: instant.nullable(),
    /** Why it was delayed: a payout it would let through with less approval, in words. */
    weakening: z.string().nullable(),
    /** Who cancelled it while it was scheduled (`status` is then `rejected`), and when. */
    cancelled_by: payoutActor.nullable(),
    cancelled_at: instant.nullable(),
  })
  .meta({ id: 'PolicyProposal' });

/** The policy in force, and since when. */
export const activePolicy = z.strictObject({
  /** 1 for the initial policy (from `APPROVAL_THRESHOLDS` or the demo), +1 per approved change. */
  version: z.number().int(),
  policy: approvalPolicy,
  /** Null for the initial policy (made at first start from configuration). */
  proposed_by: payoutActor.nullable(),
  approved_by: payoutActor.nullable(),
  active_since: instant,
});

export const approvalPolicies = z
  .strictObject({
    active: activePolicy,
    /** The one proposal awaiting a second admin, if any. */
    pending: policyProposal.nullable(),
    /** An approved weakening change waiting for its `effective_at`, which any admin may cancel. */
    scheduled: policyProposal.nullable(),
    /** Decided proposals, newest first (at most 20). */
    history: z.array(policyProposal),
  })
  .meta({ id: 'ApprovalPolicies' });

/** The rule the sample payout meets, and the rules before it that it did not, with why. */
export const policyDryRun = z
  .strictObject({
    index: z.number().int(),
    rule: approvalRule,
    skipped: z.array(
      z.strictObject({
        index: z.number().int(),
        rule_id: z.string(),
        name: z.string(),
        failed: z.array(
          z.strictObject({ condition: z.enum(APPROVAL_CONDITION_NAMES), message: z.string() }),
        ),
      }),
    ),
  })
  .meta({ id: 'PolicyDryRun' });

export const approvalPolicyEndpoints = {
  getApprovalPolicies: endpoint(routes.getApprovalPolicies, {
    summary: 'The policy in force, its pending change and history',
    tag: 'Approval policy',
    query: noQuery,
    reply: json(approvalPolicies),
  }),
  proposePolicy: endpoint(routes.proposePolicy, {
    summary: 'Propose a policy change (409 while another is pending)',
    tag: 'Approval policy',
    body: proposePolicyBody,
    reply: json(policyProposal, 201),
  }),
  approvePolicy: endpoint(routes.approvePolicy, {
    summary: 'Approve a proposed change (another admin; step-up)',
    tag: 'Approval policy',
    body: emptyBody,
    reply: json(policyProposal),
  }),
  rejectPolicy: endpoint(routes.rejectPolicy, {
    summary: 'Reject a proposed change, or cancel a scheduled one',
    tag: 'Approval policy',
    body: rejectPolicyBody,
    reply: json(policyProposal),
  }),
  dryRunPolicy: endpoint(routes.dryRunPolicy, {
    summary: 'Which rule a sample payout would meet, in a draft or the active policy',
    tag: 'Approval policy',
    body: policyDryRunBody,
    reply: json(policyDryRun),
  }),
};
