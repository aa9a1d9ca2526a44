import {
  APPROVAL_AMOUNT_MAX_LENGTH,
  APPROVAL_CONDITION_MAX_ITEMS,
  APPROVAL_POLICY_MAX_RULES,
  APPROVAL_PROVIDER_MAX_LENGTH,
  APPROVAL_RULE_NAME_MAX_LENGTH,
  APPROVER_ROLES,
  BENEFICIARY_WINDOW_MAX_DAYS,
  isDecimalString,
  validatePolicy,
  type ApprovalConditions,
  type ApprovalCount,
  type ApprovalPolicy,
  type ApprovalRule,
  type ApproverRole,
  type Corridor,
  type FieldError,
  type PayoutMethodType,
} from '@payouts/contracts';

/**
 * One rule as the editor holds it: what the fields show, as typed. `policyFromDrafts` turns the
 * list into the `ApprovalPolicy` the BFF takes; the same engine (`validatePolicy`) then checks it
 * here and there, so the screen and the server report the same errors at the same pointers.
 */
export interface RuleDraft {
  /** React's key: stable while the rule moves. */
  key: string;
  /** An existing rule keeps its id; a new one gets one from its name (`ruleIds`). */
  id: string | null;
  name: string;
  /** '' for no currency condition, `*` for any currency. */
  currency: string;
  amountAbove: string;
  amountUpTo: string;
  payoutTypes: PayoutMethodType[];
  /** PSP codes, separated by commas. */
  providers: string;
  /** `BE/EUR, NL/EUR`. */
  corridors: string;
  beneficiaryDays: string;
  /** Part of a batch: `any` (no condition), `yes` (batch rows only) or `no` (single payouts only). */
  inBatch: InBatchChoice;
  count: ApprovalCount;
  roles: ApproverRole[];
}

export type InBatchChoice = 'any' | 'yes' | 'no';

/** Where a pointer lands in the editor: a field of a rule, the rule as a whole, or the policy. */
export type DraftField =
  | 'name'
  | 'currency'
  | 'amount_above'
  | 'amount_up_to'
  | 'payout_method_types'
  | 'providers'
  | 'corridors'
  | 'beneficiary_new_or_changed_within_days'
  | 'in_batch'
  | 'count'
  | 'roles'
  | 'rule';

let keys = 0;
function nextKey(): string {
  keys += 1;
  return `rule-${keys}`;
}

export function draftFromRule(rule: ApprovalRule): RuleDraft {
  const c = rule.conditions;
  return {
    key: nextKey(),
    id: rule.id,
    name: rule.name,
    currency: c.currency ?? '',
    amountAbove: c.amount_above ?? '',
    amountUpTo: c.amount_up_to ?? '',
    payoutTypes: [...(c.payout_method_types ?? [])],
    providers: (c.providers ?? []).join(', '),
    corridors: (c.corridors ?? []).map((k) => `${k.country}/${k.currency}`).join(', '),
    beneficiaryDays:
      c.beneficiary_new_or_changed_within_days === undefined
        ? ''
        : String(c.beneficiary_new_or_changed_within_days),
    inBatch: c.in_batch === undefined ? 'any' : c.in_batch ? 'yes' : 'no',
    count: rule.approvals.count,
    roles: [...rule.approvals.roles],
  };
}

export function newRuleDraft(): RuleDraft {
  return {
    key: nextKey(),
    id: null,
    name: '',
    currency: '',
    amountAbove: '',
    amountUpTo: '',
    payoutTypes: [],
    providers: '',
    corridors: '',
    beneficiaryDays: '',
    inBatch: 'any',
    count: 1,
    roles: [...APPROVER_ROLES],
  };
}

/** `Above 10,000 EUR` -> `above-10-000-eur`; `rule` when nothing is left. */
export function slugId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug === '' ? 'rule' : slug;
}

/** Each rule's id: kept for existing rules, from the name (made unique) for new ones. */
export function ruleIds(drafts: readonly RuleDraft[]): string[] {
  const taken = new Set(drafts.flatMap((d) => (d.id === null ? [] : [d.id])));
  return drafts.map((d) => {
    if (d.id !== null) return d.id;
    const base = slugId(d.name);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const CORRIDOR_RE = /^([A-Za-z]{2})\s*[/ ]\s*([A-Za-z][A-Za-z0-9]{1,9})$/;

/**
 * The policy the drafts describe, and what the schema would refuse in them (pointers as the
 * BFF's: `/rules/2/conditions/amount_up_to`). Malformed values stay out of the policy.
 */
export function policyFromDrafts(drafts: readonly RuleDraft[]): {
  policy: ApprovalPolicy;
  errors: FieldError[];
} {
  const errors: FieldError[] = [];
  const ids = ruleIds(drafts);
  if (drafts.length > APPROVAL_POLICY_MAX_RULES) {
    errors.push({ pointer: '/rules', message: `At most ${APPROVAL_POLICY_MAX_RULES} rules.` });
  }
  const rules = drafts.map((d, i): ApprovalRule => {
    const at = `/rules/${i}`;
    const c: ApprovalConditions = {};
    const name = d.name.trim();
    if (name === '') errors.push({ pointer: `${at}/name`, message: 'Name the rule.' });
    else if (name.length > APPROVAL_RULE_NAME_MAX_LENGTH) {
      errors.push({
        pointer: `${at}/name`,
        message: `At most ${APPROVAL_RULE_NAME_MAX_LENGTH} characters.`,
      });
    }
    if (d.currency !== '') c.currency = d.currency;
    for (const [key, value] of [
      ['amount_above', d.amountAbove.trim()],
      ['amount_up_to', d.amountUpTo.trim()],
    ] as const) {
      if (value === '') continue;
      if (!isDecimalString(value) || value.length > APPROVAL_AMOUNT_MAX_LENGTH) {
        errors.push({
          pointer: `${at}/conditions/${key}`,
          message: 'Expected a decimal amount, e.g. 10000 or 0.5.',
        });
      } else c[key] = value;
    }
    if (d.payoutTypes.length > 0) c.payout_method_types = [...d.payoutTypes];
    const providers = [...new Set(splitList(d.providers))];
    if (providers.some((p) => p.length > APPROVAL_PROVIDER_MAX_LENGTH)) {
      errors.push({
        pointer: `${at}/conditions/providers`,
        message: `A PSP code has at most ${APPROVAL_PROVIDER_MAX_LENGTH} characters.`,
      });
    } else if (providers.length > APPROVAL_CONDITION_MAX_ITEMS) {
      errors.push({
        pointer: `${at}/conditions/providers`,
        message: `At most ${APPROVAL_CONDITION_MAX_ITEMS} PSPs.`,
      });
    } else if (providers.length > 0) c.providers = providers;
    const corridorTexts = splitList(d.corridors);
    const corridors: Corridor[] = [];
    const bad = corridorTexts.filter((text) => {
      const m = CORRIDOR_RE.exec(text);
      if (!m?.[1] || !m[2]) return true;
      const corridor = { country: m[1].toUpperCase(), currency: m[2].toUpperCase() };
      if (
        !corridors.some((k) => k.country === corridor.country && k.currency === corridor.currency)
      )
        corridors.push(corridor);
      return false;
    });
    if (bad.length > 0) {
      errors.push({
        pointer: `${at}/conditions/corridors`,
        message: `Write each corridor as country/currency, e.g. BE/EUR (not ${bad.join(', ')}).`,
      });
    } else if (corridors.length > APPROVAL_CONDITION_MAX_ITEMS) {
      errors.push({
        pointer: `${at}/conditions/corridors`,
        message: `At most ${APPROVAL_CONDITION_MAX_ITEMS} corridors.`,
      });
    } else if (corridors.length > 0) c.corridors = corridors;
    const days = d.beneficiaryDays.trim();
    if (days !== '') {
      const n = Number(days);
      if (!/^\d+$/.test(days) || n < 1 || n > BENEFICIARY_WINDOW_MAX_DAYS) {
        errors.push({
          pointer: `${at}/conditions/beneficiary_new_or_changed_within_days`,
          message: `Whole days from 1 to ${BENEFICIARY_WINDOW_MAX_DAYS}.`,
        });
      } else c.beneficiary_new_or_changed_within_days = n;
    }
    if (d.inBatch !== 'any') c.in_batch = d.inBatch === 'yes';
    return {
      id: ids[i] ?? 'rule',
      name,
      conditions: c,
      // No approval needs nobody: roles are kept only when someone approves.
      approvals: { count: d.count, roles: d.count === 0 ? [] : [...d.roles] },
    };
  });
  return { policy: { rules }, errors };
}

/** Shape errors first; the engine's errors where the shape had nothing to say. */
export function checkDrafts(drafts: readonly RuleDraft[]): {
  policy: ApprovalPolicy;
  errors: FieldError[];
} {
  const { policy, errors } = policyFromDrafts(drafts);
  const check = validatePolicy(policy);
  if (check.ok) return { policy, errors };
  const shaped = new Set(errors.map((e) => e.pointer));
  return { policy, errors: [...errors, ...check.errors.filter((e) => !shaped.has(e.pointer))] };
}

const FIELD_BY_SEGMENT: Readonly<Record<string, DraftField>> = {
  name: 'name',
  id: 'rule',
  currency: 'currency',
  amount_above: 'amount_above',
  amount_up_to: 'amount_up_to',
  payout_method_types: 'payout_method_types',
  providers: 'providers',
  corridors: 'corridors',
  beneficiary_new_or_changed_within_days: 'beneficiary_new_or_changed_within_days',
  in_batch: 'in_batch',
  count: 'count',
  roles: 'roles',
};

/**
 * Where an error's pointer belongs: `{ rule, field }` for `/rules/2/conditions/currency` (the
 * BFF's `/policy/rules/...` too), `{ rule, field: 'rule' }` for the rule itself, else undefined
 * (the policy as a whole).
 */
export function pointerTarget(pointer: string): { rule: number; field: DraftField } | undefined {
  const parts = pointer
    .replace(/^\/policy(?=\/|$)/, '')
    .split('/')
    .slice(1);
  if (parts[0] !== 'rules' || parts[1] === undefined || !/^\d+$/.test(parts[1])) return undefined;
  const rule = Number(parts[1]);
  const rest = parts.slice(2);
  const segment = rest[0] === 'conditions' || rest[0] === 'approvals' ? rest[1] : rest[0];
  const field = segment === undefined ? undefined : FIELD_BY_SEGMENT[segment];
  return { rule, field: field ?? 'rule' };
}

/** Errors per `rule:field`, and those that name no rule. */
export function errorsByField(errors: readonly FieldError[]): {
  at: (rule: number, field: DraftField) => string | undefined;
  /** Every field's errors of one rule. */
  ofRule: (rule: number) => Partial<Record<DraftField, string>>;
  general: string[];
} {
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const error of errors) {
    const target = pointerTarget(error.pointer);
    if (!target) {
      general.push(error.message);
      continue;
    }
    const key = `${target.rule}:${target.field}`;
    byField.set(key, [...(byField.get(key) ?? []), error.message]);
  }
  const at = (rule: number, field: DraftField): string | undefined =>
    byField.get(`${rule}:${field}`)?.join(' ');
  const ofRule = (rule: number): Partial<Record<DraftField, string>> => {
    const found: Partial<Record<DraftField, string>> = {};
    for (const [key, messages] of byField) {
      const [r, field] = key.split(':');
      if (Number(r) === rule && field) found[field as DraftField] = messages.join(' ');
    }
    return found;
  };
  return { at, ofRule, general };
}
