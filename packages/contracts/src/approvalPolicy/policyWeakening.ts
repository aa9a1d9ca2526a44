/**
 * Whether a policy change lets some payout through with less approval than before: fewer
 * approvers, or approvers from roles the old rule did not allow. Such a change takes effect only
 * after `POLICY_WEAKENING_DELAY_HOURS`, during which any admin can cancel it (decision 042).
 *
 * Exact, not a guess from the diff's wording: every condition is a set membership or a threshold,
 * so the values the two policies mention cut each dimension into finitely many regions, and one
 * sample payout per combination of regions meets every rule exactly as all the payouts of that
 * combination do. Both policies are asked for each sample. When the combinations would be too many
 * to try (`WEAKENING_MAX_SAMPLES`), the change counts as weakening: the delay errs towards safety.
 */
import { compareAmounts } from '../money.js';
import { PAYOUT_METHOD_TYPE_TITLES, PAYOUT_METHOD_TYPES, type PayoutMethodType } from '../types.js';
import {
  ANY_CURRENCY,
  DAY_MS,
  type ApprovalPolicy,
  type ApprovalRequirement,
  type ApprovalRule,
  type PayoutFacts,
} from './approvalPolicy.js';
import { describeApprovals, describeConditions } from './describePolicyDiff.js';
import { matchRule } from './matchRule.js';

/** The most sample payouts tried before a change is taken as weakening without proof. */
export const WEAKENING_MAX_SAMPLES = 50_000;

export interface PolicyWeakening {
  /** A payout that would need less approval, in words, with both requirements. */
  example: string;
}

/** A currency and a country no policy names (codes are upper-case letters, so these are free). */
const OTHER_CURRENCY = 'other-currency';
const OTHER_COUNTRY = 'other-country';
const OTHER_PROVIDER = 'other-psp';

function unique<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}

/** Each threshold, a hair above it, and below and above them all. */
function amountSamples(thresholds: readonly string[]): string[] {
  const sorted = unique(thresholds).sort(compareAmounts);
  const above = (amount: string) =>
    amount.includes('.') ? `${amount}000000000000000001` : `${amount}.000000000000000001`;
  const points = ['0', ...sorted.flatMap((t) => [t, above(t)])];
  const largest = sorted.at(-1);
  if (largest !== undefined) points.push(`1${largest.split('.')[0]!}0`);
  return unique(points);
}

/** Ages (ms) of the saved beneficiary: none, brand new, each window's edge and past it. */
function beneficiaryAges(days: readonly number[]): (number | null)[] {
  const edges = unique(days).flatMap((d) => [d * DAY_MS, d * DAY_MS + 1]);
  return [null, 0, ...edges, 100_000 * DAY_MS];
}

/** Fewer approvers, or an approver from a role the old requirement did not allow. */
function lessThan(after: ApprovalRequirement, before: ApprovalRequirement): boolean {
  if (after.count < before.count) return true;
  if (after.count === 0) return false;
  if (before.count === 0) return false;
  return after.roles.some((role) => !before.roles.includes(role));
}

function samplePayoutText(facts: PayoutFacts, ageMs: number | null): string {
  const currency = facts.currency === OTHER_CURRENCY ? 'another currency' : facts.currency;
  const type = PAYOUT_METHOD_TYPE_TITLES[facts.payout_method_type].toLowerCase();
  const parts = [`a ${type} payout of ${facts.amount} ${currency}`];
  if (facts.provider !== OTHER_PROVIDER) parts.push(`through ${facts.provider}`);
  if (facts.country !== OTHER_COUNTRY) parts.push(`to ${facts.country}`);
  if (ageMs !== null) parts.push(`to a beneficiary changed ${Math.ceil(ageMs / DAY_MS)} days ago`);
  if (facts.in_batch) parts.push('in a batch');
  return parts.join(' ');
}

function requirementText(rule: ApprovalRule): string {
  return `${describeApprovals(rule.approvals)} (rule "${rule.name}": ${describeConditions(rule.conditions)})`;
}

/**
 * The first payout `after` lets through with less approval than `before`, or undefined when
 * none does. Both policies must be valid (`validatePolicy`).
 */
export function policyWeakening(
  before: ApprovalPolicy,
  after: ApprovalPolicy,
  now: Date = new Date(),
): PolicyWeakening | undefined {
  const rules = [...before.rules, ...after.rules];
  const conditions = rules.map((r) => r.conditions);
  const currencies = unique([
    ...conditions.flatMap((c) =>
      c.currency !== undefined && c.currency !== ANY_CURRENCY ? [c.currency] : [],
    ),
    ...conditions.flatMap((c) => c.corridors?.map((k) => k.currency) ?? []),
    OTHER_CURRENCY,
  ]);
  const countries = unique([
    ...conditions.flatMap((c) => c.corridors?.map((k) => k.country) ?? []),
    OTHER_COUNTRY,
  ]);
  const providers = unique([...conditions.flatMap((c) => c.providers ?? []), OTHER_PROVIDER]);
  const amounts = amountSamples(
    conditions.flatMap((c) => [c.amount_above, c.amount_up_to].filter((a) => a !== undefined)),
  );
  const ages = beneficiaryAges(
    conditions.flatMap((c) =>
      c.beneficiary_new_or_changed_within_days === undefined
        ? []
        : [c.beneficiary_new_or_changed_within_days],
    ),
  );
  const types: readonly PayoutMethodType[] = PAYOUT_METHOD_TYPES;
  const batch = [false, true];
  const samples =
    currencies.length *
    countries.length *
    providers.length *
    amounts.length *
    ages.length *
    types.length *
    batch.length;
  if (samples > WEAKENING_MAX_SAMPLES) {
    return {
      example: `the change is too large to check payout by payout (${samples} kinds of payout), so it is treated as weakening`,
    };
  }
  for (const currency of currencies) {
    for (const country of countries) {
      for (const provider of providers) {
        for (const amount of amounts) {
          for (const ageMs of ages) {
            for (const payout_method_type of types) {
              for (const in_batch of batch) {
                const facts: PayoutFacts = {
                  currency,
                  amount,
                  payout_method_type,
                  provider,
                  country,
                  beneficiary:
                    ageMs === null
                      ? null
                      : { created_or_changed_at: new Date(now.getTime() - ageMs).toISOString() },
                  in_batch,
                  now,
                };
                const was = matchRule(before, facts);
                const becomes = matchRule(after, facts);
                if (lessThan(becomes.approvals, was.approvals)) {
                  return {
                    example: `${samplePayoutText(facts, ageMs)} would need ${requirementText(becomes)} instead of ${requirementText(was)}`,
                  };
                }
              }
            }
          }
        }
      }
    }
  }
  return undefined;
}
