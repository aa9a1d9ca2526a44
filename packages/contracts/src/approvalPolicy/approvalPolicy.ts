/**
 * Approval policies: who must approve a payout before it is sent. Types and limits only, without
 * zod (the schema is `approvalPolicySchema.ts`), so the SPA can name them without bundling zod.
 *
 * A policy is an ordered list of rules; the first rule whose conditions all hold applies, and the
 * last rule has no conditions (the default, so every payout matches some rule).
 */
import type { Corridor, PayoutMethodType } from '../types.js';

/** The roles that may approve a payout (`payouts:approve`). */
export const APPROVER_ROLES = ['finance', 'admin'] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];

/** A rule asks for 0 (none) to 3 distinct approvers. */
export const APPROVAL_COUNTS = [0, 1, 2, 3] as const;
export type ApprovalCount = (typeof APPROVAL_COUNTS)[number];

/**
 * The `currency` condition that matches every currency, so that an amount condition can say
 * "above 10000 in whatever currency the payout is in" (what `APPROVAL_THRESHOLDS`' `*` meant).
 * An amount without any currency condition is refused: "above 10000" must say in what.
 */
export const ANY_CURRENCY = '*';

export const APPROVAL_POLICY_MAX_RULES = 100;
export const APPROVAL_RULE_NAME_MAX_LENGTH = 100;
export const APPROVAL_RULE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';
export const APPROVAL_RULE_ID_RE = new RegExp(APPROVAL_RULE_ID_PATTERN);
/** The longest list in one condition (method types, PSPs, corridors). */
export const APPROVAL_CONDITION_MAX_ITEMS = 100;
export const APPROVAL_PROVIDER_MAX_LENGTH = 100;
/** Decimal strings in conditions: 15 integer digits, 18 fraction digits, the point. */
export const APPROVAL_AMOUNT_MAX_LENGTH = 34;
/** "New or changed in the last N days": 1 to 3650 days of 24 hours each. */
export const BENEFICIARY_WINDOW_MAX_DAYS = 3650;
export const DAY_MS = 86_400_000;

/**
 * What a payout must be for a rule to apply; every condition set must hold (absent = any).
 * Amounts are decimal strings in the payout's currency: `amount_above` is exclusive ("above
 * 10000" means more than 10000), `amount_up_to` inclusive, so 10000 is "up to 10000", never
 * "above 10000", and adjacent rules never overlap or leave a gap.
 */
export interface ApprovalConditions {
  /** A currency code, or `ANY_CURRENCY` (only useful with an amount condition). */
  currency?: string;
  amount_above?: string;
  amount_up_to?: string;
  payout_method_types?: PayoutMethodType[];
  /** PSP codes (`PayoutFacts.provider`). */
  providers?: string[];
  corridors?: Corridor[];
  /**
   * Paid to a saved beneficiary created, or whose payment details changed, at most this many
   * days (of 24 hours) before the payout. A payout to no saved beneficiary does not match.
   */
  beneficiary_new_or_changed_within_days?: number;
  /**
   * Part of a batch: true applies the rule only to the rows of a batch payout file (and to the
   * batch-level approval of a batch), false only to payouts created one by one.
   */
  in_batch?: boolean;
}

export type ApprovalConditionName = keyof ApprovalConditions;

/** The conditions in the order they are checked and described. */
export const APPROVAL_CONDITION_NAMES = [
  'currency',
  'amount_above',
  'amount_up_to',
  'payout_method_types',
  'providers',
  'corridors',
  'beneficiary_new_or_changed_within_days',
  'in_batch',
] as const satisfies readonly ApprovalConditionName[];

/** How a condition is named on screen and in messages. */
export const APPROVAL_CONDITION_TITLES: Readonly<Record<ApprovalConditionName, string>> = {
  currency: 'currency',
  amount_above: 'amount above',
  amount_up_to: 'amount up to',
  payout_method_types: 'payout type',
  providers: 'PSP',
  corridors: 'corridor',
  beneficiary_new_or_changed_within_days: 'new or changed beneficiary',
  in_batch: 'part of a batch',
};

export interface ApprovalRequirement {
  /** Distinct approvers, none of them the payout's creator. */
  count: ApprovalCount;
  /** The roles whose members may approve; at least one when `count` > 0. */
  roles: ApproverRole[];
}

export interface ApprovalRule {
  id: string;
  name: string;
  conditions: ApprovalConditions;
  approvals: ApprovalRequirement;
}

export interface ApprovalPolicy {
  rules: ApprovalRule[];
}

/** What the rules look at in a payout, and when. */
export interface PayoutFacts {
  currency: string;
  /** A decimal string. */
  amount: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  country: string;
  /** The saved beneficiary paid, if any; `created_or_changed_at` is an ISO instant. */
  beneficiary?: { created_or_changed_at: string } | null;
  /** A row of a batch payout file (or a batch's own approval), not a payout created on its own. */
  in_batch: boolean;
  now: Date;
}

/** The conditions a rule sets, in `APPROVAL_CONDITION_NAMES` order (undefined counts as unset). */
export function conditionsSet(conditions: ApprovalConditions): ApprovalConditionName[] {
  return APPROVAL_CONDITION_NAMES.filter((name) => conditions[name] !== undefined);
}

/** A rule without conditions matches every payout. */
export function isCatchAll(rule: ApprovalRule): boolean {
  return conditionsSet(rule.conditions).length === 0;
}
