import { z } from 'zod';
import { DECIMAL_STRING_RE } from '../money.js';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import { COUNTRY_CODE_RE, CURRENCY_CODE_RE } from '../api/patterns.js';
import {
  ANY_CURRENCY,
  APPROVAL_AMOUNT_MAX_LENGTH,
  APPROVAL_CONDITION_MAX_ITEMS,
  APPROVAL_COUNTS,
  APPROVAL_POLICY_MAX_RULES,
  APPROVAL_PROVIDER_MAX_LENGTH,
  APPROVAL_RULE_ID_RE,
  APPROVAL_RULE_NAME_MAX_LENGTH,
  APPROVER_ROLES,
  BENEFICIARY_WINDOW_MAX_DAYS,
  type ApprovalPolicy,
} from './approvalPolicy.js';

// The BFF parses policy bodies with these; the SPA imports approvalPolicy.ts (types and
// constants) and validatePolicy.ts, so zod never reaches its bundle. What a shape cannot say
// (empty ranges, unreachable rules, the default last) is `validatePolicy`'s, run after this.

const amount = z
  .string()
  .max(APPROVAL_AMOUNT_MAX_LENGTH, 'At most 15 digits before the point and 18 after it')
  .regex(DECIMAL_STRING_RE, 'Expected a decimal amount, e.g. 10000 or 0.5');

const currencyCode = z.string().regex(CURRENCY_CODE_RE, 'Expected a currency code');

function noRepeats<T>(items: readonly T[], key: (item: T) => string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: 'Listed twice' });
    seen.add(k);
  }
}

function list<T extends z.ZodType>(item: T, key: (value: z.output<T>) => string) {
  return z
    .array(item)
    .min(1, 'Choose at least one, or remove the condition')
    .max(APPROVAL_CONDITION_MAX_ITEMS)
    .superRefine((items, ctx) => noRepeats(items, key, ctx));
}

export const approvalCorridorSchema = z.strictObject({
  country: z.string().regex(COUNTRY_CODE_RE, 'Expected a two-letter country code'),
  currency: currencyCode,
});

export const approvalConditionsSchema = z.strictObject({
  currency: z.union([currencyCode, z.literal(ANY_CURRENCY)]).optional(),
  amount_above: amount.optional(),
  amount_up_to: amount.optional(),
  payout_method_types: list(z.enum(PAYOUT_METHOD_TYPES), (t) => t).optional(),
  providers: list(z.string().trim().min(1).max(APPROVAL_PROVIDER_MAX_LENGTH), (p) => p).optional(),
  corridors: list(approvalCorridorSchema, (c) => `${c.country}/${c.currency}`).optional(),
  beneficiary_new_or_changed_within_days: z
    .number()
    .int('Expected whole days')
    .min(1)
    .max(BENEFICIARY_WINDOW_MAX_DAYS)
    .optional(),
  in_batch: z.boolean('Expected true or false').optional(),
});

export const approvalRequirementSchema = z.strictObject({
  // The `enum` restates the values for the BFF's OpenAPI document: @asteasolutions/zod-to-openapi
  // 9.1 documents a literal of several values as its first value only.
  count: z
    .literal(APPROVAL_COUNTS, 'Expected 0, 1, 2 or 3 approvers')
    .meta({ enum: [...APPROVAL_COUNTS] }),
  roles: z
    .array(z.enum(APPROVER_ROLES))
    .max(APPROVER_ROLES.length)
    .superRefine((roles, ctx) => noRepeats(roles, (r) => r, ctx)),
});

export const approvalRuleSchema = z.strictObject({
  id: z.string().regex(APPROVAL_RULE_ID_RE, 'Expected 1 to 64 letters, digits, - or _'),
  name: z.string().trim().min(1, 'Name the rule').max(APPROVAL_RULE_NAME_MAX_LENGTH),
  conditions: approvalConditionsSchema,
  approvals: approvalRequirementSchema,
});

/** A policy body (`PUT`/proposal of the approval policy): its shape, and each rule id once. */
export const approvalPolicySchema = z.strictObject({
  rules: z
    .array(approvalRuleSchema)
    .min(1, 'A policy needs at least its default rule')
    .max(APPROVAL_POLICY_MAX_RULES)
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      for (const [i, rule] of rules.entries()) {
        if (seen.has(rule.id)) {
          ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Another rule has this id' });
        }
        seen.add(rule.id);
      }
    }),
});

export type ApprovalPolicyBody = z.output<typeof approvalPolicySchema>;

// Fails to compile when the schema and the hand-written type drift apart.
const _schemaIsThePolicy = (body: ApprovalPolicyBody): ApprovalPolicy => body;
const _policyFitsTheSchema = (policy: ApprovalPolicy): ApprovalPolicyBody => policy;
