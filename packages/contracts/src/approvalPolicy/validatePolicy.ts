import { isCountryCode } from '../countries.js';
import { currencyScale, isKnownCurrency } from '../currencies.js';
import { amountScale, compareAmounts, isDecimalString, normalizeAmount } from '../money.js';
import { PAYOUT_METHOD_TYPES, type Corridor, type FieldError } from '../types.js';
import {
  ANY_CURRENCY,
  isCatchAll,
  type ApprovalConditions,
  type ApprovalPolicy,
  type ApprovalRule,
} from './approvalPolicy.js';

export type PolicyCheck = { ok: true } | { ok: false; errors: FieldError[] };

/** How a rule is named in messages: its position (from 1) and name. */
function ruleLabel(index: number, rule: ApprovalRule): string {
  return `rule ${index + 1} ("${rule.name}")`;
}

/** `a` <= `b` when both are amounts; false when either is malformed (the schema reports those). */
function atMost(a: string | undefined, b: string | undefined): boolean {
  return isDecimalString(a) && isDecimalString(b) && compareAmounts(a, b) <= 0;
}

function subset<T>(
  small: readonly T[] | undefined,
  big: readonly T[],
  same: (a: T, b: T) => boolean,
) {
  return small !== undefined && small.every((s) => big.some((b) => same(s, b)));
}

const sameCorridor = (a: Corridor, b: Corridor) =>
  a.country === b.country && a.currency === b.currency;

/**
 * Whether every payout `later` matches is matched by `earlier` too (so `later` never applies
 * after it). Decided condition by condition, conservatively: false means "not shown", not
 * "reachable" (e.g. an earlier PSP list covering every PSP the merchant has is not seen).
 */
export function conditionsCover(earlier: ApprovalConditions, later: ApprovalConditions): boolean {
  const e = earlier;
  const l = later;
  if (e.currency !== undefined && e.currency !== ANY_CURRENCY && e.currency !== l.currency) {
    const corridorsInIt =
      l.corridors?.length && l.corridors.every((c) => c.currency === e.currency);
    if (!corridorsInIt) return false;
  }
  if (e.amount_above !== undefined && !atMost(e.amount_above, l.amount_above)) return false;
  if (e.amount_up_to !== undefined && !atMost(l.amount_up_to, e.amount_up_to)) return false;
  if (
    e.payout_method_types !== undefined &&
    !PAYOUT_METHOD_TYPES.every((t) => e.payout_method_types?.includes(t)) &&
    !subset(l.payout_method_types, e.payout_method_types, (a, b) => a === b)
  ) {
    return false;
  }
  if (e.providers !== undefined && !subset(l.providers, e.providers, (a, b) => a === b)) {
    return false;
  }
  if (e.corridors !== undefined && !subset(l.corridors, e.corridors, sameCorridor)) return false;
  const eDays = e.beneficiary_new_or_changed_within_days;
  const lDays = l.beneficiary_new_or_changed_within_days;
  if (eDays !== undefined && (lDays === undefined || lDays > eDays)) return false;
  if (e.in_batch !== undefined && e.in_batch !== l.in_batch) return false;
  return true;
}

function emptyRange(c: ApprovalConditions): boolean {
  return (
    isDecimalString(c.amount_above) &&
    isDecimalString(c.amount_up_to) &&
    compareAmounts(c.amount_above, c.amount_up_to) >= 0
  );
}

function amountErrors(c: ApprovalConditions, at: string): FieldError[] {
  const errors: FieldError[] = [];
  const amounts = (['amount_above', 'amount_up_to'] as const).filter((k) => c[k] !== undefined);
  if (c.currency === undefined) {
    for (const k of amounts) {
      errors.push({
        pointer: `${at}/${k}`,
        message: `Say which currency this amount is in (or ${ANY_CURRENCY} for the payout's own currency).`,
      });
    }
  } else if (c.currency !== ANY_CURRENCY && isKnownCurrency(c.currency)) {
    const scale = currencyScale(c.currency);
    for (const k of amounts) {
      const amount = c[k];
      if (isDecimalString(amount) && amountScale(normalizeAmount(amount)) > scale) {
        errors.push({
          pointer: `${at}/${k}`,
          message:
            scale === 0
              ? `${c.currency} amounts have no decimals.`
              : `${c.currency} amounts have at most ${scale} decimal${scale === 1 ? '' : 's'}.`,
        });
      }
    }
  }
  if (c.currency === ANY_CURRENCY && amounts.length === 0) {
    errors.push({
      pointer: `${at}/currency`,
      message: `${ANY_CURRENCY} (any currency) goes with an amount; leave the currency out to match every currency.`,
    });
  }
  if (emptyRange(c)) {
    errors.push({
      pointer: `${at}/amount_up_to`,
      message: `No amount is above ${c.amount_above} and up to ${c.amount_up_to}: make "up to" more than "above".`,
    });
  }
  return errors;
}

function codeErrors(c: ApprovalConditions, at: string): FieldError[] {
  const errors: FieldError[] = [];
  if (c.currency !== undefined && c.currency !== ANY_CURRENCY && !isKnownCurrency(c.currency)) {
    errors.push({ pointer: `${at}/currency`, message: `Unknown currency "${c.currency}".` });
  }
  for (const [j, corridor] of (c.corridors ?? []).entries()) {
    if (!isCountryCode(corridor.country)) {
      errors.push({
        pointer: `${at}/corridors/${j}/country`,
        message: `Unknown country "${corridor.country}".`,
      });
    }
    if (!isKnownCurrency(corridor.currency)) {
      errors.push({
        pointer: `${at}/corridors/${j}/currency`,
        message: `Unknown currency "${corridor.currency}".`,
      });
    } else if (
      c.currency !== undefined &&
      c.currency !== ANY_CURRENCY &&
      corridor.currency !== c.currency
    ) {
      errors.push({
        pointer: `${at}/corridors/${j}/currency`,
        message: `This corridor is in ${corridor.currency} but the rule is for ${c.currency} payouts: it can never match.`,
      });
    }
  }
  return errors;
}

/** Rule ids that repeat, each pointed at from the second occurrence on. */
export function duplicateRuleIdErrors(rules: readonly ApprovalRule[]): FieldError[] {
  const first = new Map<string, number>();
  const errors: FieldError[] = [];
  for (const [i, rule] of rules.entries()) {
    const seen = first.get(rule.id);
    if (seen === undefined) first.set(rule.id, i);
    else {
      errors.push({
        pointer: `/rules/${i}/id`,
        message: `Rule ${seen + 1} has the same id; each rule needs its own.`,
      });
    }
  }
  return errors;
}

function orderErrors(rules: readonly ApprovalRule[], broken: ReadonlySet<number>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [j, later] of rules.entries()) {
    if (broken.has(j)) continue;
    const i = rules.findIndex(
      (earlier, k) => k < j && conditionsCover(earlier.conditions, later.conditions),
    );
    const earlier = rules[i];
    if (earlier === undefined) continue;
    errors.push({
      pointer: `/rules/${j}`,
      message: conditionsCover(earlier.conditions, {})
        ? `This rule can never apply: rule ${i + 1} before it matches every payout.`
        : `This rule can never apply: ${ruleLabel(i, earlier)} before it matches every payout this one would.`,
    });
  }
  const last = rules.length - 1;
  const lastRule = rules[last];
  if (lastRule !== undefined && !isCatchAll(lastRule)) {
    errors.push({
      pointer: `/rules/${last}/conditions`,
      message:
        'The last rule is the default for every other payout: remove its conditions, or add a rule without conditions after it.',
    });
  }
  return errors;
}

/**
 * What a schema cannot say about a policy: amounts without a currency or with an empty range,
 * unknown codes, no approver role, repeated ids, and rules that can never apply (after a catch-all
 * or an earlier rule whose conditions are the same or broader); the last rule must be the
 * default. Overlapping rules are fine: the first match wins. Pointers name the field
 * (`/rules/3/conditions/amount_up_to`), or the rule for an unreachable one (`/rules/3`).
 * Never throws on a policy of the right shape (malformed amounts are left to the schema).
 */
export function validatePolicy(policy: ApprovalPolicy): PolicyCheck {
  const { rules } = policy;
  if (rules.length === 0) {
    return {
      ok: false,
      errors: [{ pointer: '/rules', message: 'A policy needs at least its default rule.' }],
    };
  }
  const errors: FieldError[] = [];
  const broken = new Set<number>();
  for (const [i, rule] of rules.entries()) {
    const at = `/rules/${i}/conditions`;
    const ruleErrors = [...codeErrors(rule.conditions, at), ...amountErrors(rule.conditions, at)];
    if (rule.approvals.count > 0 && rule.approvals.roles.length === 0) {
      ruleErrors.push({
        pointer: `/rules/${i}/approvals/roles`,
        message: 'Choose who may approve: finance, admin or both.',
      });
    }
    // An empty range is covered by anything: its own error is enough.
    if (emptyRange(rule.conditions)) broken.add(i);
    errors.push(...ruleErrors);
  }
  errors.push(...duplicateRuleIdErrors(rules), ...orderErrors(rules, broken));
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
