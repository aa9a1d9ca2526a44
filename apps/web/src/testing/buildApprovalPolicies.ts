import {
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

const ANY_APPROVER = ['finance', 'admin'] as const;
const crypto = (currency: string, above: string) => ({
  id: `crypto-${currency.toLowerCase()}`,
  name: `${currency} above ${above}`,
  conditions: { currency, amount_above: above },
  approvals: { count: 1 as const, roles: [...ANY_APPROVER] },
});

/**
 * The pages' sample policy, six rules: crypto per coin, any currency above 100,000 two
 * approvers, above 10,000 one, else none. Fixed here, so that the demo's policy can change
 * without the page tests changing with it.
 */
export const SAMPLE_POLICY: ApprovalPolicy = {
  rules: [
    crypto('BTC', '0.5'),
    crypto('ETH', '5'),
    crypto('USDT', '10000'),
    {
      id: 'above-100000',
      name: 'Above 100,000',
      conditions: { currency: '*', amount_above: '100000' },
      approvals: { count: 2, roles: [...ANY_APPROVER] },
    },
    {
      id: 'above-10000',
      name: 'Above 10,000',
      conditions: { currency: '*', amount_above: '10000' },
      approvals: { count: 1, roles: [...ANY_APPROVER] },
    },
    {
      id: 'default',
      name: 'Everything else',
      conditions: {},
      approvals: { count: 0, roles: [] },
    },
  ],
};

/** The sample policy with the one-approver threshold at 20,000 instead of 10,000. */
export function raisedThresholdPolicy(): ApprovalPolicy {
  return {
    rules: SAMPLE_POLICY.rules.map((rule) =>
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

/** A proposal against the sample policy (version 1); pending unless `overrides` say otherwise. */
export function buildPolicyProposal(overrides: Partial<PolicyProposalDto> = {}): PolicyProposalDto {
  const policy = overrides.policy ?? raisedThresholdPolicy();
  return {
    id: 'pp_1',
    status: 'pending',
    base_version: 1,
    policy,
    changes: describePolicyDiff(SAMPLE_POLICY, policy),
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

/** The sample policy as version 1 from configuration, nothing pending, no history. */
export function buildApprovalPolicies(
  overrides: Partial<ApprovalPoliciesDto> = {},
): ApprovalPoliciesDto {
  return {
    active: {
      version: 1,
      policy: SAMPLE_POLICY,
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
