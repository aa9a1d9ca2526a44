/**
 * The payouts list's query parameters as constants and types, without the zod schema
 * (`payoutListQuery.ts`), so the SPA can name them without bundling zod.
 */

export const PAYOUT_SORT_FIELDS = ['created_at', 'amount'] as const;
export type PayoutSortField = (typeof PAYOUT_SORT_FIELDS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A page holds 1 to `PAYOUT_PAGE_MAX` payouts, `PAYOUT_PAGE_DEFAULT` unless asked. */
export const PAYOUT_PAGE_DEFAULT = 25;
export const PAYOUT_PAGE_MAX = 100;

/** The longest free-text search (`q`). */
export const PAYOUT_SEARCH_MAX_LENGTH = 200;

/**
 * `GET /api/payouts` and `/api/payouts/export.csv` as sent: every value a string. `status` is
 * comma-separated; `created_from`/`created_to` take a day (UTC, `created_to` inclusive) or an
 * instant; flags are `'1'` (or `'0'`). A type, not an interface, so it is a plain string record.
 */
export type PayoutListQueryParams = {
  status?: string;
  provider?: string;
  payout_method_type?: string;
  currency?: string;
  country?: string;
  created_from?: string;
  created_to?: string;
  amount_min?: string;
  amount_max?: string;
  q?: string;
  /** Old links (test payouts were hidden by default then); `is_test` replaces it. */
  include_test?: '0' | '1';
  needs_my_approval?: '0' | '1';
  needs_attention?: '0' | '1';
  /** `1`: lab test payouts only; `0`: real ones only; unset: both (the default). */
  is_test?: '0' | '1';
  /** The payouts made to one saved beneficiary. */
  beneficiary_id?: string;
  /** Declined with this code. */
  decline_code?: string;
  sort?: PayoutSortField;
  order?: SortDirection;
  cursor?: string;
  limit?: string;
};
