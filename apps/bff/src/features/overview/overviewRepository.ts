import { OVERVIEW_FINAL_HIST_BOUNDS, type OverviewBucket } from '@payouts/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

/** The page's filters, as the rollup's columns see them. */
export interface OverviewFilters {
  country?: string;
  currency?: string;
  provider?: string;
  payoutMethodType?: string;
  /** Unset: real and lab test payouts together. */
  isTest?: boolean;
}

/** Whole hours, `from` included, `to` excluded. */
export interface HourRange {
  from: Date;
  to: Date;
}

export interface StatusTotalRow {
  /** Null: every status together (the currency's total). */
  status: string | null;
  currency: string;
  /** In the range itself (true) or in the previous one (false). */
  current: boolean;
  count: number;
  amount: string;
}

export interface TimeseriesRow {
  /** The bucket's start (ms since the epoch). */
  startMs: number;
  /** Null: an empty bucket (no payout in it). */
  currency: string | null;
  count: number;
  amount: string;
  failed: number;
  unknown: number;
}

export interface ProviderStatusRow {
  provider: string;
  payoutMethodType: string;
  status: string;
  count: number;
  /** Time-to-final histogram of these payouts (one slot per bound, then the overflow). */
  hist: number[];
}

export interface DeclineRow {
  /** '' when declined without one. */
  code: string;
  reason: string;
  count: number;
}

export interface OverviewRepository {
  statusTotals(
    range: HourRange,
    previousFrom: Date,
    filters: OverviewFilters,
  ): Promise<StatusTotalRow[]>;
  timeseries(
    range: HourRange,
    bucket: OverviewBucket,
    tz: string,
    filters: OverviewFilters,
  ): Promise<TimeseriesRow[]>;
  providers(range: HourRange, filters: OverviewFilters): Promise<ProviderStatusRow[]>;
  declines(range: HourRange, filters: OverviewFilters): Promise<DeclineRow[]>;
}

/** PostgreSQL does not know the zone (its tz database may lag the runtime's). */
export class UnknownTimeZoneError extends Error {
  override readonly name = 'UnknownTimeZoneError';
}

const INVALID_PARAMETER_VALUE = '22023';

function isInvalidParameter(error: unknown): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === INVALID_PARAMETER_VALUE) return true;
  }
  return false;
}

async function rowsOf<R>(db: Database, query: SQL): Promise<R[]> {
  // node-postgres and PGlite both answer `{ rows }` through drizzle's `execute`; every column
  // is cast in SQL to a type both return alike (int, float8, text, boolean).
  const result: unknown = await db.execute(query);
  return (result as { rows: R[] }).rows;
}

const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The rollup rows of `range` matching the filters. */
function matching(range: HourRange, f: OverviewFilters): SQL {
  const conditions = [sql`s.hour >= ${instant(range.from)}`, sql`s.hour < ${instant(range.to)}`];
  if (f.country !== undefined) conditions.push(sql`s.country = ${f.country}`);
  if (f.currency !== undefined) conditions.push(sql`s.currency = ${f.currency}`);
  if (f.provider !== undefined) conditions.push(sql`s.provider = ${f.provider}`);
  if (f.payoutMethodType !== undefined) {
    conditions.push(sql`s.payout_method_type = ${f.payoutMethodType}`);
  }
  if (f.isTest !== undefined) conditions.push(sql`s.is_test = ${f.isTest}`);
  return sql.join(conditions, sql` and `);
}

/** `array[sum(final_hist[1]), …]`: the group's histogram, summed slot by slot in SQL. */
const HIST_SUM = sql.raw(
  `array[${Array.from(
    { length: OVERVIEW_FINAL_HIST_BOUNDS.length + 1 },
    (_, i) => `coalesce(sum(s.final_hist[${i + 1}]), 0)`,
  ).join(', ')}]::bigint[]::text`,
);

/** `{1,2,3}` (an array as text: the same from both drivers) as numbers. */
function histOf(text: string): number[] {
  return text
    .replace(/[{}]/g, '')
    .split(',')
    .map((n) => Number(n));
}

/**
 * The overview's SQL, on the hourly rollup only (`payout_stats_hourly`, kept by migration
 * 0014's triggers): never the payouts table. Counts as `int`, amounts as numeric text.
 */
export function createOverviewRepository(db: Database): OverviewRepository {
  return {
    async statusTotals(range, previousFrom, filters) {
      const rows = await rowsOf<{
        status: string | null;
        currency: string;
        current: boolean;
        count: number;
        amount: string;
      }>(
        db,
        sql`select t.status, t.currency, t.current, sum(t.count)::int as count,
              sum(t.amount)::text as amount
            from (
              select s.status, s.currency, s.hour >= ${instant(range.from)} as current, s.count,
                s.amount
              from payout_stats_hourly s
              where ${matching({ from: previousFrom, to: range.to }, filters)}
            ) t
            group by grouping sets ((t.status, t.currency, t.current), (t.currency, t.current))`,
      );
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    async timeseries(range, bucket, tz, filters) {
      // Day buckets start at midnight in `tz` (23 or 25 hours long across a DST change).
      const buckets =
        bucket === 'hour'
          ? sql`select generate_series(${instant(range.from)}, ${instant(range.to)} - interval '1 hour', interval '1 hour') as start`
          : sql`select d at time zone ${tz} as start
                from generate_series(
                  date_trunc('day', ${instant(range.from)} at time zone ${tz}),
                  (${instant(range.to)} - interval '1 hour') at time zone ${tz},
                  interval '1 day') as d`;
      const start =
        bucket === 'hour'
          ? sql`s.hour`
          : sql`date_trunc('day', s.hour at time zone ${tz}) at time zone ${tz}`;
      const query = sql`with buckets as (${buckets}),
            data as (
              select ${start} as start, s.currency, sum(s.count)::int as count,
                sum(s.amount)::text as amount,
                coalesce(sum(s.count) filter (where s.status in ('declined', 'failed')), 0)::int as failed,
                coalesce(sum(s.count) filter (where s.status = 'unknown'), 0)::int as unknown
              from payout_stats_hourly s
              where ${matching(range, filters)}
              group by 1, 2
            )
            select (extract(epoch from b.start) * 1000)::float8 as start_ms, d.currency, d.count,
              d.amount, d.failed, d.unknown
            from buckets b left join data d on d.start = b.start
            order by b.start, d.currency`;
      let rows: {
        start_ms: number;
        currency: string | null;
        count: number | null;
        amount: string | null;
        failed: number | null;
        unknown: number | null;
      }[];
      try {
        rows = await rowsOf(db, query);
      } catch (error) {
        if (isInvalidParameter(error)) throw new UnknownTimeZoneError(tz, { cause: error });
        throw error;
      }
      return rows.map((r) => ({
        startMs: Number(r.start_ms),
        currency: r.currency,
        count: Number(r.count ?? 0),
        amount: r.amount ?? '0',
        failed: Number(r.failed ?? 0),
        unknown: Number(r.unknown ?? 0),
      }));
    },

    async providers(range, filters) {
      const rows = await rowsOf<{
        provider: string;
        payout_method_type: string;
        status: string;
        count: number;
        hist: string;
      }>(
        db,
        sql`select s.provider, s.payout_method_type, s.status, sum(s.count)::int as count,
              ${HIST_SUM} as hist
            from payout_stats_hourly s
            where ${matching(range, filters)}
            group by 1, 2, 3`,
      );
      return rows.map((r) => ({
        provider: r.provider,
        payoutMethodType: r.payout_method_type,
        status: r.status,
        count: Number(r.count),
        hist: histOf(r.hist),
      }));
    },

    async declines(range, filters) {
      const rows = await rowsOf<{ decline_code: string; decline_reason: string; count: number }>(
        db,
        sql`select s.decline_code, s.decline_reason, sum(s.count)::int as count
            from payout_stats_hourly s
            where ${matching(range, filters)} and s.status = 'declined'
            group by 1, 2`,
      );
      return rows.map((r) => ({
        code: r.decline_code,
        reason: r.decline_reason,
        count: Number(r.count),
      }));
    },
  };
}
