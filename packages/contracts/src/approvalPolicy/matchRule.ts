import { compareAmounts } from '../money.js';
import { PAYOUT_METHOD_TYPE_TITLES } from '../types.js';
import {
  ANY_CURRENCY,
  APPROVAL_CONDITION_NAMES,
  DAY_MS,
  type ApprovalConditionName,
  type ApprovalConditions,
  type ApprovalPolicy,
  type ApprovalRule,
  type PayoutFacts,
} from './approvalPolicy.js';

/** A condition of a rule that the payout does not meet, and why, for people. */
export interface FailedCondition {
  condition: ApprovalConditionName;
  message: string;
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function beneficiaryChangedAt(facts: PayoutFacts): number | undefined {
  if (!facts.beneficiary) return undefined;
  const at = Date.parse(facts.beneficiary.created_or_changed_at);
  if (Number.isNaN(at)) {
    throw new RangeError(
      `Not an instant: ${JSON.stringify(facts.beneficiary.created_or_changed_at)}`,
    );
  }
  return at;
}

/** Why `facts` fails one condition, or undefined when it holds. */
function failure(
  name: ApprovalConditionName,
  c: ApprovalConditions,
  facts: PayoutFacts,
): string | undefined {
  switch (name) {
    case 'currency':
      return c.currency === undefined ||
        c.currency === ANY_CURRENCY ||
        c.currency === facts.currency
        ? undefined
        : `The currency is ${facts.currency}, not ${c.currency}.`;
    case 'amount_above':
      return c.amount_above === undefined || compareAmounts(facts.amount, c.amount_above) > 0
        ? undefined
        : `The amount ${facts.amount} is not above ${c.amount_above}.`;
    case 'amount_up_to':
      return c.amount_up_to === undefined || compareAmounts(facts.amount, c.amount_up_to) <= 0
        ? undefined
        : `The amount ${facts.amount} is more than ${c.amount_up_to}.`;
    case 'payout_method_types':
      return c.payout_method_types === undefined ||
        c.payout_method_types.includes(facts.payout_method_type)
        ? undefined
        : `The payout type is ${PAYOUT_METHOD_TYPE_TITLES[facts.payout_method_type]}, not ${orList(
            c.payout_method_types.map((t) => PAYOUT_METHOD_TYPE_TITLES[t]),
          )}.`;
    case 'providers':
      return c.providers === undefined || c.providers.includes(facts.provider)
        ? undefined
        : `The PSP is ${facts.provider}, not ${orList(c.providers)}.`;
    case 'corridors':
      return c.corridors === undefined ||
        c.corridors.some((k) => k.country === facts.country && k.currency === facts.currency)
        ? undefined
        : `The corridor ${facts.country} ${facts.currency} is not ${orList(
            c.corridors.map((k) => `${k.country} ${k.currency}`),
          )}.`;
    case 'beneficiary_new_or_changed_within_days': {
      const days = c.beneficiary_new_or_changed_within_days;
      if (days === undefined) return undefined;
      const at = beneficiaryChangedAt(facts);
      if (at === undefined) return 'The payout is not to a saved beneficiary.';
      const age = facts.now.getTime() - at;
      // A change dated after `now` (clocks differ) is as new as can be.
      if (age <= days * DAY_MS) return undefined;
      const ago = Math.floor(age / DAY_MS);
      return `The beneficiary was created or last changed ${ago} day${ago === 1 ? '' : 's'} ago, not within ${days}.`;
    }
    case 'in_batch': {
      if (c.in_batch === undefined) return undefined;
      if (typeof facts.in_batch !== 'boolean') {
        throw new RangeError(`Not a boolean: in_batch ${JSON.stringify(facts.in_batch)}`);
      }
      if (c.in_batch === facts.in_batch) return undefined;
      return facts.in_batch
        ? 'The payout is part of a batch, not created on its own.'
        : 'The payout is not part of a batch.';
    }
  }
}

/**
 * Every condition of `rule` that `facts` fails, in `APPROVAL_CONDITION_NAMES` order; empty when
 * the rule applies. Amounts are compared exactly (`compareAmounts`), never as floats.
 * @throws RangeError when the payout's amount is not a decimal string, the beneficiary's
 * instant is not one or `in_batch` is not a boolean: deciding on garbage could let money through.
 */
export function failedConditions(rule: ApprovalRule, facts: PayoutFacts): FailedCondition[] {
  const failed: FailedCondition[] = [];
  for (const condition of APPROVAL_CONDITION_NAMES) {
    const message = failure(condition, rule.conditions, facts);
    if (message !== undefined) failed.push({ condition, message });
  }
  return failed;
}

export function ruleMatches(rule: ApprovalRule, facts: PayoutFacts): boolean {
  return APPROVAL_CONDITION_NAMES.every(
    (condition) => failure(condition, rule.conditions, facts) === undefined,
  );
}

function noRuleMatched(): never {
  // Only an invalid policy (no catch-all last rule) gets here; `validatePolicy` refuses those.
  throw new RangeError('No rule of the approval policy matches: its last rule is not a default.');
}

/**
 * The rule that applies to a payout: the first whose conditions all hold.
 * @throws RangeError when none does (a policy without a default rule), or on malformed facts.
 */
export function matchRule(policy: ApprovalPolicy, facts: PayoutFacts): ApprovalRule {
  return policy.rules.find((rule) => ruleMatches(rule, facts)) ?? noRuleMatched();
}

/** An earlier rule that did not apply, and every condition of it that failed. */
export interface SkippedRule {
  index: number;
  rule_id: string;
  name: string;
  failed: FailedCondition[];
}

/** Which rule a (sample) payout hits and why the rules before it did not. */
export interface DryRunResult {
  /** 0-based position of the rule that applies. */
  index: number;
  rule: ApprovalRule;
  skipped: SkippedRule[];
}

/**
 * `matchRule`, explained: the rule that applies, and for each rule before it every condition
 * that failed (the admin page's "which rule would this payout hit").
 * @throws RangeError like `matchRule`.
 */
export function dryRun(policy: ApprovalPolicy, facts: PayoutFacts): DryRunResult {
  const skipped: SkippedRule[] = [];
  for (const [index, rule] of policy.rules.entries()) {
    const failed = failedConditions(rule, facts);
    if (failed.length === 0) return { index, rule, skipped };
    skipped.push({ index, rule_id: rule.id, name: rule.name, failed });
  }
  return noRuleMatched();
}
