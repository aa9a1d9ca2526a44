import { describe, expect, it } from 'vitest';
import type { PayoutFacts } from './approvalPolicy.js';
import { matchRule } from './matchRule.js';
import { DEMO_APPROVAL_POLICY, policyFromThresholds } from './policyFromThresholds.js';
import { validatePolicy } from './validatePolicy.js';

function payout(currency: string, amount: string): PayoutFacts {
  const type = ['BTC', 'ETH', 'USDT'].includes(currency) ? 'crypto' : 'bank_account';
  return {
    currency,
    amount,
    payout_method_type: type,
    provider: 'acme',
    country: 'DE',
    in_batch: false,
    now: new Date(0),
  };
}

describe('policyFromThresholds', () => {
  const policy = policyFromThresholds({
    byCurrency: { USD: '20000', EUR: '10000' },
    default: '5000',
  });

  it('lists each currency (in code order), then the default, then no approval', () => {
    expect(policy.rules.map((r) => r.name)).toEqual([
      'EUR above 10000',
      'EUR up to 10000',
      'USD above 20000',
      'USD up to 20000',
      'Any other currency above 5000',
      'Everything else',
    ]);
    expect(validatePolicy(policy)).toEqual({ ok: true });
    expect(policy.rules[0]?.approvals).toEqual({ count: 1, roles: ['finance', 'admin'] });
  });

  it.each([
    ['EUR', '10000', 0],
    ['EUR', '10000.01', 1],
    ['USD', '19999.99', 0],
    ['USD', '20000.01', 1],
    ['GBP', '5000', 0],
    ['GBP', '5000.01', 1],
    ['BTC', '5000.00000001', 1],
  ])('%s %s needs %i approver(s), as the threshold did', (currency, amount, count) => {
    expect(matchRule(policy, payout(currency, amount)).approvals.count).toBe(count);
  });

  it('without a default, only the listed currencies need approval', () => {
    const only = policyFromThresholds({ byCurrency: { EUR: '10000' } });
    expect(only.rules.map((r) => r.id)).toEqual(['above-eur', 'default']);
    expect(matchRule(only, payout('USD', '1000000')).approvals.count).toBe(0);
    expect(matchRule(only, payout('EUR', '10000.01')).approvals.count).toBe(1);
  });

  it('with nothing set, nothing needs approval', () => {
    const none = policyFromThresholds({ byCurrency: {} });
    expect(none.rules).toHaveLength(1);
    expect(validatePolicy(none)).toEqual({ ok: true });
  });

  it('a default alone is one rule for every currency', () => {
    expect(policyFromThresholds({ byCurrency: {}, default: '1' }).rules.map((r) => r.name)).toEqual(
      ['Above 1', 'Everything else'],
    );
  });
});

describe('DEMO_APPROVAL_POLICY', () => {
  it('is valid', () => {
    expect(validatePolicy(DEMO_APPROVAL_POLICY)).toEqual({ ok: true });
  });

  it.each([
    ['EUR', '10000', 0],
    ['EUR', '10000.01', 1],
    // A threshold per demo currency: ¥20,000 is about €120.
    ['JPY', '20000', 0],
    ['EUR', '20000', 1],
    ['JPY', '1500000', 0],
    ['JPY', '1500001', 1],
    ['JPY', '15000000.5', 2],
    ['MXN', '150000', 0],
    ['MXN', '250000', 1],
    ['MXN', '2000001', 2],
    ['GBP', '20000', 1],
    ['EUR', '100000.01', 2],
    ['USD', '250000', 2],
    ['BTC', '0.5', 0],
    ['BTC', '0.50000001', 1],
    ['ETH', '5.000000000000000001', 1],
    ['USDT', '10000', 0],
    ['USDT', '10000.01', 1],
    ['USDT', '150000', 1],
  ])('%s %s needs %i approver(s)', (currency, amount, count) => {
    expect(matchRule(DEMO_APPROVAL_POLICY, payout(currency, amount)).approvals.count).toBe(count);
  });
});
