import { describe, expect, it } from 'vitest';
import type { ApprovalPolicy, ApprovalRule } from './approvalPolicy.js';
import { describePolicyDiff, describeRule } from './describePolicyDiff.js';
import { DEMO_APPROVAL_POLICY } from './policyFromThresholds.js';

const a: ApprovalRule = {
  id: 'a',
  name: 'Big EUR',
  conditions: { currency: 'EUR', amount_above: '10000' },
  approvals: { count: 1, roles: ['finance', 'admin'] },
};
const b: ApprovalRule = {
  id: 'b',
  name: 'New payees',
  conditions: { beneficiary_new_or_changed_within_days: 7, providers: ['acme', 'zeta'] },
  approvals: { count: 2, roles: ['admin'] },
};
const c: ApprovalRule = {
  id: 'c',
  name: 'Crypto',
  conditions: { payout_method_types: ['crypto'] },
  approvals: { count: 1, roles: ['admin'] },
};
const d: ApprovalRule = {
  id: 'd',
  name: 'Default',
  conditions: {},
  approvals: { count: 0, roles: [] },
};

const messages = (before: ApprovalRule[], after: ApprovalRule[]) =>
  describePolicyDiff({ rules: before }, { rules: after }).map((ch) => ch.message);

describe('describeRule', () => {
  it('says conditions and approvers in words', () => {
    expect(describeRule(a)).toBe('EUR, above 10000 EUR: 1 approver (Finance or Admin)');
    expect(describeRule(b)).toBe(
      'PSP acme or zeta, beneficiary new or changed in the last 7 days: 2 approvers (Admin)',
    );
    expect(describeRule(d)).toBe('every payout: no approval');
    expect(DEMO_APPROVAL_POLICY.rules.map(describeRule)).toContain(
      'above 100000 (any currency): 2 approvers (Finance or Admin)',
    );
  });
});

describe('describeRule and in_batch', () => {
  it('says part of a batch, or not part of a batch', () => {
    const batch = { ...a, conditions: { ...a.conditions, in_batch: true } };
    expect(describeRule(batch)).toBe(
      'EUR, above 10000 EUR, part of a batch: 1 approver (Finance or Admin)',
    );
    expect(describeRule({ ...c, conditions: { in_batch: false } })).toBe(
      'not part of a batch: 1 approver (Admin)',
    );
  });

  it('reports the condition added, flipped and removed', () => {
    const single = { ...c, conditions: { ...c.conditions, in_batch: false } };
    const batch = { ...c, conditions: { ...c.conditions, in_batch: true } };
    expect(messages([c, d], [batch, d])).toEqual([
      'Rule "Crypto": now only for payouts part of a batch.',
    ]);
    expect(messages([batch, d], [single, d])).toEqual([
      'Rule "Crypto": changed from payouts part of a batch to payouts not part of a batch.',
    ]);
    expect(messages([single, d], [c, d])).toEqual([
      'Rule "Crypto": no longer only for payouts not part of a batch.',
    ]);
    expect(describePolicyDiff({ rules: [c, d] }, { rules: [batch, d] })[0]?.field).toBe(
      'conditions.in_batch',
    );
  });
});

describe('describePolicyDiff', () => {
  it('is empty for the same policy, and for lists reordered or amounts rewritten', () => {
    expect(describePolicyDiff(DEMO_APPROVAL_POLICY, structuredClone(DEMO_APPROVAL_POLICY))).toEqual(
      [],
    );
    const same: ApprovalRule = {
      ...b,
      conditions: { ...b.conditions, providers: ['zeta', 'acme'] },
      approvals: { count: 2, roles: ['admin'] },
    };
    const sameAmount = { ...a, conditions: { currency: 'EUR', amount_above: '10000.00' } };
    expect(messages([a, b, d], [sameAmount, same, d])).toEqual([]);
  });

  it('reports added and removed rules with their position and meaning', () => {
    expect(describePolicyDiff({ rules: [a, d] }, { rules: [c, d] })).toEqual([
      {
        kind: 'removed',
        rule_id: 'a',
        message:
          'Rule "Big EUR" removed (was rule 1: EUR, above 10000 EUR: 1 approver (Finance or Admin)).',
      },
      {
        kind: 'added',
        rule_id: 'c',
        message: 'Rule "Crypto" added as rule 1: type Crypto wallet: 1 approver (Admin).',
      },
    ]);
  });

  it('reports only the rule that moved, not the ones it jumped over', () => {
    expect(describePolicyDiff({ rules: [a, b, c, d] }, { rules: [c, a, b, d] })).toEqual([
      { kind: 'moved', rule_id: 'c', message: 'Rule "Crypto" moved from position 3 to 1.' },
    ]);
  });

  it('does not call a shift by an added rule a move', () => {
    expect(messages([a, d], [c, a, d])).toEqual([
      'Rule "Crypto" added as rule 1: type Crypto wallet: 1 approver (Admin).',
    ]);
  });

  it('reports each changed field', () => {
    const changed: ApprovalRule = {
      id: 'a',
      name: 'Large EUR',
      conditions: {
        currency: 'EUR',
        amount_above: '20000',
        corridors: [{ country: 'DE', currency: 'EUR' }],
      },
      approvals: { count: 2, roles: ['admin'] },
    };
    expect(describePolicyDiff({ rules: [a, d] }, { rules: [changed, d] })).toEqual([
      {
        kind: 'changed',
        rule_id: 'a',
        field: 'name',
        message: 'Rule "Big EUR" renamed to "Large EUR".',
      },
      {
        kind: 'changed',
        rule_id: 'a',
        field: 'conditions.amount_above',
        message: 'Rule "Large EUR": amount above changed from 10000 to 20000.',
      },
      {
        kind: 'changed',
        rule_id: 'a',
        field: 'conditions.corridors',
        message: 'Rule "Large EUR": corridor DE EUR added.',
      },
      {
        kind: 'changed',
        rule_id: 'a',
        field: 'approvals.count',
        message: 'Rule "Large EUR": approvers changed from 1 to 2.',
      },
      {
        kind: 'changed',
        rule_id: 'a',
        field: 'approvals.roles',
        message: 'Rule "Large EUR": who may approve changed from Finance or Admin to Admin.',
      },
    ]);
    const fewer = { ...b, conditions: { providers: ['acme'] } };
    expect(messages([b, d], [fewer, d])).toEqual([
      'Rule "New payees": PSP changed from acme or zeta to acme.',
      'Rule "New payees": new or changed beneficiary 7 days removed.',
    ]);
  });

  it('reports the policy an admin proposes in the issue', () => {
    const proposed: ApprovalPolicy = {
      rules: [
        {
          id: 'eur-50000',
          name: 'EUR above 50,000',
          conditions: { currency: 'EUR', amount_above: '50000' },
          approvals: { count: 2, roles: ['finance', 'admin'] },
        },
        ...DEMO_APPROVAL_POLICY.rules,
      ],
    };
    expect(describePolicyDiff(DEMO_APPROVAL_POLICY, proposed).map((ch) => ch.kind)).toEqual([
      'added',
    ]);
  });
});
