import {
  OVERVIEW_DECLINES_MAX,
  OVERVIEW_FINAL_HIST_BOUNDS,
  OVERVIEW_HOUR_BUCKETS_MAX_DAYS,
  PAYOUT_STATUSES,
  type OverviewAmount,
  type OverviewDeclinesDto,
  type OverviewProviderRow,
  type OverviewProvidersDto,
  type OverviewQuery,
  type OverviewSeries,
  type OverviewSummaryDto,
  type OverviewTimeseriesDto,
  type PayoutMethodType,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import {
  UnknownTimeZoneError,
  type HourRange,
  type OverviewFilters,
  type OverviewRepository,
  type StatusTotalRow,
} from './overviewRepository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface OverviewService {
  summary(query: OverviewQuery): Promise<OverviewSummaryDto>;
  timeseries(query: OverviewQuery): Promise<OverviewTimeseriesDto>;
  providers(query: OverviewQuery): Promise<OverviewProvidersDto>;
  declines(query: OverviewQuery): Promise<OverviewDeclinesDto>;
}

/** `from` down and `to` up to whole hours (the rollup's grain). */
export function hourRangeOf(query: { from: Date; to: Date }): HourRange {
  return {
    from: new Date(Math.floor(query.from.getTime() / HOUR_MS) * HOUR_MS),
    to: new Date(Math.ceil(query.to.getTime() / HOUR_MS) * HOUR_MS),
  };
}

function filtersOf(query: OverviewQuery): OverviewFilters {
  return {
    ...(query.country !== undefined && { country: query.country }),
    ...(query.currency !== undefined && { currency: query.currency }),
    ...(query.provider !== undefined && { provider: query.provider }),
    ...(query.payout_method_type !== undefined && {
      payoutMethodType: query.payout_method_type,
    }),
    ...(query.is_test !== undefined && { isTest: query.is_test === '1' }),
  };
}

/** 0..1 rounded to 4 places. */
const ratio = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 10_000;

const byCurrency = (a: OverviewAmount, b: OverviewAmount) => a.currency.localeCompare(b.currency);

function amountsOf(rows: StatusTotalRow[]): OverviewAmount[] {
  return rows
    .map((r) => ({ currency: r.currency, count: r.count, amount: r.amount }))
    .sort(byCurrency);
}

/**
 * The median of a time-to-final histogram in seconds: the bucket holding the middle payout,
 * interpolated linearly within it (from the previous bound to its own). The overflow bucket has
 * no upper bound: its median is its lower bound. Null for an empty histogram.
 */
export function histogramMedian(hist: readonly number[]): number | null {
  const total = hist.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const middle = total / 2;
  let below = 0;
  for (const [i, n] of hist.entries()) {
    if (n > 0 && below + n >= middle) {
      const lower = i === 0 ? 0 : OVERVIEW_FINAL_HIST_BOUNDS[i - 1]!;
      const upper = OVERVIEW_FINAL_HIST_BOUNDS[i] ?? lower;
      return Math.round((lower + ((upper - lower) * (middle - below)) / n) * 10) / 10;
    }
    below += n;
  }
  return null;
}

export function createOverviewService({
  repo,
  pspTitles = new Map(),
}: {
  repo: OverviewRepository;
  pspTitles?: ReadonlyMap<string, string>;
}): OverviewService {
  return {
    async summary(query) {
      const range = hourRangeOf(query);
      const previousFrom = new Date(2 * range.from.getTime() - range.to.getTime());
      const rows = await repo.statusTotals(range, previousFrom, filtersOf(query));
      const pick = (status: string | null, current: boolean) =>
        amountsOf(rows.filter((r) => r.status === status && r.current === current));
      return {
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        previous_from: previousFrom.toISOString(),
        previous_to: range.from.toISOString(),
        statuses: PAYOUT_STATUSES.map((status) => ({
          status,
          current: pick(status, true),
          previous: pick(status, false),
        })),
        // Summed per currency by SQL (grouping sets): never added up here, never across currencies.
        totals: { current: pick(null, true), previous: pick(null, false) },
      };
    },

    async timeseries(query) {
      const range = hourRangeOf(query);
      const bucket =
        query.bucket ??
        (range.to.getTime() - range.from.getTime() <= OVERVIEW_HOUR_BUCKETS_MAX_DAYS * DAY_MS
          ? 'hour'
          : 'day');
      let rows;
      try {
        rows = await repo.timeseries(range, bucket, query.tz, filtersOf(query));
      } catch (error) {
        if (error instanceof UnknownTimeZoneError) {
          throw new AppError('validation_failed', 'Some fields are invalid.', {
            errors: [{ pointer: '/tz', message: 'This time zone is not known here' }],
          });
        }
        throw error;
      }
      const starts = [...new Set(rows.map((r) => r.startMs))];
      const index = new Map(starts.map((ms, i) => [ms, i]));
      const series = new Map<string, OverviewSeries>();
      for (const row of rows) {
        if (row.currency === null) continue;
        let s = series.get(row.currency);
        if (!s) {
          s = {
            currency: row.currency,
            count: starts.map(() => 0),
            amount: starts.map(() => '0'),
            failed: starts.map(() => 0),
            unknown: starts.map(() => 0),
          };
          series.set(row.currency, s);
        }
        const i = index.get(row.startMs)!;
        s.count[i] = row.count;
        s.amount[i] = row.amount;
        s.failed[i] = row.failed;
        s.unknown[i] = row.unknown;
      }
      return {
        bucket,
        tz: query.tz,
        buckets: starts.map((ms) => new Date(ms).toISOString()),
        series: [...series.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
      };
    },

    async providers(query) {
      const rows = await repo.providers(hourRangeOf(query), filtersOf(query));
      const groups = new Map<string, OverviewProviderRow & { hist: number[] }>();
      for (const row of rows) {
        const key = `${row.provider}\u0000${row.payoutMethodType}`;
        let g = groups.get(key);
        if (!g) {
          g = {
            provider: row.provider,
            provider_title: pspTitles.get(row.provider) ?? null,
            payout_method_type: row.payoutMethodType as PayoutMethodType,
            total: 0,
            final: 0,
            approved: 0,
            declined: 0,
            failed: 0,
            success_rate: null,
            median_seconds_to_final: null,
            hist: OVERVIEW_FINAL_HIST_BOUNDS.map(() => 0).concat(0),
          };
          groups.set(key, g);
        }
        g.total += row.count;
        g.approved += row.approved;
        g.declined += row.declined;
        g.failed += row.failed;
        g.final += row.approved + row.declined + row.failed;
        // Rejected payouts are final too but never went to the PSP: left out of its median (the
        // rollup's histogram counts only the PSP's decisions).
        row.hist.forEach((n, i) => (g.hist[i] = (g.hist[i] ?? 0) + n));
      }
      return {
        rows: [...groups.values()]
          .map(({ hist, ...g }) => ({
            ...g,
            success_rate: g.final > 0 ? ratio(g.approved, g.final) : null,
            median_seconds_to_final: histogramMedian(hist),
          }))
          .sort(
            (a, b) =>
              b.total - a.total ||
              a.provider.localeCompare(b.provider) ||
              a.payout_method_type.localeCompare(b.payout_method_type),
          ),
      };
    },

    async declines(query) {
      const rows = await repo.declines(hourRangeOf(query), filtersOf(query));
      const total = rows.reduce((sum, r) => sum + r.count, 0);
      const codes = new Map<string, { count: number; reason: string; reasonCount: number }>();
      for (const row of rows) {
        const c = codes.get(row.code) ?? { count: 0, reason: row.reason, reasonCount: 0 };
        c.count += row.count;
        // The most frequent reason; on a tie the first in alphabetical order.
        if (
          row.count > c.reasonCount ||
          (row.count === c.reasonCount && row.reason.localeCompare(c.reason) < 0)
        ) {
          c.reason = row.reason;
          c.reasonCount = row.count;
        }
        codes.set(row.code, c);
      }
      return {
        total_declined: total,
        rows: [...codes.entries()]
          .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
          .slice(0, OVERVIEW_DECLINES_MAX)
          .map(([code, c]) => ({
            decline_code: code === '' ? null : code,
            decline_reason: c.reason === '' ? null : c.reason,
            count: c.count,
            share: ratio(c.count, total),
          })),
      };
    },
  };
}
