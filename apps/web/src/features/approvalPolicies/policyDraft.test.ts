// @vitest-environment node
import { DEMO_APPROVAL_POLICY } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkDrafts,
  draftFromRule,
  errorsByField,
  newRuleDraft,
  pointerTarget,
  policyFromDrafts,
  ruleIds,
  slugId,
} from './policyDraft.js';

describe('policyDraft', () => {
  it('gives back the policy it was made from', () => {
    const drafts = DEMO_APPROVAL_POLICY.rules.map(draftFromRule);
    expect(checkDrafts(drafts)).toEqual({ policy: DEMO_APPROVAL_POLICY, errors: [] });
  });

  it('makes ids from names, unique and within the pattern, and keeps existing ones', () => {
    expect(slugId('Above 10,000 EUR')).toBe('above-10-000-eur');
    expect(slugId('Crème brûlée!')).toBe('creme-brulee');
    expect(slugId('  ---  ')).toBe('rule');
    expect(slugId('x'.repeat(200))).toHaveLength(56);
    const drafts = [
      { ...newRuleDraft(), name: 'Default' },
      { ...newRuleDraft(), name: 'Default' },
      draftFromRule({
        id: 'default',
        name: 'Everything else',
        conditions: {},
        approvals: { count: 0, roles: [] },
      }),
    ];
    expect(ruleIds(drafts)).toEqual(['default-2', 'default-3', 'default']);
  });

  it('reports malformed fields at the pointers the BFF uses, and keeps them out of the policy', () => {
    const rule = {
      ...newRuleDraft(),
      name: ' ',
      currency: 'EUR',
      amountAbove: '10,000',
      corridors: 'BE/EUR, Belgium',
      beneficiaryDays: '0',
      providers: 'acme, acme, beta',
    };
    const { policy, errors } = policyFromDrafts([rule]);
    expect(errors.map((e) => e.pointer)).toEqual([
      '/rules/0/name',
      '/rules/0/conditions/amount_above',
      '/rules/0/conditions/corridors',
      '/rules/0/conditions/beneficiary_new_or_changed_within_days',
    ]);
    expect(policy.rules[0]?.conditions).toEqual({ currency: 'EUR', providers: ['acme', 'beta'] });
  });

  it('adds the engine’s errors: an amount in any currency needs no more, a catch-all before the default shadows it', () => {
    const drafts = [
      { ...newRuleDraft(), name: 'Anything', count: 2 as const, roles: [] },
      draftFromRule({
        id: 'default',
        name: 'Everything else',
        conditions: {},
        approvals: { count: 0, roles: [] },
      }),
    ];
    const { errors } = checkDrafts(drafts);
    expect(errors).toEqual([
      {
        pointer: '/rules/0/approvals/roles',
        message: 'Choose who may approve: finance, admin or both.',
      },
      {
        pointer: '/rules/1',
        message: 'This rule can never apply: rule 1 before it matches every payout.',
      },
    ]);
  });

  it('holds "part of a batch" as any, yes or no, and gives back the condition', () => {
    const rule = (in_batch?: boolean) => ({
      id: 'r',
      name: 'R',
      conditions:
        in_batch === undefined ? { providers: ['acme'] } : { providers: ['acme'], in_batch },
      approvals: { count: 1 as const, roles: ['admin' as const] },
    });
    const DEFAULT = {
      id: 'default',
      name: 'D',
      conditions: {},
      approvals: { count: 0 as const, roles: [] },
    };
    for (const [in_batch, choice] of [
      [true, 'yes'],
      [false, 'no'],
      [undefined, 'any'],
    ] as const) {
      const drafts = [draftFromRule(rule(in_batch)), draftFromRule(DEFAULT)];
      expect(drafts[0]?.inBatch).toBe(choice);
      expect(checkDrafts(drafts)).toEqual({
        policy: { rules: [rule(in_batch), DEFAULT] },
        errors: [],
      });
    }
    expect(newRuleDraft().inBatch).toBe('any');
    expect(pointerTarget('/policy/rules/0/conditions/in_batch')).toEqual({
      rule: 0,
      field: 'in_batch',
    });
  });

  it('places pointers on fields, the BFF’s /policy prefix included', () => {
    expect(pointerTarget('/rules/2/conditions/amount_up_to')).toEqual({
      rule: 2,
      field: 'amount_up_to',
    });
    expect(pointerTarget('/policy/rules/0/name')).toEqual({ rule: 0, field: 'name' });
    expect(pointerTarget('/policy/rules/1/conditions/corridors/0/country')).toEqual({
      rule: 1,
      field: 'corridors',
    });
    expect(pointerTarget('/rules/3')).toEqual({ rule: 3, field: 'rule' });
    expect(pointerTarget('/rules/3/conditions')).toEqual({ rule: 3, field: 'rule' });
    expect(pointerTarget('/rules/3/approvals/count')).toEqual({ rule: 3, field: 'count' });
    expect(pointerTarget('/note')).toBeUndefined();
    const shown = errorsByField([
      { pointer: '/rules/0/name', message: 'A.' },
      { pointer: '/rules/0/name', message: 'B.' },
      { pointer: '/rules', message: 'C.' },
    ]);
    expect(shown.at(0, 'name')).toBe('A. B.');
    expect(shown.at(1, 'name')).toBeUndefined();
    expect(shown.general).toEqual(['C.']);
  });
});
