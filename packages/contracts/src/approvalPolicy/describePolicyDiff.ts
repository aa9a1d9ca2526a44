import { ROLE_TITLES } from '../api/permissions.js';
import { compareAmounts, isDecimalString } from '../money.js';
import { PAYOUT_METHOD_TYPE_TITLES } from '../types.js';
import {
  ANY_CURRENCY,
  APPROVAL_CONDITION_NAMES,
  APPROVAL_CONDITION_TITLES,
  type ApprovalConditionName,
  type ApprovalConditions,
  type ApprovalPolicy,
  type ApprovalRequirement,
  type ApprovalRule,
} from './approvalPolicy.js';

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** One condition's value in words, for messages ("above 10000 EUR", "Card or Crypto wallet"). */
function conditionValue(name: ApprovalConditionName, c: ApprovalConditions): string | undefined {
  switch (name) {
    case 'currency':
      return c.currency === ANY_CURRENCY ? 'any currency' : c.currency;
    case 'amount_above':
    case 'amount_up_to':
      return c[name];
    case 'payout_method_types':
      return (
        c.payout_method_types &&
        orList(c.payout_method_types.map((t) => PAYOUT_METHOD_TYPE_TITLES[t]))
      );
    case 'providers':
      return c.providers && orList(c.providers);
    case 'corridors':
      return c.corridors && orList(c.corridors.map((k) => `${k.country} ${k.currency}`));
    case 'beneficiary_new_or_changed_within_days': {
      const days = c.beneficiary_new_or_changed_within_days;
      return days === undefined ? undefined : `${days} day${days === 1 ? '' : 's'}`;
    }
    case 'in_batch':
      return c.in_batch === undefined ? undefined : batchText(c.in_batch);
  }
}

function batchText(inBatch: boolean): string {
  return inBatch ? 'part of a batch' : 'not part of a batch';
}

/** A rule's conditions in words: "EUR, above 10000, PSP acme"; "every payout" for none. */
export function describeConditions(c: ApprovalConditions): string {
  const currency =
    c.currency === ANY_CURRENCY ? ' (any currency)' : c.currency ? ` ${c.currency}` : '';
  const parts: string[] = [];
  if (c.currency !== undefined && c.currency !== ANY_CURRENCY) parts.push(c.currency);
  if (c.amount_above !== undefined) parts.push(`above ${c.amount_above}${currency}`);
  if (c.amount_up_to !== undefined) parts.push(`up to ${c.amount_up_to}${currency}`);
  if (c.payout_method_types) parts.push(`type ${conditionValue('payout_method_types', c)}`);
  if (c.providers) parts.push(`PSP ${conditionValue('providers', c)}`);
  if (c.corridors) parts.push(`corridor ${conditionValue('corridors', c)}`);
  if (c.beneficiary_new_or_changed_within_days !== undefined) {
    parts.push(
      `beneficiary new or changed in the last ${conditionValue('beneficiary_new_or_changed_within_days', c)}`,
    );
  }
  if (c.in_batch !== undefined) parts.push(batchText(c.in_batch));
  return parts.length === 0 ? 'every payout' : parts.join(', ');
}

function rolesText(roles: readonly string[]): string {
  return orList(roles.map((r) => ROLE_TITLES[r as keyof typeof ROLE_TITLES] ?? r));
}

/** "no approval", "1 approver (Finance or Admin)", "2 approvers (Admin)". */
export function describeApprovals(a: { count: number; roles: readonly string[] }): string {
  if (a.count === 0) return 'no approval';
  return `${a.count} approver${a.count === 1 ? '' : 's'} (${rolesText(a.roles)})`;
}

/** "EUR, above 10000 EUR: 1 approver (Finance or Admin)". */
export function describeRule(rule: ApprovalRule): string {
  return `${describeConditions(rule.conditions)}: ${describeApprovals(rule.approvals)}`;
}

export type PolicyChangeKind = 'added' | 'removed' | 'moved' | 'changed';

/** One difference between two policies, for the "proposed change" view. */
export interface PolicyChange {
  kind: PolicyChangeKind;
  rule_id: string;
  /** For `changed`: `name`, `approvals.count`, `approvals.roles` or `conditions.<name>`. */
  field?: string;
  message: string;
}

function sameCondition(name: ApprovalConditionName, a: ApprovalConditions, b: ApprovalConditions) {
  const x = a[name];
  const y = b[name];
  if (x === undefined || y === undefined) return x === y;
  if (
    (name === 'amount_above' || name === 'amount_up_to') &&
    isDecimalString(x) &&
    isDecimalString(y)
  ) {
    return compareAmounts(x, y) === 0;
  }
  // Lists are sets: the order they were picked in does not change what they match.
  const key = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map((i) => JSON.stringify(i))
          .sort()
          .join('|')
      : JSON.stringify(v);
  return key(x) === key(y);
}

function ruleChanges(before: ApprovalRule, after: ApprovalRule): PolicyChange[] {
  const changes: PolicyChange[] = [];
  const label = `Rule "${after.name}"`;
  const change = (field: string, message: string) =>
    changes.push({ kind: 'changed', rule_id: after.id, field, message });
  if (before.name !== after.name)
    change('name', `Rule "${before.name}" renamed to "${after.name}".`);
  for (const name of APPROVAL_CONDITION_NAMES) {
    if (sameCondition(name, before.conditions, after.conditions)) continue;
    const was = conditionValue(name, before.conditions);
    const now = conditionValue(name, after.conditions);
    const title = APPROVAL_CONDITION_TITLES[name];
    if (name === 'in_batch') {
      // The value says it all: "only payouts part of a batch", not "part of a batch yes".
      change(
        `conditions.${name}`,
        was === undefined
          ? `${label}: now only for payouts ${now}.`
          : now === undefined
            ? `${label}: no longer only for payouts ${was}.`
            : `${label}: changed from payouts ${was} to payouts ${now}.`,
      );
      continue;
    }
    change(
      `conditions.${name}`,
      was === undefined
        ? `${label}: ${title} ${now} added.`
        : now === undefined
          ? `${label}: ${title} ${was} removed.`
          : `${label}: ${title} changed from ${was} to ${now}.`,
    );
  }
  if (before.approvals.count !== after.approvals.count) {
    change(
      'approvals.count',
      `${label}: approvers changed from ${before.approvals.count} to ${after.approvals.count}.`,
    );
  }
  const roles = (a: ApprovalRequirement) => [...a.roles].sort().join('|');
  if (roles(before.approvals) !== roles(after.approvals)) {
    const text = (a: ApprovalRequirement) => (a.roles.length ? rolesText(a.roles) : 'nobody');
    change(
      'approvals.roles',
      `${label}: who may approve changed from ${text(before.approvals)} to ${text(after.approvals)}.`,
    );
  }
  return changes;
}

/** The ids of `a` in the longest subsequence common to `a` and `b` (what kept its order). */
function keptOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const at = (i: number, j: number) => len[i]?.[j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = len[i];
      if (row) row[j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      kept.add(a[i] ?? '');
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return kept;
}

/**
 * What changes from `before` to `after`, in words: removed rules first, then the new policy's
 * rules in order (added, moved, or changed field by field). Rules are matched by id; positions
 * are counted from 1. A move is reported only for rules that left the common order (moving one
 * rule up does not report every rule it jumped over). Lists compare as sets, amounts by value.
 */
export function describePolicyDiff(before: ApprovalPolicy, after: ApprovalPolicy): PolicyChange[] {
  const beforeById = new Map(before.rules.map((r, i) => [r.id, { rule: r, index: i }]));
  const afterIds = new Set(after.rules.map((r) => r.id));
  const changes: PolicyChange[] = [];
  for (const [i, rule] of before.rules.entries()) {
    if (afterIds.has(rule.id)) continue;
    changes.push({
      kind: 'removed',
      rule_id: rule.id,
      message: `Rule "${rule.name}" removed (was rule ${i + 1}: ${describeRule(rule)}).`,
    });
  }
  const kept = keptOrder(
    before.rules.map((r) => r.id).filter((id) => afterIds.has(id)),
    after.rules.map((r) => r.id).filter((id) => beforeById.has(id)),
  );
  for (const [j, rule] of after.rules.entries()) {
    const old = beforeById.get(rule.id);
    if (!old) {
      changes.push({
        kind: 'added',
        rule_id: rule.id,
        message: `Rule "${rule.name}" added as rule ${j + 1}: ${describeRule(rule)}.`,
      });
      continue;
    }
    if (!kept.has(rule.id)) {
      changes.push({
        kind: 'moved',
        rule_id: rule.id,
        message: `Rule "${rule.name}" moved from position ${old.index + 1} to ${j + 1}.`,
      });
    }
    changes.push(...ruleChanges(old.rule, rule));
  }
  return changes;
}
