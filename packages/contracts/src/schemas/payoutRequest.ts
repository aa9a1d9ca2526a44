/** Payout request (seed 2.1) and metadata (seed 2.2) schemas for any corridor. */
import { KNOWN_FIELDS, resolveField } from '../fieldRules.js';
import { PAYOUT_METHOD_TYPES, PAYOUT_REQUEST_FIELDS, type PayoutMethodType } from '../types.js';
import {
  countryCodeSchema,
  currencyCodeSchema,
  orderIdSchema,
  positiveAmountSchema,
} from './common.js';
import { DRAFT_07, type JsonSchema } from './jsonSchema.js';

/**
 * The metadata of one payout method type with every field seen for it (seed 2.2), each under its
 * name-based rule. Which fields a PSP requires is not known here, so none is required, and
 * fields of other names are let through as strings or numbers: `buildPayoutForm` is the strict,
 * per-PSP schema. The wallet address gets the generic rule (no currency here) and the expiry year
 * only a plausible range (no date here).
 */
export function payoutMetadataSchema(type: PayoutMethodType, currency = ''): JsonSchema {
  const fields = KNOWN_FIELDS[type].map((f) => resolveField(f, { currency }));
  return {
    $schema: DRAFT_07,
    title: `Payout metadata (${type})`,
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])),
    additionalProperties: { type: ['string', 'number'] },
  };
}

export const PAYOUT_METADATA_SCHEMAS: Readonly<Record<PayoutMethodType, JsonSchema>> = {
  credit_card: /* @__PURE__ */ payoutMetadataSchema('credit_card'),
  bank_account: /* @__PURE__ */ payoutMetadataSchema('bank_account'),
  crypto: /* @__PURE__ */ payoutMetadataSchema('crypto'),
};

/**
 * A payout as our code passes it around (seed 2.1, amount as a decimal string), for any corridor.
 * The corridor's own rules (amount scale, states, PSPs and their fields) are in the schema
 * `buildPayoutForm` builds.
 */
export const payoutRequestSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Payout',
  type: 'object',
  required: [...PAYOUT_REQUEST_FIELDS],
  additionalProperties: false,
  properties: {
    order_id: orderIdSchema(),
    provider: { type: 'string', title: 'Provider', minLength: 1 },
    country: countryCodeSchema(),
    currency: currencyCodeSchema(),
    state: { type: ['string', 'null'], title: 'State', minLength: 1, maxLength: 3 },
    amount: positiveAmountSchema(),
    payout_method_type: {
      type: 'string',
      title: 'Payout method',
      enum: [...PAYOUT_METHOD_TYPES],
    },
    metadata: {
      type: 'object',
      title: 'Recipient details',
      additionalProperties: { type: ['string', 'number'] },
    },
  },
  allOf: PAYOUT_METHOD_TYPES.map((type): JsonSchema => ({
    if: { properties: { payout_method_type: { const: type } }, required: ['payout_method_type'] },
    then: { properties: { metadata: PAYOUT_METADATA_SCHEMAS[type] } },
  })),
};
