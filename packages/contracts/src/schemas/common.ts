/** Schema building blocks shared by the request schemas and the payout form. */
import { CURRENCIES, currencyScale } from '../currencies.js';
import { COUNTRY_CODES } from '../countries.js';
import {
  amountPatternFor,
  DECIMAL_STRING_PATTERN,
  exampleAmount,
  MAX_AMOUNT_INTEGER_DIGITS,
  ZERO_AMOUNT_PATTERN,
} from '../money.js';
import type { JsonSchema } from './jsonSchema.js';

export const ORDER_ID_PATTERN = '^[A-Za-z0-9._:-]{1,64}$';

export function orderIdSchema(title = 'Order ID'): JsonSchema {
  const message = `${title}: use 1 to 64 letters, digits, dots, underscores, colons or dashes.`;
  return {
    type: 'string',
    title,
    minLength: 1,
    maxLength: 64,
    pattern: ORDER_ID_PATTERN,
    errorMessage: { type: message, minLength: message, maxLength: message, pattern: message },
  };
}

export function countryCodeSchema(title = 'Country'): JsonSchema {
  const message = 'Choose a country (its two-letter ISO code, e.g. BE).';
  return {
    type: 'string',
    title,
    enum: [...COUNTRY_CODES],
    errorMessage: { type: message, enum: message },
  };
}

export function currencyCodeSchema(title = 'Currency', kind?: 'fiat' | 'crypto'): JsonSchema {
  const message = 'Choose a currency (its code, e.g. EUR or BTC).';
  return {
    type: 'string',
    title,
    enum: CURRENCIES.filter((c) => !kind || c.kind === kind).map((c) => c.code),
    errorMessage: { type: message, enum: message },
  };
}

/** An amount to send in `currency`: a decimal string > 0 within the currency's scale. */
export function amountSchemaFor(currency: string, title = 'Amount'): JsonSchema {
  const scale = currencyScale(currency);
  const decimals =
    scale === 0 ? 'no decimals' : `at most ${scale === 1 ? '1 decimal' : `${scale} decimals`}`;
  const format = `Enter the amount in ${currency} with digits and a decimal point only (${decimals}), e.g. ${exampleAmount(scale)}.`;
  return {
    type: 'string',
    title,
    pattern: amountPatternFor(currency),
    not: { pattern: ZERO_AMOUNT_PATTERN },
    errorMessage: { type: format, pattern: format, not: 'The amount must be greater than 0.' },
  };
}

/** An amount to send in a currency not fixed by the schema: any scale up to 18, > 0. */
export function positiveAmountSchema(title = 'Amount'): JsonSchema {
  const format =
    'Enter the amount with digits and a decimal point only (at most 18 decimals), e.g. 1250.50.';
  return {
    type: 'string',
    title,
    pattern: `^(0|[1-9][0-9]{0,${MAX_AMOUNT_INTEGER_DIGITS - 1}})(\\.[0-9]{1,18})?$`,
    not: { pattern: ZERO_AMOUNT_PATTERN },
    errorMessage: { type: format, pattern: format, not: 'The amount must be greater than 0.' },
  };
}

/** An amount as reported back (records, notifications): any plain decimal string, zero included. */
export function decimalAmountSchema(title = 'Amount'): JsonSchema {
  return { type: 'string', title, pattern: DECIMAL_STRING_PATTERN };
}

export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (type === undefined) return { anyOf: [schema, { type: 'null' }] };
  const types = Array.isArray(type) ? type : [type];
  // An enum must list null too, or null would be refused by it.
  const withNull: JsonSchema = { ...schema, type: [...types, 'null'] };
  if (schema.enum) withNull.enum = [...schema.enum, null];
  return withNull;
}

export function idSchema(title: string): JsonSchema {
  return { type: 'string', title, minLength: 1 };
}
