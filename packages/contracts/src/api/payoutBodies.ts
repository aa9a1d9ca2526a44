import { z } from 'zod';
import { MAX_AMOUNT_INTEGER_DIGITS } from '../money.js';
import { ORDER_ID_PATTERN } from '../schemas/common.js';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import { COUNTRY_CODE_RE, CURRENCY_CODE_RE } from './patterns.js';

// The BFF parses with these; the SPA imports types and constants only, so zod never reaches its
// bundle.

/** The corridor a create body names; the service checks the rest against that corridor's form. */
export const corridorOfBody = z.looseObject({
  country: z.string().regex(COUNTRY_CODE_RE, 'Choose a country'),
  currency: z.string().regex(CURRENCY_CODE_RE, 'Choose a currency'),
});

/**
 * A payout made with a corridor's form. The handler parses the corridor with `corridorOfBody`,
 * then checks the whole body with ajv against that corridor's form, a JSON Schema built per PSP
 * from the orchestrator's metadata (`payoutForm.ts`, after trimming `order_id` and `amount` and
 * tidying metadata values): its pointers and messages are the form's. This schema is what every
 * corridor's form has in common, for the document.
 */
export const payoutFormBody = z
  .strictObject({
    order_id: z
      .string()
      .regex(new RegExp(ORDER_ID_PATTERN))
      .describe(
        'Your reference: 1 to 64 letters, digits and . _ : - (the orchestrator’s order id)',
      ),
    provider: z
      .string()
      .min(1)
      .describe('A PSP offering `payout_method_type` in this corridor (`GET /providers`)'),
    country: corridorOfBody.shape.country,
    currency: corridorOfBody.shape.currency,
    state: z
      .string()
      .nullable()
      .describe('The state or province code where the country has them (US, CA, AU…), else null'),
    amount: z
      .string()
      .regex(new RegExp(`^(0|[1-9][0-9]{0,${MAX_AMOUNT_INTEGER_DIGITS - 1}})(\\.[0-9]{1,18})?$`))
      .describe(
        'A decimal string greater than 0, with at most the currency’s decimals (ISO 4217 minor units; crypto up to 18)',
      ),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    metadata: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]))
      .describe(
        'The recipient details: the fields of the PSP’s form for this payout method type, which depend on the PSP (`GET /providers` lists each PSP’s fields; an optional one may be null or left out)',
      ),
  })
  .meta({ id: 'PayoutFormRequest' });

/**
 * A payout to a saved beneficiary (`beneficiary_id` present): the beneficiary gives corridor,
 * PSP, type and details; amount and order id are checked by the payout form like any payout's.
 * `metadata` only for a card beneficiary without a token: the card fields typed again.
 */
export const beneficiaryPayoutBody = z.strictObject({
  beneficiary_id: z.uuid('Choose a beneficiary'),
  amount: z.string('Enter an amount'),
  order_id: z.string('Expected an order id').optional(),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number()]), 'Expected the card fields')
    .optional(),
});

/**
 * `POST /api/payouts` takes either body, told apart by `beneficiary_id` (a saved beneficiary
 * also needs `beneficiaries:write`).
 */
export const createPayoutBody = z.union([payoutFormBody, beneficiaryPayoutBody]).meta({
  description:
    'A corridor’s form (checked against the chosen PSP’s form), or a payout to a saved beneficiary (`beneficiary_id`: it gives corridor, PSP, type and details)',
});

export const PAYOUT_REASON_MAX_LENGTH = 500;

export const rejectPayoutBody = z.strictObject({
  reason: z
    .string('Say why it is rejected')
    .trim()
    .min(1, 'Say why it is rejected')
    .max(PAYOUT_REASON_MAX_LENGTH, `At most ${PAYOUT_REASON_MAX_LENGTH} characters`),
});

export const cancelPayoutBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(PAYOUT_REASON_MAX_LENGTH, `At most ${PAYOUT_REASON_MAX_LENGTH} characters`)
    .optional(),
});

const resolutionReason = z
  .string('Say why')
  .trim()
  .min(1, 'Say why')
  .max(PAYOUT_REASON_MAX_LENGTH, `At most ${PAYOUT_REASON_MAX_LENGTH} characters`);

/** `POST /api/payouts/:id/resolution`: a person settles an unknown payout (decision 040). */
export const payoutResolutionBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('found'),
      orchestrator_id: z
        .string('Enter the orchestrator id')
        .trim()
        .min(1, 'Enter the orchestrator id')
        .max(200, 'At most 200 characters')
        .regex(/^[\x21-\x7e]+$/, 'Letters, digits and punctuation only'),
    }),
    z.strictObject({ action: z.literal('propose_mark_failed'), reason: resolutionReason }),
    z.strictObject({ action: z.literal('confirm_mark_failed') }),
    z.strictObject({ action: z.literal('decline_mark_failed'), reason: resolutionReason }),
  ],
  {
    error: 'Expected action found, propose_mark_failed, confirm_mark_failed or decline_mark_failed',
  },
);

/** At most this many payouts in one bulk resolution (each is its own transaction and lookup). */
export const BULK_RESOLUTION_MAX = 100;
const bulkPayoutIds = z
  .array(z.uuid('Expected a payout id'), 'Choose the payouts')
  .min(1, 'Choose at least one payout')
  .max(BULK_RESOLUTION_MAX, `At most ${BULK_RESOLUTION_MAX} payouts at once`)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
    message: 'Each payout at most once',
  });

/** `POST /api/payouts/resolutions`: propose or confirm "not sent: mark failed" for several. */
export const bulkResolutionBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('propose_mark_failed'),
      reason: resolutionReason,
      payout_ids: bulkPayoutIds,
    }),
    z.strictObject({ action: z.literal('confirm_mark_failed'), payout_ids: bulkPayoutIds }),
  ],
  { error: 'Expected action propose_mark_failed or confirm_mark_failed' },
);

/** `POST /api/payouts/:id/send-again`: a new payout (a new order id) from one marked failed. */
export const sendAgainBody = z.strictObject({
  order_id: z.string('Enter a new order id').trim().min(1, 'Enter a new order id').max(64),
});
