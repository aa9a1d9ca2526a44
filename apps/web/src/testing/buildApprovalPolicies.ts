import {
  DEMO_APPROVAL_POLICY,
  describePolicyDiff,
  type ApprovalPoliciesDto,
  type ApprovalPolicy,
  type PayoutActor,
  type PolicyProposalDto,
} from '@payouts/contracts';

/** A second admin, so that one admin proposes and another decides. */
export const OTHER_ADMIN: PayoutActor = {
  id: 'u_4',
  email: 'alan@example.com',
  name: 'Alan Admin',
};

/** The demo policy with the one-approver threshold at 20,000 instead of 10,000. */
export function raisedThresholdPolicy(): ApprovalPolicy {
  return {
    rules: DEMO_APPROVAL_POLICY.rules.map((rule) =>
      rule.id === 'above-10000'
        ? {
            ...rule,
            name: 'Above 20,000',
            conditions: { ...rule.conditions, amount_above: '20000' },
          }
        : rule,
    ),
  };
}

/** A proposal against the demo policy (version 1); pending unless `overrides` say otherwise. */
export function buildPolicyProposal(overrides: Partial<PolicyProposalDto> = {}): PolicyProposalDto {
  const policy = overrides.policy ?? raisedThresholdPolicy();
  return {
    id: 'pp_1',
    status: 'pending',
    base_version: 1,
    policy,
    changes: describePolicyDiff(DEMO_APPROVAL_POLICY, policy),
    note: 'Fewer approvals for mid-sized payouts.',
    proposed_by: OTHER_ADMIN,
    proposed_at: '2026-11-24T09:30:00.000Z',
    decided_by: null,
    decided_at: null,
    reason: null,
    effective_at: null,
    weakening: null,
    cancelled_by: null,
    cancelled_at: null,
    ...overrides,
  };
}

/** The demo policy as version 1 from configuration, nothing pending, no history. */
export function buildApprovalPolicies(
  overrides: Partial<ApprovalPoliciesDto> = {},
): ApprovalPoliciesDto {
  return {
    active: {
      version: 1,
      policy: DEMO_APPROVAL_POLICY,
      proposed_by: null,
      approved_by: null,
      active_since: '2026-11-20T08:00:00.000Z',
    },
    pending: null,
    scheduled: null,
    history: [],
    ...overrides,
  };
}
