import { z } from 'zod';
import {
  APPROVAL_AMOUNT_MAX_LENGTH,
  APPROVAL_PROVIDER_MAX_LENGTH,
} from '../approvalPolicy/approvalPolicy.js';
import { approvalPolicySchema } from '../approvalPolicy/approvalPolicySchema.js';
import { DECIMAL_STRING_RE } from '../money.js';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import {
  POLICY_NOTE_MAX_LENGTH,
  POLICY_REASON_MAX_LENGTH,
  type PolicyDryRunBody,
  type ProposePolicyBody,
} from './approvalPolicies.js';
import { COUNTRY_CODE_RE, CURRENCY_CODE_RE } from './patterns.js';

// The BFF parses with these; the SPA imports only approvalPolicies.ts (types and constants), so
// zod never reaches its bundle. What a shape cannot say is `validatePolicy`'s, run after this.

/** The longest "days ago" a dry run takes: ten times the longest beneficiary window. */
export const POLICY_DRY_RUN_MAX_DAYS = 36_500;

/** `POST /api/approval-policies/proposals`. */
export const proposePolicyBody = z.strictObject({
  policy: approvalPolicySchema,
  note: z
    .string()
    .trim()
    .max(POLICY_NOTE_MAX_LENGTH, `At most ${POLICY_NOTE_MAX_LENGTH} characters`)
    .optional(),
});

/** `POST /api/approval-policies/proposals/:id/reject`. */
export const rejectPolicyBody = z.strictObject({
  reason: z
    .string('Say why it is rejected')
    .trim()
    .min(1, 'Say why it is rejected')
    .max(POLICY_REASON_MAX_LENGTH, `At most ${POLICY_REASON_MAX_LENGTH} characters`),
});

/** `POST /api/approval-policies/dry-run`: a sample payout, and the policy to try (or the active one). */
export const policyDryRunBody = z.strictObject({
  policy: approvalPolicySchema.optional(),
  payout: z.strictObject({
    amount: z
      .string()
      .max(APPROVAL_AMOUNT_MAX_LENGTH, 'At most 15 digits before the point and 18 after it')
      .regex(DECIMAL_STRING_RE, 'Expected a decimal amount, e.g. 10000 or 0.5'),
    currency: z.string().regex(CURRENCY_CODE_RE, 'Expected a currency code'),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    provider: z.string().trim().min(1).max(APPROVAL_PROVIDER_MAX_LENGTH),
    country: z.string().regex(COUNTRY_CODE_RE, 'Expected a two-letter country code'),
    beneficiary_changed_days_ago: z
      .number()
      .int('Expected whole days')
      .min(0)
      .max(POLICY_DRY_RUN_MAX_DAYS)
      .optional(),
    in_batch: z.boolean('Expected true or false').optional(),
  }),
});

// Fails to compile when the schemas and the hand-written body types drift apart.
const _proposeFitsTheSchema = (body: ProposePolicyBody): z.input<typeof proposePolicyBody> => body;
const _dryRunFitsTheSchema = (body: PolicyDryRunBody): z.input<typeof policyDryRunBody> => body;
