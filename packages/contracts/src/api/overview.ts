import type { PayoutMethodType, PayoutStatus } from '../types.js';

/**
 * The overview (issue 15): what the home page asks and gets back. Types and constants only; the
 * BFF parses with `overviewQuery.ts`, so zod never reaches the SPA's bundle.
 *
 * Every figure comes from the hourly rollup of the ledger (`payout_stats_hourly`), bucketed by
 * the hour a payout was created and counted under its current status. Ranges are whole hours:
 * `from` is rounded down and `to` up to the hour.
 */

/** Chart buckets: hours for ranges up to `OVERVIEW_HOUR_BUCKETS_MAX_DAYS`, else days in `tz`. */
export const OVERVIEW_BUCKETS = ['hour', 'day'] as const;
export type OverviewBucket = (typeof OVERVIEW_BUCKETS)[number];
export const OVERVIEW_HOUR_BUCKETS_MAX_DAYS = 2;
/** The longest range one overview request may cover (a little over a leap year). */
export const OVERVIEW_RANGE_MAX_DAYS = 400;
/** How many decline codes `GET /api/overview/declines` returns at most. */
export const OVERVIEW_DECLINES_MAX = 10;

/**
 * The page's filters and range as sent (every value a string). `from`/`to` are instants
 * (ISO 8601 with offset); `tz` is an IANA zone (`Europe/Berlin`) for day buckets; `is_test`
 * `'0'` real payouts only, `'1'` lab test payouts only, unset both.
 */
export type OverviewQueryParams = {
  from: string;
  to: string;
  tz?: string;
  country?: string;
  currency?: string;
  provider?: string;
  payout_method_type?: string;
  is_test?: '0' | '1';
  bucket?: OverviewBucket;
};

/** Count and per-currency sum of one group; `amount` is a decimal string, never a float. */
export interface OverviewAmount {
  currency: string;
  count: number;
  amount: string;
}

/** `GET /api/overview/summary`: per status and currency, this range and the one before it. */
export interface OverviewSummaryDto {
  from: string;
  to: string;
  /** The range of the same length just before `from`, for the change. */
  previous_from: string;
  previous_to: string;
  statuses: OverviewStatusTotals[];
  /** All statuses together, per currency. */
  totals: { current: OverviewAmount[]; previous: OverviewAmount[] };
}

export interface OverviewStatusTotals {
  status: PayoutStatus;
  current: OverviewAmount[];
  previous: OverviewAmount[];
}

/** `GET /api/overview/timeseries`: one point per bucket (every bucket, zeros included). */
export interface OverviewTimeseriesDto {
  bucket: OverviewBucket;
  tz: string;
  /** Every bucket's start, ISO 8601 instants, in order. */
  buckets: string[];
  /** One series per currency: counts and volume per bucket, aligned with `buckets`. */
  series: OverviewSeries[];
}

export interface OverviewSeries {
  currency: string;
  /** Payouts created in the bucket (every status). */
  count: number[];
  /** Their amount, decimal strings. */
  amount: string[];
  /** Of them, declined or failed now. */
  failed: number[];
  /** Of them, unknown now. */
  unknown: number[];
}

/** `GET /api/overview/providers`: per PSP and payout method type. */
export interface OverviewProvidersDto {
  rows: OverviewProviderRow[];
}

export interface OverviewProviderRow {
  provider: string;
  provider_title: string | null;
  payout_method_type: PayoutMethodType;
  /** Every payout created in the range. */
  total: number;
  /** Final ones: approved, declined or failed (rejected ones were never sent). */
  final: number;
  approved: number;
  declined: number;
  failed: number;
  /** approved / final, 0..1 rounded to 4 places; null when nothing is final. */
  success_rate: number | null;
  /**
   * Median seconds from creation to a final status, from the rollup's histogram (interpolated
   * within its bucket); null when nothing is final.
   */
  median_seconds_to_final: number | null;
}

/** `GET /api/overview/declines`: the most frequent decline codes (with their reason). */
export interface OverviewDeclinesDto {
  total_declined: number;
  rows: OverviewDeclineRow[];
}

export interface OverviewDeclineRow {
  /** Null: declined without a code. */
  decline_code: string | null;
  /** The most frequent reason given with the code. */
  decline_reason: string | null;
  count: number;
  /** Of all declined in the range, 0..1 rounded to 4 places. */
  share: number;
}

/**
 * Time-to-final histogram bucket upper bounds in seconds (the last bucket is everything above):
 * `payout_stats_hourly.final_hist[i]` counts payouts that became final within
 * `OVERVIEW_FINAL_HIST_BOUNDS[i]` seconds of creation (and above the previous bound).
 */
export const OVERVIEW_FINAL_HIST_BOUNDS = [
  1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 43200, 86400, 172800, 604800,
] as const;
