import { describe, expect, it } from 'vitest';
import type {
  ApprovalConditions,
  ApprovalPolicy,
  ApprovalRule,
  PayoutFacts,
} from './approvalPolicy.js';
import { dryRun, failedConditions, matchRule } from './matchRule.js';

const NOW = new Date('2030-06-15T12:00:00.000Z');

function facts(overrides: Partial<PayoutFacts> = {}): PayoutFacts {
  return {
    currency: 'EUR',
    amount: '100.00',
    payout_method_type: 'bank_account',
    provider: 'acme',
    country: 'DE',
    beneficiary: null,
    in_batch: false,
    now: NOW,
    ...overrides,
  };
}

function rule(id: string, conditions: ApprovalConditions, count: 0 | 1 | 2 | 3 = 1): ApprovalRule {
  return {
    id,
    name: `Rule ${id}`,
    conditions,
    approvals: { count, roles: count === 0 ? [] : ['finance', 'admin'] },
  };
}

const DEFAULT = rule('default', {}, 0);

/** Whether `conditions` alone (then the default) applies to `f`. */
function hits(conditions: ApprovalConditions, f: Partial<PayoutFacts>): boolean {
  return matchRule({ rules: [rule('r', conditions), DEFAULT] }, facts(f)).id === 'r';
}

describe('matchRule conditions', () => {
  it('in_batch: true only for batch rows, false only for payouts created one by one', () => {
    expect(hits({ in_batch: true }, { in_batch: true })).toBe(true);
    expect(hits({ in_batch: true }, { in_batch: false })).toBe(false);
    expect(hits({ in_batch: false }, { in_batch: false })).toBe(true);
    expect(hits({ in_batch: false }, { in_batch: true })).toBe(false);
    expect(hits({}, { in_batch: true })).toBe(true);
    expect(hits({ currency: 'EUR', in_batch: true }, { in_batch: true, currency: 'USD' })).toBe(
      false,
    );
  });

  it('in_batch that is not a boolean throws rather than decide on it', () => {
    const garbage = { in_batch: 'yes' } as unknown as Partial<PayoutFacts>;
    expect(() => hits({ in_batch: false }, garbage)).toThrow(RangeError);
    // A rule without the condition does not look at it.
    expect(hits({ currency: 'EUR' }, garbage)).toBe(true);
  });

  it('currency: exact code, or any with *', () => {
    expect(hits({ currency: 'EUR' }, {})).toBe(true);
    expect(hits({ currency: 'USD' }, {})).toBe(false);
    expect(hits({ currency: '*', amount_above: '1' }, { currency: 'JPY', amount: '2' })).toBe(true);
  });

  it('amount_above is exclusive, amount_up_to inclusive, at the boundary', () => {
    expect(hits({ currency: 'EUR', amount_above: '10000' }, { amount: '10000' })).toBe(false);
    expect(hits({ currency: 'EUR', amount_above: '10000' }, { amount: '10000.00' })).toBe(false);
    expect(hits({ currency: 'EUR', amount_above: '10000' }, { amount: '10000.01' })).toBe(true);
    expect(hits({ currency: 'EUR', amount_up_to: '10000' }, { amount: '10000.00' })).toBe(true);
    expect(hits({ currency: 'EUR', amount_up_to: '10000' }, { amount: '10000.01' })).toBe(false);
    expect(hits({ currency: 'EUR', amount_up_to: '10000.5' }, { amount: '10000.50' })).toBe(true);
  });

  it('a range holds on both ends', () => {
    const range = { currency: 'EUR', amount_above: '100', amount_up_to: '200' };
    expect(hits(range, { amount: '100' })).toBe(false);
    expect(hits(range, { amount: '100.01' })).toBe(true);
    expect(hits(range, { amount: '200' })).toBe(true);
    expect(hits(range, { amount: '200.01' })).toBe(false);
  });

  it('compares crypto amounts at satoshi and wei scale exactly', () => {
    const btc = { currency: 'BTC', amount_above: '0.5' };
    expect(hits(btc, { currency: 'BTC', amount: '0.5' })).toBe(false);
    expect(hits(btc, { currency: 'BTC', amount: '0.50000001' })).toBe(true);
    expect(hits(btc, { currency: 'BTC', amount: '0.49999999' })).toBe(false);
    const eth = { currency: 'ETH', amount_up_to: '0.000000000000000001' };
    expect(hits(eth, { currency: 'ETH', amount: '0.000000000000000001' })).toBe(true);
    expect(hits(eth, { currency: 'ETH', amount: '0.000000000000000002' })).toBe(false);
  });

  it('compares large amounts beyond a double exactly', () => {
    // 2^53 + 1: as numbers, 9007199254740993 == 9007199254740992.
    const big = { currency: 'EUR', amount_above: '9007199254740992' };
    expect(hits(big, { amount: '9007199254740993' })).toBe(true);
    expect(hits(big, { amount: '9007199254740992.00' })).toBe(false);
    expect(
      hits(
        { currency: 'EUR', amount_up_to: '999999999999999.99' },
        { amount: '999999999999999.99' },
      ),
    ).toBe(true);
  });

  it('payout_method_types, providers and corridors: any listed', () => {
    expect(hits({ payout_method_types: ['crypto', 'bank_account'] }, {})).toBe(true);
    expect(hits({ payout_method_types: ['credit_card'] }, {})).toBe(false);
    expect(hits({ providers: ['other', 'acme'] }, {})).toBe(true);
    expect(hits({ providers: ['Acme'] }, {})).toBe(false);
    expect(hits({ corridors: [{ country: 'DE', currency: 'EUR' }] }, {})).toBe(true);
    // Country and currency must be the same corridor, not each in some corridor.
    const crossed = [
      { country: 'DE', currency: 'USD' },
      { country: 'US', currency: 'EUR' },
    ];
    expect(hits({ corridors: crossed }, {})).toBe(false);
  });

  it('every condition of a rule must hold', () => {
    const c: ApprovalConditions = { currency: 'EUR', amount_above: '50', providers: ['acme'] };
    expect(hits(c, {})).toBe(true);
    expect(hits(c, { provider: 'other' })).toBe(false);
    expect(hits(c, { amount: '50' })).toBe(false);
  });

  describe('beneficiary new or changed within N days', () => {
    const within30 = { beneficiary_new_or_changed_within_days: 30 };
    const at = (ms: number) => ({
      created_or_changed_at: new Date(NOW.getTime() - ms).toISOString(),
    });
    const DAY = 86_400_000;

    it('holds up to exactly N days before now, not a millisecond more', () => {
      expect(hits(within30, { beneficiary: at(0) })).toBe(true);
      expect(hits(within30, { beneficiary: at(30 * DAY) })).toBe(true);
      expect(hits(within30, { beneficiary: at(30 * DAY + 1) })).toBe(false);
      expect(
        hits({ beneficiary_new_or_changed_within_days: 1 }, { beneficiary: at(DAY - 1) }),
      ).toBe(true);
    });

    it('holds for a change dated after now (clock skew)', () => {
      expect(hits(within30, { beneficiary: at(-5000) })).toBe(true);
    });

    it('does not hold for a payout to no saved beneficiary', () => {
      expect(hits(within30, { beneficiary: null })).toBe(false);
      expect(hits(within30, { beneficiary: undefined })).toBe(false);
    });

    it('refuses an unreadable instant rather than guess', () => {
      expect(() => hits(within30, { beneficiary: { created_or_changed_at: 'yesterday' } })).toThrow(
        RangeError,
      );
    });
  });

  it('refuses an amount that is not a decimal string', () => {
    expect(() => hits({ currency: 'EUR', amount_above: '1' }, { amount: '1e5' })).toThrow(
      RangeError,
    );
  });
});

describe('matchRule order', () => {
  const policy: ApprovalPolicy = {
    rules: [
      rule('three', { currency: 'EUR', amount_above: '1000000' }, 3),
      rule('two', { currency: 'EUR', amount_above: '100000' }, 2),
      rule('one', { currency: 'EUR', amount_above: '10000' }, 1),
      rule('wide', { currency: 'EUR', amount_above: '10' }, 2),
      DEFAULT,
    ],
  };

  it.each([
    ['5', 'default', 0],
    ['10000', 'wide', 2],
    ['10000.01', 'one', 1],
    ['100000.01', 'two', 2],
    ['1000000.01', 'three', 3],
  ])('%s EUR hits the first matching rule, %s (%i approvers)', (amount, id, count) => {
    const hit = matchRule(policy, facts({ amount }));
    expect(hit.id).toBe(id);
    expect(hit.approvals.count).toBe(count);
  });

  it('returns the rule object of the policy', () => {
    expect(matchRule(policy, facts({ amount: '1' }))).toBe(policy.rules[4]);
  });

  it('throws when no rule matches (a policy without a default)', () => {
    expect(() => matchRule({ rules: [rule('x', { currency: 'USD' })] }, facts())).toThrow(
      /last rule is not a default/,
    );
    expect(() => matchRule({ rules: [] }, facts())).toThrow(RangeError);
  });
});

describe('dryRun', () => {
  it('names the rule hit and every failed condition of each rule before it', () => {
    const policy: ApprovalPolicy = {
      rules: [
        rule('usd', { currency: 'USD', amount_above: '500' }),
        rule('new', { beneficiary_new_or_changed_within_days: 7, providers: ['acme'] }),
        rule('acme', { providers: ['acme'] }, 2),
        DEFAULT,
      ],
    };
    const result = dryRun(policy, facts({ amount: '500' }));
    expect(result.index).toBe(2);
    expect(result.rule.id).toBe('acme');
    expect(result.skipped).toEqual([
      {
        index: 0,
        rule_id: 'usd',
        name: 'Rule usd',
        failed: [
          { condition: 'currency', message: 'The currency is EUR, not USD.' },
          { condition: 'amount_above', message: 'The amount 500 is not above 500.' },
        ],
      },
      {
        index: 1,
        rule_id: 'new',
        name: 'Rule new',
        failed: [
          {
            condition: 'beneficiary_new_or_changed_within_days',
            message: 'The payout is not to a saved beneficiary.',
          },
        ],
      },
    ]);
  });

  it('explains each condition kind in words', () => {
    const r = rule('all', {
      amount_up_to: '10',
      payout_method_types: ['crypto', 'credit_card'],
      providers: ['a', 'b', 'c'],
      corridors: [{ country: 'FR', currency: 'EUR' }],
      beneficiary_new_or_changed_within_days: 30,
      in_batch: true,
    });
    const old = {
      created_or_changed_at: new Date(NOW.getTime() - 40.5 * 86_400_000).toISOString(),
    };
    expect(failedConditions(r, facts({ beneficiary: old })).map((f) => f.message)).toEqual([
      'The amount 100.00 is more than 10.',
      'The payout type is Bank account, not Crypto wallet or Card.',
      'The PSP is acme, not a, b or c.',
      'The corridor DE EUR is not FR EUR.',
      'The beneficiary was created or last changed 40 days ago, not within 30.',
      'The payout is not part of a batch.',
    ]);
    expect(failedConditions(rule('one', { in_batch: false }), facts({ in_batch: true }))).toEqual([
      { condition: 'in_batch', message: 'The payout is part of a batch, not created on its own.' },
    ]);
  });

  it('has nothing skipped when the first rule applies', () => {
    expect(dryRun({ rules: [DEFAULT] }, facts())).toEqual({ index: 0, rule: DEFAULT, skipped: [] });
  });
});
