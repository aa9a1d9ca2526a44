import type { z } from 'zod';
import type {
  overviewAmount,
  overviewDeclineRow,
  overviewDeclines,
  overviewProviderRow,
  overviewProviders,
  overviewSeries,
  overviewStatusTotals,
  overviewSummary,
  overviewTimeseries,
} from '../endpoints/overview.endpoints.js';

/**
 * The overview: what the home page asks and gets back. Types and constants only (the schemas are
 * the endpoints', imported as types), so zod never reaches the SPA's bundle.
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

// The replies' types, from their schemas (`endpoints/overview.endpoints.ts`).
export type OverviewAmount = z.output<typeof overviewAmount>;
/** `GET /api/overview/summary`. */
export type OverviewSummaryDto = z.output<typeof overviewSummary>;
export type OverviewStatusTotals = z.output<typeof overviewStatusTotals>;
/** `GET /api/overview/timeseries`. */
export type OverviewTimeseriesDto = z.output<typeof overviewTimeseries>;
export type OverviewSeries = z.output<typeof overviewSeries>;
/** `GET /api/overview/providers`. */
export type OverviewProvidersDto = z.output<typeof overviewProviders>;
export type OverviewProviderRow = z.output<typeof overviewProviderRow>;
/** `GET /api/overview/declines`. */
export type OverviewDeclinesDto = z.output<typeof overviewDeclines>;
export type OverviewDeclineRow = z.output<typeof overviewDeclineRow>;

/**
 * Time-to-final histogram bucket upper bounds in seconds (the last bucket is everything above):
 * `payout_stats_hourly.final_hist[i]` counts payouts that became final within
 * `OVERVIEW_FINAL_HIST_BOUNDS[i]` seconds of creation (and above the previous bound).
 */
export const OVERVIEW_FINAL_HIST_BOUNDS = [
  1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 43200, 86400, 172800, 604800,
] as const;
