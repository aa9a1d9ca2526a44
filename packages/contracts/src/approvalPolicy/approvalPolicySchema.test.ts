import { describe, expect, it } from 'vitest';
import { approvalPolicySchema } from './approvalPolicySchema.js';
import { DEMO_APPROVAL_POLICY, policyFromThresholds } from './policyFromThresholds.js';

const ok = {
  id: 'big-eur',
  name: 'Big EUR',
  conditions: { currency: 'EUR', amount_above: '10000' },
  approvals: { count: 1, roles: ['finance'] },
};
const catchAll = {
  id: 'default',
  name: 'Default',
  conditions: {},
  approvals: { count: 0, roles: [] },
};

/** The issues of a body with `rule` before the default, as pointer -> message. */
function issuesWith(rule: unknown): Record<string, string> {
  const result = approvalPolicySchema.safeParse({ rules: [rule, catchAll] });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [`/${i.path.join('/')}`, i.message]));
}

describe('approvalPolicySchema', () => {
  it('parses the demo and a thresholds policy as they are', () => {
    expect(approvalPolicySchema.parse(DEMO_APPROVAL_POLICY)).toEqual(DEMO_APPROVAL_POLICY);
    const t = policyFromThresholds({ byCurrency: { EUR: '10000' }, default: '5000' });
    expect(approvalPolicySchema.parse(t)).toEqual(t);
  });

  it('parses every condition kind', () => {
    const all = {
      ...ok,
      conditions: {
        currency: '*',
        amount_above: '0.00000001',
        amount_up_to: '999999999999999.999999999999999999',
        payout_method_types: ['crypto', 'bank_account'],
        providers: ['acme'],
        corridors: [{ country: 'DE', currency: 'EUR' }],
        beneficiary_new_or_changed_within_days: 30,
        in_batch: true,
      },
      approvals: { count: 3, roles: ['finance', 'admin'] },
    };
    expect(issuesWith(all)).toEqual({});
  });

  it('parses in_batch false as set, not as absent', () => {
    const body = approvalPolicySchema.parse({
      rules: [{ ...ok, conditions: { in_batch: false } }, catchAll],
    });
    expect(body.rules[0]?.conditions).toEqual({ in_batch: false });
  });

  it('trims names', () => {
    const body = approvalPolicySchema.parse({ rules: [{ ...catchAll, name: '  Default  ' }] });
    expect(body.rules[0]?.name).toBe('Default');
  });

  it.each<[string, unknown, string]>([
    ['an unknown rule key', { ...ok, extra: 1 }, '/rules/0'],
    ['an unknown condition', { ...ok, conditions: { colour: 'red' } }, '/rules/0/conditions'],
    [
      'a number amount',
      { ...ok, conditions: { currency: 'EUR', amount_above: 10000 } },
      '/rules/0/conditions/amount_above',
    ],
    [
      'an exponent',
      { ...ok, conditions: { currency: 'EUR', amount_up_to: '1e5' } },
      '/rules/0/conditions/amount_up_to',
    ],
    [
      'a negative amount',
      { ...ok, conditions: { currency: 'EUR', amount_above: '-1' } },
      '/rules/0/conditions/amount_above',
    ],
    [
      'a huge amount',
      { ...ok, conditions: { currency: 'EUR', amount_above: '1'.repeat(35) } },
      '/rules/0/conditions/amount_above',
    ],
    [
      'a lower-case currency',
      { ...ok, conditions: { currency: 'eur' } },
      '/rules/0/conditions/currency',
    ],
    [
      'a bad corridor country',
      { ...ok, conditions: { corridors: [{ country: 'DEU', currency: 'EUR' }] } },
      '/rules/0/conditions/corridors/0/country',
    ],
    ['an empty list', { ...ok, conditions: { providers: [] } }, '/rules/0/conditions/providers'],
    [
      'a repeated type',
      { ...ok, conditions: { payout_method_types: ['crypto', 'crypto'] } },
      '/rules/0/conditions/payout_method_types/1',
    ],
    [
      'an unknown type',
      { ...ok, conditions: { payout_method_types: ['cash'] } },
      '/rules/0/conditions/payout_method_types/0',
    ],
    [
      '0 days',
      { ...ok, conditions: { beneficiary_new_or_changed_within_days: 0 } },
      '/rules/0/conditions/beneficiary_new_or_changed_within_days',
    ],
    [
      'half days',
      { ...ok, conditions: { beneficiary_new_or_changed_within_days: 1.5 } },
      '/rules/0/conditions/beneficiary_new_or_changed_within_days',
    ],
    [
      'in_batch as a string',
      { ...ok, conditions: { in_batch: 'true' } },
      '/rules/0/conditions/in_batch',
    ],
    [
      'in_batch as a number',
      { ...ok, conditions: { in_batch: 1 } },
      '/rules/0/conditions/in_batch',
    ],
    ['in_batch as null', { ...ok, conditions: { in_batch: null } }, '/rules/0/conditions/in_batch'],
    [
      '4 approvers',
      { ...ok, approvals: { count: 4, roles: ['admin'] } },
      '/rules/0/approvals/count',
    ],
    [
      '"1" approver',
      { ...ok, approvals: { count: '1', roles: ['admin'] } },
      '/rules/0/approvals/count',
    ],
    [
      'support approving',
      { ...ok, approvals: { count: 1, roles: ['support'] } },
      '/rules/0/approvals/roles/0',
    ],
    [
      'a repeated role',
      { ...ok, approvals: { count: 1, roles: ['admin', 'admin'] } },
      '/rules/0/approvals/roles/1',
    ],
    ['an empty name', { ...ok, name: '   ' }, '/rules/0/name'],
    ['a long name', { ...ok, name: 'x'.repeat(101) }, '/rules/0/name'],
    ['a bad id', { ...ok, id: 'a b' }, '/rules/0/id'],
  ])('refuses %s', (_, rule, pointer) => {
    expect(Object.keys(issuesWith(rule))).toEqual([pointer]);
  });

  it('refuses a repeated rule id at the second one', () => {
    const result = approvalPolicySchema.safeParse({
      rules: [ok, { ...ok, name: 'Again' }, catchAll],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([['rules', 1, 'id']]);
  });

  it('refuses no rules and more than 100', () => {
    expect(approvalPolicySchema.safeParse({ rules: [] }).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => ({ ...ok, id: `r${i}` }));
    expect(approvalPolicySchema.safeParse({ rules: many }).success).toBe(false);
    expect(approvalPolicySchema.safeParse({ rules: many.slice(1) }).success).toBe(true);
    expect(approvalPolicySchema.safeParse({ rules: [catchAll], extra: true }).success).toBe(false);
  });
});
