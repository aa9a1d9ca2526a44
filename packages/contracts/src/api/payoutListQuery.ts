import { z } from 'zod';
import { DECIMAL_STRING_RE } from '../money.js';
import { PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '../types.js';
import {
  PAYOUT_PAGE_DEFAULT,
  PAYOUT_PAGE_MAX,
  PAYOUT_SEARCH_MAX_LENGTH,
  PAYOUT_SORT_FIELDS,
  SORT_DIRECTIONS,
} from './payoutListParams.js';
import {
  COUNTRY_CODE_RE,
  CURRENCY_CODE_RE,
  EARLIEST_INSTANT,
  isStorableInstant,
  LATEST_INSTANT,
} from './patterns.js';
import { splitList } from '../listParam.js';

// The BFF parses with these; the SPA imports only payoutListParams.ts (types and constants), so
// zod never reaches its bundle.

/** A query's country: trimmed, upper-cased, two letters. */
export const countryCodeQuery = z
  .string()
  .trim()
  .toUpperCase()
  .regex(COUNTRY_CODE_RE, 'Expected a two-letter country code');

/** A query's currency: trimmed, upper-cased, a currency code. */
export const currencyCodeQuery = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CURRENCY_CODE_RE, 'Expected a currency code');

export const decimalQuery = z.string().regex(DECIMAL_STRING_RE, 'Expected a decimal amount');

const OUT_OF_RANGE = `Expected a date from ${EARLIEST_INSTANT.toISOString().slice(0, 10)} to ${LATEST_INSTANT.toISOString().slice(0, 10)}`;

/** A day (the whole day, in UTC, from its start) or an exact instant, within years 1 to 9999. */
export const dateOrInstantQuery = z
  .union([
    z.iso.date().transform((d) => new Date(`${d}T00:00:00.000Z`)),
    z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
  ])
  .refine(isStorableInstant, OUT_OF_RANGE);

/**
 * The end of a range: `2030-01-31` includes that whole day (up to, not including, the next);
 * the last day, 9999-12-31, ends at the last storable instant.
 */
export const dateOrInstantUntil = z
  .union([
    z.iso.date().transform((d) => {
      const next = Date.parse(`${d}T00:00:00.000Z`) + 86_400_000;
      return new Date(Math.min(next, LATEST_INSTANT.getTime()));
    }),
    z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
  ])
  .refine(isStorableInstant, OUT_OF_RANGE);

const flag = z.enum(['0', '1']);

/** `GET /api/payouts`: filters, sort, cursor and page size; unknown parameters are refused. */
export const payoutListQuery = z
  .object({
    status: z
      .string()
      .transform((s) => [...new Set(splitList(s))])
      .pipe(z.array(z.enum(PAYOUT_STATUSES)))
      .optional(),
    provider: z.string().trim().min(1).max(100).optional(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES).optional(),
    currency: currencyCodeQuery.optional(),
    country: countryCodeQuery.optional(),
    created_from: dateOrInstantQuery.optional(),
    created_to: dateOrInstantUntil.optional(),
    amount_min: decimalQuery.optional(),
    amount_max: decimalQuery.optional(),
    /** Decision 037: beginnings through btree indexes, not substrings (fast at ten million). */
    q: z
      .string()
      .trim()
      .min(1)
      .max(PAYOUT_SEARCH_MAX_LENGTH)
      .describe(
        'Search: payouts whose order id begins or ends with it, whose recipient e-mail, recipient name, surname (the name after its first word) or PSP transaction id begins with it (any case), whose orchestrator id is exactly it, or, for 4 or more digits (spaces, dashes and mask stars allowed) or a whole IBAN, whose card or account number ends in the same last 4',
      )
      .optional(),
    /** Old links' name, from when test payouts were hidden by default; `is_test` wins. */
    include_test: flag.optional(),
    needs_my_approval: flag.optional(),
    needs_attention: flag.optional(),
    /** Lab test payouts only (`1`) or real ones only (`0`); unset: both, badged. */
    is_test: flag.optional(),
    /** The payouts made to one saved beneficiary. */
    beneficiary_id: z.uuid('Expected a beneficiary id').optional(),
    /** Declined with this code (the overview's decline chart links here). */
    decline_code: z.string().trim().min(1).max(100).optional(),
    sort: z.enum(PAYOUT_SORT_FIELDS).default('created_at'),
    order: z.enum(SORT_DIRECTIONS).default('desc'),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(PAYOUT_PAGE_MAX).default(PAYOUT_PAGE_DEFAULT),
  })
  .strict();

/** `GET /api/payouts/export.csv`: the list's filters and sort, every row (no cursor, no limit). */
export const payoutExportQuery = payoutListQuery.omit({ cursor: true, limit: true });

/** `GET /api/payouts/totals`: the list's filters and search (no sort, cursor or limit). */
export const payoutTotalsQuery = payoutListQuery.omit({
  cursor: true,
  limit: true,
  sort: true,
  order: true,
});

export type PayoutListQuery = z.output<typeof payoutListQuery>;
export type PayoutExportQuery = z.output<typeof payoutExportQuery>;
