import { describe, expect, it } from 'vitest';
import type { ApprovalConditions, ApprovalPolicy, ApprovalRule } from './approvalPolicy.js';
import { DEMO_APPROVAL_POLICY, policyFromThresholds } from './policyFromThresholds.js';
import { conditionsCover, validatePolicy } from './validatePolicy.js';

function rule(id: string, conditions: ApprovalConditions, count: 0 | 1 | 2 | 3 = 1): ApprovalRule {
  return {
    id,
    name: `Rule ${id}`,
    conditions,
    approvals: { count, roles: count === 0 ? [] : ['finance'] },
  };
}
const DEFAULT = rule('default', {}, 0);

function errorsOf(policy: ApprovalPolicy) {
  const result = validatePolicy(policy);
  return result.ok ? [] : result.errors;
}

describe('validatePolicy', () => {
  it('accepts the demo policy, a thresholds policy and a lone default', () => {
    expect(validatePolicy(DEMO_APPROVAL_POLICY)).toEqual({ ok: true });
    expect(
      validatePolicy(
        policyFromThresholds({ byCurrency: { EUR: '10000', BTC: '0.5' }, default: '5000' }),
      ),
    ).toEqual({ ok: true });
    expect(validatePolicy({ rules: [DEFAULT] })).toEqual({ ok: true });
  });

  it('allows overlapping ranges in the same currency: order decides', () => {
    const policy = {
      rules: [
        rule('a', { currency: 'EUR', amount_above: '100', amount_up_to: '1000' }, 2),
        rule('b', { currency: 'EUR', amount_above: '500', amount_up_to: '5000' }),
        DEFAULT,
      ],
    };
    expect(validatePolicy(policy)).toEqual({ ok: true });
  });

  it('takes the same amounts for batch rows, then for every payout; refuses the reverse', () => {
    const batch = rule('batch', { currency: 'EUR', amount_above: '1000', in_batch: true }, 2);
    const any = rule('any', { currency: 'EUR', amount_above: '1000' });
    expect(validatePolicy({ rules: [batch, any, DEFAULT] })).toEqual({ ok: true });
    expect(errorsOf({ rules: [any, batch, DEFAULT] }).map((e) => e.pointer)).toEqual(['/rules/1']);
    const single = rule('single', { in_batch: false }, 0);
    expect(validatePolicy({ rules: [single, batch, DEFAULT] })).toEqual({ ok: true });
    expect(errorsOf({ rules: [batch, single] }).map((e) => e.pointer)).toEqual([
      '/rules/1/conditions',
    ]);
  });

  it('refuses an empty policy', () => {
    expect(errorsOf({ rules: [] })).toEqual([
      { pointer: '/rules', message: 'A policy needs at least its default rule.' },
    ]);
  });

  it('refuses amount_above >= amount_up_to, at the field', () => {
    for (const [above, upTo] of [
      ['100', '100.00'],
      ['100.01', '100'],
    ]) {
      expect(
        errorsOf({
          rules: [rule('r', { currency: 'EUR', amount_above: above, amount_up_to: upTo }), DEFAULT],
        }),
      ).toEqual([
        {
          pointer: '/rules/0/conditions/amount_up_to',
          message: `No amount is above ${above} and up to ${upTo}: make "up to" more than "above".`,
        },
      ]);
    }
  });

  it('refuses amounts without a currency, and * without an amount', () => {
    expect(
      errorsOf({ rules: [rule('r', { amount_above: '1', amount_up_to: '5' }), DEFAULT] }),
    ).toEqual([
      {
        pointer: '/rules/0/conditions/amount_above',
        message: "Say which currency this amount is in (or * for the payout's own currency).",
      },
      {
        pointer: '/rules/0/conditions/amount_up_to',
        message: "Say which currency this amount is in (or * for the payout's own currency).",
      },
    ]);
    expect(errorsOf({ rules: [rule('r', { currency: '*' }), DEFAULT] })).toEqual([
      {
        pointer: '/rules/0/conditions/currency',
        message:
          '* (any currency) goes with an amount; leave the currency out to match every currency.',
      },
      // Which makes it a catch-all in effect.
      {
        pointer: '/rules/1',
        message: 'This rule can never apply: rule 1 before it matches every payout.',
      },
    ]);
  });

  it('refuses more decimals than the currency has, but not trailing zeros', () => {
    expect(
      errorsOf({ rules: [rule('r', { currency: 'EUR', amount_above: '10.001' }), DEFAULT] }),
    ).toEqual([
      {
        pointer: '/rules/0/conditions/amount_above',
        message: 'EUR amounts have at most 2 decimals.',
      },
    ]);
    expect(
      errorsOf({ rules: [rule('r', { currency: 'JPY', amount_up_to: '10.5' }), DEFAULT] }),
    ).toEqual([
      { pointer: '/rules/0/conditions/amount_up_to', message: 'JPY amounts have no decimals.' },
    ]);
    expect(
      errorsOf({ rules: [rule('r', { currency: 'EUR', amount_above: '10.000' }), DEFAULT] }),
    ).toEqual([]);
    expect(
      errorsOf({ rules: [rule('r', { currency: 'BTC', amount_above: '0.00000001' }), DEFAULT] }),
    ).toEqual([]);
  });

  it('refuses unknown codes and corridors outside the rule currency', () => {
    expect(
      errorsOf({
        rules: [
          rule('r', {
            currency: 'EUR',
            corridors: [
              { country: 'ZZ', currency: 'EUR' },
              { country: 'US', currency: 'USD' },
              { country: 'FR', currency: 'QQQ' },
            ],
          }),
          rule('s', { currency: 'XYZ' }),
          DEFAULT,
        ],
      }),
    ).toEqual([
      { pointer: '/rules/0/conditions/corridors/0/country', message: 'Unknown country "ZZ".' },
      {
        pointer: '/rules/0/conditions/corridors/1/currency',
        message: 'This corridor is in USD but the rule is for EUR payouts: it can never match.',
      },
      { pointer: '/rules/0/conditions/corridors/2/currency', message: 'Unknown currency "QQQ".' },
      { pointer: '/rules/1/conditions/currency', message: 'Unknown currency "XYZ".' },
    ]);
  });

  it('refuses approvers without roles; 0 approvers need none', () => {
    const noRoles: ApprovalRule = {
      ...rule('r', { currency: 'EUR' }),
      approvals: { count: 2, roles: [] },
    };
    expect(errorsOf({ rules: [noRoles, DEFAULT] })).toEqual([
      {
        pointer: '/rules/0/approvals/roles',
        message: 'Choose who may approve: finance, admin or both.',
      },
    ]);
  });

  it('refuses a repeated rule id', () => {
    expect(
      errorsOf({
        rules: [rule('x', { currency: 'EUR' }), rule('x', { currency: 'USD' }), DEFAULT],
      }),
    ).toEqual([
      { pointer: '/rules/1/id', message: 'Rule 1 has the same id; each rule needs its own.' },
    ]);
  });

  it('refuses a last rule with conditions', () => {
    expect(
      errorsOf({ rules: [rule('a', { currency: 'EUR' }), rule('b', { currency: 'USD' })] }),
    ).toEqual([
      {
        pointer: '/rules/1/conditions',
        message:
          'The last rule is the default for every other payout: remove its conditions, or add a rule without conditions after it.',
      },
    ]);
  });

  it('refuses every rule after a catch-all as unreachable', () => {
    expect(
      errorsOf({
        rules: [rule('a', { currency: 'EUR' }), DEFAULT, rule('b', { currency: 'USD' }), DEFAULT],
      }),
    ).toEqual(
      expect.arrayContaining([
        {
          pointer: '/rules/2',
          message: 'This rule can never apply: rule 2 before it matches every payout.',
        },
        {
          pointer: '/rules/3',
          message: 'This rule can never apply: rule 2 before it matches every payout.',
        },
        { pointer: '/rules/3/id', message: 'Rule 2 has the same id; each rule needs its own.' },
      ]),
    );
  });

  it('refuses a rule shadowed by an earlier one with the same or broader conditions', () => {
    const errors = errorsOf({
      rules: [
        rule('ten', { currency: 'EUR', amount_above: '10000' }),
        rule('hundred', { currency: 'EUR', amount_above: '100000' }, 2),
        rule('same', { currency: 'EUR', amount_above: '10000.00' }, 3),
        DEFAULT,
      ],
    });
    expect(errors).toEqual([
      {
        pointer: '/rules/1',
        message:
          'This rule can never apply: rule 1 ("Rule ten") before it matches every payout this one would.',
      },
      {
        pointer: '/rules/2',
        message:
          'This rule can never apply: rule 1 ("Rule ten") before it matches every payout this one would.',
      },
    ]);
  });

  it('does not call an empty range shadowed: its own error says it', () => {
    const errors = errorsOf({
      rules: [
        rule('a', { currency: 'EUR' }),
        rule('b', { currency: 'EUR', amount_above: '5', amount_up_to: '5' }),
        DEFAULT,
      ],
    });
    expect(errors.map((e) => e.pointer)).toEqual(['/rules/1/conditions/amount_up_to']);
  });
});

describe('conditionsCover', () => {
  it.each<[string, ApprovalConditions, ApprovalConditions, boolean]>([
    ['no conditions cover everything', {}, { providers: ['a'] }, true],
    [
      'identical',
      { currency: 'EUR', providers: ['a'] },
      { currency: 'EUR', providers: ['a'] },
      true,
    ],
    [
      'any currency covers one',
      { currency: '*', amount_above: '5' },
      { currency: 'EUR', amount_above: '5' },
      true,
    ],
    [
      'one currency does not cover any',
      { currency: 'EUR', amount_above: '5' },
      { currency: '*', amount_above: '5' },
      false,
    ],
    [
      'a currency covers its corridors',
      { currency: 'EUR' },
      { corridors: [{ country: 'DE', currency: 'EUR' }] },
      true,
    ],
    [
      'a lower floor covers a higher one',
      { currency: 'EUR', amount_above: '5' },
      { currency: 'EUR', amount_above: '6' },
      true,
    ],
    [
      'a higher floor does not',
      { currency: 'EUR', amount_above: '6' },
      { currency: 'EUR', amount_above: '5' },
      false,
    ],
    [
      'a floor does not cover no floor',
      { currency: 'EUR', amount_above: '0' },
      { currency: 'EUR' },
      false,
    ],
    [
      'a higher ceiling covers a lower one',
      { currency: 'EUR', amount_up_to: '9' },
      { currency: 'EUR', amount_up_to: '8' },
      true,
    ],
    [
      'a lower ceiling does not',
      { currency: 'EUR', amount_up_to: '8' },
      { currency: 'EUR', amount_up_to: '9' },
      false,
    ],
    [
      'more types cover fewer',
      { payout_method_types: ['crypto', 'bank_account'] },
      { payout_method_types: ['crypto'] },
      true,
    ],
    [
      'fewer types do not cover more',
      { payout_method_types: ['crypto'] },
      { payout_method_types: ['crypto', 'bank_account'] },
      false,
    ],
    [
      'every type covers no type condition',
      { payout_method_types: ['crypto', 'bank_account', 'credit_card'] },
      {},
      true,
    ],
    ['providers superset', { providers: ['a', 'b'] }, { providers: ['b'] }, true],
    ['providers not superset', { providers: ['a'] }, { providers: ['b'] }, false],
    [
      'corridors superset',
      {
        corridors: [
          { country: 'DE', currency: 'EUR' },
          { country: 'FR', currency: 'EUR' },
        ],
      },
      { corridors: [{ country: 'FR', currency: 'EUR' }] },
      true,
    ],
    [
      'corridors not superset',
      { corridors: [{ country: 'DE', currency: 'EUR' }] },
      { corridors: [{ country: 'DE', currency: 'USD' }] },
      false,
    ],
    [
      'a longer window covers a shorter',
      { beneficiary_new_or_changed_within_days: 30 },
      { beneficiary_new_or_changed_within_days: 7 },
      true,
    ],
    [
      'a shorter window does not',
      { beneficiary_new_or_changed_within_days: 7 },
      { beneficiary_new_or_changed_within_days: 30 },
      false,
    ],
    ['a window does not cover none', { beneficiary_new_or_changed_within_days: 7 }, {}, false],
    ['in a batch covers in a batch', { in_batch: true }, { in_batch: true, currency: 'EUR' }, true],
    ['in a batch does not cover single payouts', { in_batch: true }, { in_batch: false }, false],
    ['single payouts do not cover in a batch', { in_batch: false }, { in_batch: true }, false],
    ['in a batch does not cover either', { in_batch: true }, {}, false],
    ['no batch condition covers both', {}, { in_batch: false }, true],
  ])('%s', (_, earlier, later, covers) => {
    expect(conditionsCover(earlier, later)).toBe(covers);
  });
});
