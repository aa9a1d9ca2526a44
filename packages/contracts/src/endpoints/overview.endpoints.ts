import { z } from 'zod';
import { OVERVIEW_BUCKETS } from '../api/overview.js';
import { overviewQuery } from '../api/overviewQuery.js';
import { PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '../types.js';
import { decimal, instant } from './common.js';
import { endpoint, json } from './endpoint.js';
import { overviewRoutes as routes } from './overview.routes.js';

/** Count and per-currency sum of one group; `amount` is a decimal string, never a float. */
export const overviewAmount = z.strictObject({
  currency: z.string(),
  count: z.number().int(),
  amount: decimal,
});

export const overviewStatusTotals = z.strictObject({
  status: z.enum(PAYOUT_STATUSES),
  current: z.array(overviewAmount),
  previous: z.array(overviewAmount),
});

/** Per status and currency, this range and the one before it. */
export const overviewSummary = z
  .strictObject({
    from: instant,
    to: instant,
    /** The range of the same length just before `from`, for the change. */
    previous_from: instant,
    previous_to: instant,
    statuses: z.array(overviewStatusTotals),
    /** All statuses together, per currency. */
    totals: z.strictObject({ current: z.array(overviewAmount), previous: z.array(overviewAmount) }),
  })
  .meta({ id: 'OverviewSummary' });

export const overviewSeries = z.strictObject({
  currency: z.string(),
  /** Payouts created in the bucket (every status). */
  count: z.array(z.number().int()),
  /** Their amount, decimal strings. */
  amount: z.array(decimal),
  /** Of them, declined or failed now. */
  failed: z.array(z.number().int()),
  /** Of them, unknown now. */
  unknown: z.array(z.number().int()),
});

/** One point per bucket (every bucket, zeros included). */
export const overviewTimeseries = z
  .strictObject({
    bucket: z.enum(OVERVIEW_BUCKETS),
    tz: z.string(),
    /** Every bucket's start, ISO 8601 instants, in order. */
    buckets: z.array(instant),
    /** One series per currency: counts and volume per bucket, aligned with `buckets`. */
    series: z.array(overviewSeries),
  })
  .meta({ id: 'OverviewTimeseries' });

export const overviewProviderRow = z.strictObject({
  provider: z.string(),
  provider_title: z.string().nullable(),
  payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
  /** Every payout created in the range. */
  total: z.number().int(),
  /** Final ones: approved, declined or failed (rejected ones were never sent). */
  final: z.number().int(),
  approved: z.number().int(),
  declined: z.number().int(),
  failed: z.number().int(),
  /** approved / final, 0..1 rounded to 4 places; null when nothing is final. */
  success_rate: z.number().min(0).max(1).nullable(),
  /**
   * Median seconds from creation to a final status, from the rollup's histogram (interpolated
   * within its bucket); null when nothing is final.
   */
  median_seconds_to_final: z.number().min(0).nullable(),
});

/** Per PSP and payout method type. */
export const overviewProviders = z
  .strictObject({ rows: z.array(overviewProviderRow) })
  .meta({ id: 'OverviewProviders' });

export const overviewDeclineRow = z.strictObject({
  /** Null: declined without a code. */
  decline_code: z.string().nullable(),
  /** The most frequent reason given with the code. */
  decline_reason: z.string().nullable(),
  count: z.number().int(),
  /** Of all declined in the range, 0..1 rounded to 4 places. */
  share: z.number().min(0).max(1),
});

/** The most frequent decline codes (with their reason). */
export const overviewDeclines = z
  .strictObject({ total_declined: z.number().int(), rows: z.array(overviewDeclineRow) })
  .meta({ id: 'OverviewDeclines' });

export const overviewEndpoints = {
  getOverviewSummary: endpoint(routes.getOverviewSummary, {
    summary: 'Counts and amounts per status and currency, against the previous period',
    tag: 'Payouts',
    query: overviewQuery,
    reply: json(overviewSummary),
  }),
  getOverviewTimeseries: endpoint(routes.getOverviewTimeseries, {
    summary: 'Count, volume, failed and unknown per hour or day and currency',
    tag: 'Payouts',
    query: overviewQuery,
    reply: json(overviewTimeseries),
  }),
  getOverviewProviders: endpoint(routes.getOverviewProviders, {
    summary: 'Success rate and median time to final per PSP and payout method type',
    tag: 'Payouts',
    query: overviewQuery,
    reply: json(overviewProviders),
  }),
  getOverviewDeclines: endpoint(routes.getOverviewDeclines, {
    summary: 'The most frequent decline codes with their reasons',
    tag: 'Payouts',
    query: overviewQuery,
    reply: json(overviewDeclines),
  }),
};
