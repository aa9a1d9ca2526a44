import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import {
  ANY_CURRENCY,
  DAY_MS,
  type ApprovalConditions,
  type ApprovalPolicy,
  type ApprovalRule,
  type PayoutFacts,
} from './approvalPolicy.js';
import { approvalPolicySchema } from './approvalPolicySchema.js';
import { describeConditions, describePolicyDiff } from './describePolicyDiff.js';
import { dryRun, matchRule } from './matchRule.js';
import { policyFromThresholds } from './policyFromThresholds.js';
import { policyWeakening } from './policyWeakening.js';
import { conditionsCover, validatePolicy } from './validatePolicy.js';

const numRuns = 500;
const NOW = Date.parse('2030-06-15T12:00:00.000Z');

// Small pools, so that rules and payouts meet often, and amounts that sit on each other's edges.
const CURRENCIES = ['EUR', 'USD', 'JPY', 'BTC', 'ETH'];
const PROVIDERS = ['acme', 'zeta', 'omni'];
const COUNTRIES = ['DE', 'FR', 'US'];
const EDGE_AMOUNTS = [
  '0',
  '1',
  '10000',
  '10000.00',
  '10000.01',
  '0.00000001',
  '999999999999999.99',
];

const arbAmount: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_AMOUNTS),
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
    .map(([n, scale]) => {
      const digits = n.toString().padStart(scale + 1, '0');
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    }),
);

const arbCorridor = fc.record({
  country: fc.constantFrom(...COUNTRIES),
  currency: fc.constantFrom(...CURRENCIES),
});
const some = <T>(arb: fc.Arbitrary<T>) =>
  fc.uniqueArray(arb, { minLength: 1, maxLength: 3, selector: (v) => JSON.stringify(v) });

const arbConditions: fc.Arbitrary<ApprovalConditions> = fc.record(
  {
    currency: fc.constantFrom(...CURRENCIES, ANY_CURRENCY),
    amount_above: arbAmount,
    amount_up_to: arbAmount,
    payout_method_types: some(fc.constantFrom(...PAYOUT_METHOD_TYPES)),
    providers: some(fc.constantFrom(...PROVIDERS)),
    corridors: some(arbCorridor),
    beneficiary_new_or_changed_within_days: fc.integer({ min: 1, max: 60 }),
    in_batch: fc.boolean(),
  },
  { requiredKeys: [] },
);

const arbRule = (id: string): fc.Arbitrary<ApprovalRule> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('A rule', 'Another', 'x'),
    conditions: arbConditions,
    approvals: fc.oneof(
      fc.constant<ApprovalRule['approvals']>({ count: 0, roles: [] }),
      fc.record({
        count: fc.constantFrom(1 as const, 2 as const, 3 as const),
        roles: fc.subarray(['finance', 'admin'] as ('finance' | 'admin')[]),
      }),
    ),
  });

const CATCH_ALL: ApprovalRule = {
  id: 'default',
  name: 'Default',
  conditions: {},
  approvals: { count: 0, roles: [] },
};

/** Rules (maybe some after a catch-all), and always a catch-all somewhere so one matches. */
const arbPolicy: fc.Arbitrary<ApprovalPolicy> = fc
  .tuple(
    fc
      .array(fc.nat(), { maxLength: 8 })
      .chain((ns) => fc.tuple(...ns.map((_, i) => arbRule(`r${i}`)))),
    fc.array(arbRule('after'), { maxLength: 2 }),
  )
  .map(([rules, after]) => ({ rules: [...rules, CATCH_ALL, ...after] }));

const arbFacts: fc.Arbitrary<PayoutFacts> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  amount: arbAmount,
  payout_method_type: fc.constantFrom(...PAYOUT_METHOD_TYPES),
  provider: fc.constantFrom(...PROVIDERS),
  country: fc.constantFrom(...COUNTRIES),
  beneficiary: fc.option(
    fc
      .oneof(
        fc.integer({ min: -2, max: 61 }).map((d) => d * DAY_MS),
        fc.integer({ min: -DAY_MS, max: 61 * DAY_MS }),
      )
      .map((ago) => ({ created_or_changed_at: new Date(NOW - ago).toISOString() })),
    { nil: null },
  ),
  in_batch: fc.boolean(),
  now: fc.constant(new Date(NOW)),
});

/** An oracle without big.js: amounts as integers at a common scale of 18. */
const units = (a: string) => {
  const [i = '', f = ''] = a.split('.');
  return BigInt(i + f.padEnd(18, '0'));
};

function holds(c: ApprovalConditions, f: PayoutFacts): boolean {
  const amount = units(f.amount);
  const changedAgo = f.beneficiary
    ? NOW - Date.parse(f.beneficiary.created_or_changed_at)
    : undefined;
  return (
    (c.currency === undefined || c.currency === ANY_CURRENCY || c.currency === f.currency) &&
    (c.amount_above === undefined || amount > units(c.amount_above)) &&
    (c.amount_up_to === undefined || amount <= units(c.amount_up_to)) &&
    (c.payout_method_types?.includes(f.payout_method_type) ?? true) &&
    (c.providers?.includes(f.provider) ?? true) &&
    (c.corridors?.some((k) => k.country === f.country && k.currency === f.currency) ?? true) &&
    (c.beneficiary_new_or_changed_within_days === undefined ||
      (changedAgo !== undefined &&
        changedAgo <= c.beneficiary_new_or_changed_within_days * DAY_MS)) &&
    (c.in_batch === undefined || c.in_batch === f.in_batch)
  );
}

describe('approval policy properties', () => {
  it('matchRule returns a rule of the policy: the first whose conditions hold', () => {
    fc.assert(
      fc.property(arbPolicy, arbFacts, (policy, facts) => {
        const rule = matchRule(policy, facts);
        const first = policy.rules.findIndex((r) => holds(r.conditions, facts));
        expect(policy.rules.indexOf(rule)).toBe(first);
        const explained = dryRun(policy, facts);
        expect(explained.index).toBe(first);
        expect(explained.skipped.map((s) => s.index)).toEqual([...Array(first).keys()]);
        expect(explained.skipped.every((s) => s.failed.length > 0)).toBe(true);
      }),
      { numRuns },
    );
  });

  it('validatePolicy never throws on a schema-valid policy, and refuses what cannot be matched', () => {
    fc.assert(
      fc.property(arbPolicy, fc.boolean(), (generated, dropDefault) => {
        const parsed = approvalPolicySchema.safeParse(
          dropDefault ? { rules: generated.rules.filter((r) => r !== CATCH_ALL) } : generated,
        );
        if (!parsed.success) return;
        const result = validatePolicy(parsed.data);
        const last = parsed.data.rules.at(-1);
        if (last && Object.keys(last.conditions).length > 0) expect(result.ok).toBe(false);
        if (!result.ok) {
          for (const e of result.errors)
            expect(e.pointer).toMatch(/^\/rules(\/\d+)?(\/[a-z_]+(\/\d+)?)*$/);
        }
        expect(() => describePolicyDiff(generated, parsed.data)).not.toThrow();
      }),
      { numRuns },
    );
  });

  it('conditionsCover(e, l) is sound: every payout l matches, e matches too', () => {
    fc.assert(
      fc.property(arbConditions, arbConditions, arbFacts, (e, l, facts) => {
        if (conditionsCover(e, l) && holds(l, facts)) expect(holds(e, facts)).toBe(true);
      }),
      { numRuns },
    );
  });

  it('a rule only for batch rows and the same only for single payouts never hide each other', () => {
    fc.assert(
      fc.property(arbConditions, fc.boolean(), (c, inBatch) => {
        const one = { ...c, in_batch: inBatch };
        const other = { ...c, in_batch: !inBatch };
        expect(conditionsCover(one, other)).toBe(false);
        expect(conditionsCover(other, one)).toBe(false);
        expect(describeConditions(one)).toMatch(
          inBatch ? /(^|, )part of a batch$/ : /(^|, )not part of a batch$/,
        );
      }),
      { numRuns },
    );
  });

  it('describePolicyDiff reports setting, flipping or dropping in_batch as one change', () => {
    const arbBatch = fc.constantFrom(true, false, undefined);
    fc.assert(
      fc.property(arbRule('r'), arbBatch, arbBatch, (rule, from, to) => {
        const withBatch = (b: boolean | undefined): ApprovalPolicy => {
          const { in_batch: _, ...rest } = rule.conditions;
          return {
            rules: [{ ...rule, conditions: b === undefined ? rest : { ...rest, in_batch: b } }],
          };
        };
        const changes = describePolicyDiff(withBatch(from), withBatch(to));
        expect(changes.map((c) => c.field)).toEqual(from === to ? [] : ['conditions.in_batch']);
      }),
      { numRuns },
    );
  });

  it('policyFromThresholds(t) asks for an approver exactly when the threshold did', () => {
    const arbThresholds = fc.record({
      byCurrency: fc.dictionary(fc.constantFrom(...CURRENCIES), arbAmount, { maxKeys: 4 }),
      default: fc.option(arbAmount, { nil: undefined }),
    });
    fc.assert(
      fc.property(
        arbThresholds.chain((t) => {
          const edges = [...Object.values(t.byCurrency), ...(t.default ? [t.default] : [])];
          const amount = edges.length ? fc.oneof(arbAmount, fc.constantFrom(...edges)) : arbAmount;
          return fc.tuple(fc.constant(t), arbFacts, amount);
        }),
        ([thresholds, facts, amount]) => {
          const payout = { ...facts, amount };
          const threshold = thresholds.byCurrency[payout.currency] ?? thresholds.default;
          const before = threshold !== undefined && units(amount) > units(threshold);
          const rule = matchRule(policyFromThresholds(thresholds), payout);
          expect(rule.approvals.count > 0).toBe(before);
          if (before) expect(rule.approvals.roles).toEqual(['finance', 'admin']);
        },
      ),
      { numRuns },
    );
  });

  it('policyWeakening misses no payout that a change lets through with less approval', () => {
    const less = (after: ApprovalRule['approvals'], before: ApprovalRule['approvals']) =>
      after.count < before.count ||
      (after.count > 0 && before.count > 0 && after.roles.some((r) => !before.roles.includes(r)));
    fc.assert(
      fc.property(arbPolicy, arbPolicy, fc.array(arbFacts, { maxLength: 30 }), (a, b, payouts) => {
        if (policyWeakening(a, b, new Date(NOW)) !== undefined) return;
        for (const facts of payouts) {
          expect(less(matchRule(b, facts).approvals, matchRule(a, facts).approvals)).toBe(false);
        }
      }),
      { numRuns },
    );
  });
});
