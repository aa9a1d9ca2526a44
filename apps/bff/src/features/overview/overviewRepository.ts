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

export interface ProviderRow {
  provider: string;
  payoutMethodType: string;
  /** Every payout, whatever its status. */
  count: number;
  approved: number;
  declined: number;
  failed: number;
  /**
   * Time-to-final histogram of the payouts the PSP decided (approved, declined, failed; one
   * slot per bound, then the overflow). Rejected payouts never went to it.
   */
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
  providers(range: HourRange, filters: OverviewFilters): Promise<ProviderRow[]>;
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
  // Read-only, without parallel workers and without JIT: each query aggregates a few thousand
  // to a hundred thousand narrow rows, less than starting workers (40-60 ms on 2 loaded cores)
  // or compiling the plan (20-30 ms, triggered by the lateral probes' cost estimate) costs;
  // the overview bench measured both.
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      await tx.execute(sql`set local jit = off`);
      // node-postgres and PGlite both answer `{ rows }` through drizzle's `execute`; every
      // column is cast in SQL to a type both return alike (int, float8, text, boolean).
      const result: unknown = await tx.execute(query);
      return (result as { rows: R[] }).rows;
    },
    { accessMode: 'read only' },
  );
}

const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const DAY_MS = 86_400_000;

/**
 * How a range is read: its full UTC days `[dayFrom, dayTo)` from the daily rollup, the hours
 * before and after them from the hourly one. A range without a full day is all hours
 * (`dayFrom = dayTo = from`).
 */
export function splitRange(range: HourRange): { dayFrom: Date; dayTo: Date } {
  const dayFrom = Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS;
  const dayTo = Math.floor(range.to.getTime() / DAY_MS) * DAY_MS;
  return dayFrom < dayTo
    ? { dayFrom: new Date(dayFrom), dayTo: new Date(dayTo) }
    : { dayFrom: range.from, dayTo: range.from };
}

/** The filters (and any `extra` conditions) on rollup rows `s`. */
function filtering(f: OverviewFilters, extra: SQL[] = []): SQL[] {
  const conditions = [...extra];
  if (f.country !== undefined) conditions.push(sql`s.country = ${f.country}`);
  if (f.currency !== undefined) conditions.push(sql`s.currency = ${f.currency}`);
  if (f.provider !== undefined) conditions.push(sql`s.provider = ${f.provider}`);
  if (f.payoutMethodType !== undefined) {
    conditions.push(sql`s.payout_method_type = ${f.payoutMethodType}`);
  }
  if (f.isTest !== undefined) conditions.push(sql`s.is_test = ${f.isTest}`);
  return conditions;
}

const where = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);

const between = (column: SQL, from: Date, to: Date) => [
  sql`${column} >= ${instant(from)}`,
  sql`${column} < ${instant(to)}`,
];

/** A rollup's two grains (the same key by UTC hour and by UTC day). */
interface Rollup {
  hourly: string;
  daily: string;
}

/** Keyed by status and decline code and reason (migration 0014): totals and declines. */
const FULL: Rollup = { hourly: 'payout_stats_hourly', daily: 'payout_stats_daily' };
/**
 * Without status and decline columns (migration 0024): the series and the providers, ~9 times
 * fewer daily rows (decision 038).
 */
const SERIES: Rollup = { hourly: 'payout_stats_series_hourly', daily: 'payout_stats_series_daily' };

/**
 * The rollup rows of `range` matching the filters, grouped by `groups` with `sums`, as one
 * relation: full days from the daily table, the rest from the hourly one. Each part is grouped
 * where it is read (few narrow rows reach the union); the caller sums the parts again.
 */
function groupedRollupOf(
  range: HourRange,
  f: OverviewFilters,
  groups: string,
  sums: string,
  extra: SQL[] = [],
  rollup: Rollup = FULL,
): SQL {
  const { dayFrom, dayTo } = splitRange(range);
  const part = (table: string, column: string, from: Date, to: Date) =>
    sql`select ${sql.raw(groups)}, ${sql.raw(sums)} from ${sql.raw(table)} s
      where ${where(filtering(f, [...between(sql.raw(`s.${column}`), from, to), ...extra]))}
      group by ${sql.raw(groups)}`;
  return sql`(
    ${part(rollup.daily, 'day', dayFrom, dayTo)}
    union all
    ${part(rollup.hourly, 'hour', range.from, dayFrom)}
    union all
    ${part(rollup.hourly, 'hour', dayTo, range.to)}
  )`;
}

const TOTAL_SUMS = 'sum(s.count) as count, sum(s.amount) as amount';

/** Each histogram slot summed on its own (`h1` … `h18`), then gathered back into an array. */
const SLOTS = Array.from({ length: OVERVIEW_FINAL_HIST_BOUNDS.length + 1 }, (_, i) => i + 1);
const HIST_PART_SUMS = SLOTS.map((i) => `sum(s.psp_hist[${i}]) as h${i}`).join(', ');
const HIST_SUM = sql.raw(
  `array[${SLOTS.map((i) => `coalesce(sum(g.h${i}), 0)`).join(', ')}]::bigint[]::text`,
);

/** A series' figures per bucket and currency, from series rollup rows `s` (currency second). */
const SERIES_SUMS = sql.raw(`s.currency, sum(s.count)::int as count,
  sum(s.amount)::text as amount, sum(s.declined + s.failed)::int as failed,
  sum(s.unknown)::int as unknown`);

/** The same figures unrounded (to be summed again), from series rows `s` (currency first). */
const PART_SUMS = sql.raw(`s.currency, sum(s.count) as count, sum(s.amount) as amount,
  sum(s.declined + s.failed) as failed, sum(s.unknown) as unknown`);

/** `{1,2,3}` (an array as text: the same from both drivers) as numbers. */
function histOf(text: string): number[] {
  return text
    .replace(/[{}]/g, '')
    .split(',')
    .map((n) => Number(n));
}

/**
 * The overview's SQL, on the rollups only (kept by migration 0014's and 0024's triggers): never
 * the payouts table. Counts as `int`, amounts as numeric text.
 */
export function createOverviewRepository(db: Database): OverviewRepository {
  return {
    async statusTotals(range, previousFrom, filters) {
      const previousRange = { from: previousFrom, to: range.from };
      const rows = await rowsOf<{
        status: string | null;
        currency: string;
        current: boolean;
        count: number;
        amount: string;
      }>(
        db,
        sql`with t as (
              select true as current, c.status, c.currency, c.count, c.amount
                from ${groupedRollupOf(range, filters, 'status, currency', TOTAL_SUMS)} c
              union all
              select false, p.status, p.currency, p.count, p.amount
                from ${groupedRollupOf(previousRange, filters, 'status, currency', TOTAL_SUMS)} p
            ),
            g as (
              select t.current, t.status, t.currency, sum(t.count) as count,
                sum(t.amount) as amount
              from t group by 1, 2, 3
            )
            select g.current, g.status, g.currency, g.count::int as count, g.amount::text as amount
              from g
            union all
            select g.current, null, g.currency, sum(g.count)::int, sum(g.amount)::text
              from g group by 1, 3`,
      );
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    async timeseries(range, bucket, tz, filters) {
      let query: SQL;
      if (bucket === 'hour') {
        query = sql`with buckets as (
              select generate_series(${instant(range.from)}, ${instant(range.to)} - interval '1 hour', interval '1 hour') as start
            ),
            data as (
              select s.hour as start, ${SERIES_SUMS}
              from payout_stats_series_hourly s
              where ${where(filtering(filters, between(sql`s.hour`, range.from, range.to)))}
              group by 1, 2
            )
            select (extract(epoch from b.start) * 1000)::float8 as start_ms, d.currency, d.count,
              d.amount, d.failed, d.unknown
            from buckets b left join data d on d.start = b.start
            order by b.start, d.currency`;
      } else {
        // Day buckets start at midnight in `tz` (23 or 25 hours long across a DST change); an
        // hour counts in the day its start falls in. Full UTC days come from the daily rollup,
        // counted in the local day of their noon; the few hours of such a day that fall in
        // another local day (the zone's offset) are moved there from the hourly rollup.
        const { dayFrom, dayTo } = splitRange(range);
        const localDay = (at: SQL) => sql`date_trunc('day', (${at}) at time zone ${tz})`;
        query = sql`with buckets as (
              select d as local_day, d at time zone ${tz} as start
              from generate_series(
                ${localDay(instant(range.from))},
                (${instant(range.to)} - interval '1 hour') at time zone ${tz},
                interval '1 day') as d
            ),
            hours as (
              select h, ${localDay(sql`h`)} as to_day,
                ${localDay(sql`date_trunc('day', h, 'UTC') + interval '12 hours'`)} as from_day
              from generate_series(${instant(dayFrom)}, ${instant(dayTo)} - interval '1 hour', interval '1 hour') as h
            ),
            -- The moved hours as runs of consecutive hours going the same way (Berlin: the last
            -- one or two hours of each UTC day), each run one range of the hourly rollup.
            moved as (
              select x.to_day, x.from_day, min(x.h) as h_from, max(x.h) + interval '1 hour' as h_to
              from (
                select hours.*,
                  hours.h - interval '1 hour' * row_number() over (partition by hours.to_day, hours.from_day order by hours.h) as run
                from hours
                where hours.to_day <> hours.from_day
              ) x
              group by x.to_day, x.from_day, x.run
            ),
            parts as (
              select ${localDay(sql`g.day + interval '12 hours'`)} as local_day, g.*
              from (
                select s.day, ${PART_SUMS}
                from payout_stats_series_daily s
                where ${where(filtering(filters, between(sql`s.day`, dayFrom, dayTo)))}
                group by 1, 2
              ) g
              union all
              select ${localDay(sql`g.hour`)}, g.*
              from (
                select s.hour, ${PART_SUMS}
                from payout_stats_series_hourly s
                where ${where(filtering(filters, between(sql`s.hour`, range.from, dayFrom)))}
                   or ${where(filtering(filters, between(sql`s.hour`, dayTo, range.to)))}
                group by 1, 2
              ) g
              union all
              -- Lateral: one index range scan per run of moved hours, never a scan of the
              -- hourly table.
              select v.local_day, m.h_from, g.currency, v.sign * g.count, v.sign * g.amount,
                v.sign * g.failed, v.sign * g.unknown
              from moved m
              cross join lateral (
                select ${PART_SUMS}
                from payout_stats_series_hourly s
                where ${where(filtering(filters, [sql`s.hour >= m.h_from`, sql`s.hour < m.h_to`]))}
                group by s.currency
              ) g
              cross join lateral (values (m.to_day, 1), (m.from_day, -1)) as v(local_day, sign)
            ),
            data as (
              select p.local_day, p.currency, sum(p.count)::int as count,
                sum(p.amount)::text as amount, sum(p.failed)::int as failed,
                sum(p.unknown)::int as unknown
              from parts p
              group by 1, 2
              having sum(p.count) <> 0 or sum(p.amount) <> 0
            )
            select (extract(epoch from b.start) * 1000)::float8 as start_ms, d.currency, d.count,
              d.amount, d.failed, d.unknown
            from buckets b left join data d on d.local_day = b.local_day
            order by b.start, d.currency`;
      }
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
        count: number;
        approved: number;
        declined: number;
        failed: number;
        hist: string;
      }>(
        db,
        sql`select g.provider, g.payout_method_type, sum(g.count)::int as count,
              sum(g.approved)::int as approved, sum(g.declined)::int as declined,
              sum(g.failed)::int as failed, ${HIST_SUM} as hist
            from ${groupedRollupOf(
              range,
              filters,
              'provider, payout_method_type',
              `sum(s.count) as count, sum(s.approved) as approved, sum(s.declined) as declined, sum(s.failed) as failed, ${HIST_PART_SUMS}`,
              [],
              SERIES,
            )} g
            group by 1, 2`,
      );
      return rows.map((r) => ({
        provider: r.provider,
        payoutMethodType: r.payout_method_type,
        count: Number(r.count),
        approved: Number(r.approved),
        declined: Number(r.declined),
        failed: Number(r.failed),
        hist: histOf(r.hist),
      }));
    },

    async declines(range, filters) {
      const rows = await rowsOf<{ decline_code: string; decline_reason: string; count: number }>(
        db,
        sql`select g.decline_code, g.decline_reason, sum(g.count)::int as count
            from ${groupedRollupOf(range, filters, 'decline_code, decline_reason', 'sum(s.count) as count', [sql`s.status = 'declined'`])} g
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
