import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  createOverviewRepository,
  createOverviewService,
  createPayoutsRepository,
} from '@payouts/bff';
import { overviewQuery, type OverviewQueryParams } from '@payouts/contracts';
import {
  DEFAULT_POSTGRES_URL,
  openBenchPostgres,
  type BenchDatabase,
} from './ledger/benchDatabases.js';
import { LEDGER_START } from './ledger/generateLedger.js';
import { prepareLedger } from './ledger/prepareLedger.js';
import { startLedgerApp, type LedgerApp } from './ledger/startLedgerApp.js';
import type { BenchContext, BenchSection, BenchTarget, SectionResult } from './types.js';

/**
 * The overview's four aggregates over the ledger section's million payouts (its
 * generator and database, reused when present), on PostgreSQL. Each query at the service
 * (its SQL on `payout_stats_hourly`) for a 30-day and a 365-day range, its plan saved; then the
 * page's five API calls together, in parallel, through the BFF over HTTP.
 */

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_OVERVIEW_RUNS ?? 50);
const WARMUP = 5;
const TARGETS_MS = { '30d': 50, '365d': 150 } as const;
const PAGE_TARGET_MS = 200;
const QUERIES = ['summary', 'timeseries', 'providers', 'declines'] as const;
type QueryName = (typeof QUERIES)[number];

const DAY_MS = 86_400_000;
/** The generated ledger covers the 365 days from LEDGER_START: ranges end where it ends. */
const LEDGER_END = new Date(Date.parse(LEDGER_START) + 365 * DAY_MS);
const RANGES = {
  '30d': { from: new Date(LEDGER_END.getTime() - 30 * DAY_MS), to: LEDGER_END },
  '365d': { from: new Date(LEDGER_END.getTime() - 365 * DAY_MS), to: LEDGER_END },
} as const;
type RangeName = keyof typeof RANGES;

interface Timing {
  min: number;
  p50: number;
  p95: number;
}

function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

async function time(run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { min: samples[0]!, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const ms = (n: number) => Math.round(n * 100) / 100;

function params(range: RangeName): OverviewQueryParams {
  const { from, to } = RANGES[range];
  // Day buckets in a zone with an offset, as a browser in Berlin would ask.
  return { from: from.toISOString(), to: to.toISOString(), tz: 'Europe/Berlin' };
}

async function savePlan(
  database: BenchDatabase,
  plansDir: string,
  name: string,
  what: string,
  // The overview's statements read the full or the series rollup (decision 038).
  pattern = /payout_stats_(series_)?hourly/,
): Promise<void> {
  const statement = database.capture.queries.findLast((q) => pattern.test(q.sql));
  if (!statement) throw new Error(`${name}: no overview statement was captured`);
  // As the service runs it: its transaction sets `jit = off` (overviewRepository.ts); with JIT
  // a plan's time was up to 40 % compilation that the service never pays.
  const plan = await database.session(async (sql) => {
    await sql.exec('SET jit = off');
    return sql.exec(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
  });
  writeFileSync(
    join(plansDir, `postgres-overview-${name}.txt`),
    [
      `-- ${what}`,
      `-- ${database.description}, ${new Date().toISOString()}`,
      `-- params: ${JSON.stringify(statement.params)}`,
      statement.sql,
      '',
      ...plan.map((row) => String(row['QUERY PLAN'])),
      '',
    ].join('\n'),
  );
}

const PAGE_CALLS = [...QUERIES, 'payouts/summary'] as const;

/** The page's five calls in parallel; with each call's own BFF time (Server-Timing), p95. */
async function measurePage(
  app: LedgerApp,
  range: RangeName,
): Promise<{ page: Timing; calls: Record<string, number> }> {
  const query = new URLSearchParams(params(range)).toString();
  const paths = PAGE_CALLS.map((c) =>
    c === 'payouts/summary' ? '/api/payouts/summary' : `/api/overview/${c}?${query}`,
  );
  const own: number[][] = paths.map(() => []);
  const page = await time(async () => {
    const replies = await Promise.all(paths.map((path) => app.get(path)));
    for (const [i, reply] of replies.entries()) {
      if (reply.status !== 200) throw new Error(`${paths[i]}: ${reply.status} ${reply.body}`);
      own[i]!.push(reply.serverMs);
    }
  });
  const calls: Record<string, number> = {};
  for (const [i, c] of PAGE_CALLS.entries()) {
    calls[c] = percentile(
      own[i]!.slice(WARMUP).sort((x, y) => x - y),
      95,
    );
  }
  return { page, calls };
}

export const section: BenchSection = {
  name: 'overview',
  async run(ctx: BenchContext): Promise<SectionResult> {
    const plansDir = join(ctx.resultsDir, 'plans');
    mkdirSync(plansDir, { recursive: true });
    const database = await openBenchPostgres(process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL);
    try {
      const prepared = await prepareLedger(database, ROWS, (line) => ctx.log(line));
      // The generation rebuilt the rollups after its load (prepareLedger) and the triggers have
      // kept them since: that rebuild's time is the figure. An older ledger is rebuilt here.
      let rebuildSeconds = prepared.rebuildSeconds;
      if (rebuildSeconds === undefined) {
        const started = performance.now();
        await database.sql.exec('SELECT payout_stats_rebuild()');
        await database.sql.exec('ANALYZE payout_stats_hourly');
        await database.sql.exec('ANALYZE payout_stats_daily');
        // (The series rollup and the awaiting counter are analysed by the rebuild itself.)
        rebuildSeconds = (performance.now() - started) / 1000;
        // A migration that rewrote payouts rows (0014's final_at backfill) clears the visibility
        // map until autovacuum passes; the counters' partial indexes are index-only scans after it.
        await database.sql.exec('VACUUM ANALYZE payouts');
      }
      const [made] = await database.sql.exec(
        `SELECT (SELECT count(*) FROM payout_stats_hourly)::int AS hourly,
          (SELECT count(*) FROM payout_stats_daily)::int AS daily,
          (SELECT count(*) FROM payout_stats_series_hourly)::int AS series_hourly,
          (SELECT count(*) FROM payout_stats_series_daily)::int AS series_daily`,
      );
      const count = (n: unknown) => Number(n).toLocaleString('en');
      ctx.log(
        `payout_stats_rebuild(): ${count(made?.hourly)} hourly and ${count(made?.daily)} daily rollup rows, ${count(made?.series_hourly)} and ${count(made?.series_daily)} series rows, in ${rebuildSeconds.toFixed(1)} s`,
      );

      const service = createOverviewService({ repo: createOverviewRepository(database.db) });
      const loadBefore = loadavg()[0]!.toFixed(1);
      const sqlTimings: Array<{ query: QueryName; range: RangeName; timing: Timing }> = [];
      for (const range of Object.keys(RANGES) as RangeName[]) {
        const query = overviewQuery.parse(params(range));
        for (const name of QUERIES) {
          const timing = await time(() => service[name](query));
          await savePlan(
            database,
            plansDir,
            `${name}-${range}`,
            `overview ${name}, ${range} (${query.from.toISOString()} .. ${query.to.toISOString()}, tz ${query.tz})`,
          );
          ctx.log(
            `${name} ${range}: p50 ${ms(timing.p50)} / p95 ${ms(timing.p95)} ms (target ${TARGETS_MS[range]} ms)`,
          );
          sqlTimings.push({ query: name, range, timing });
        }
      }

      // The page's fifth call at the repository (its SQL through drizzle, no HTTP): the menu's
      // "awaiting my approval" and "needs attention" counts for the admin the page signs in as.
      const [admin] = await database.sql.exec(
        "SELECT id, role FROM users WHERE role = 'admin' ORDER BY email LIMIT 1",
      );
      const payoutsRepository = createPayoutsRepository(database.db);
      const approver = { id: String(admin?.id), role: 'admin' as const };
      const payoutsSummary = await time(() =>
        payoutsRepository.summary({
          approver,
          attentionBefore: new Date(LEDGER_END.getTime() - DAY_MS),
        }),
      );
      await savePlan(
        database,
        plansDir,
        'payouts-summary',
        'GET /api/payouts/summary: awaiting my approval (admin) and needs attention',
        /payout_awaiting_counts/,
      );
      ctx.log(
        `payouts summary (awaiting my approval, needs attention): p50 ${ms(payoutsSummary.p50)} / p95 ${ms(payoutsSummary.p95)} ms`,
      );

      const app = await startLedgerApp(database.db);
      const pages: Partial<Record<RangeName, Timing>> = {};
      const pageCalls: Partial<Record<RangeName, Record<string, number>>> = {};
      try {
        for (const range of Object.keys(RANGES) as RangeName[]) {
          const { page, calls } = await measurePage(app, range);
          pages[range] = page;
          pageCalls[range] = calls;
          ctx.log(
            `whole page ${range} over HTTP: p50 ${ms(page.p50)} / p95 ${ms(page.p95)} ms (target ${PAGE_TARGET_MS} ms); BFF p95 per call: ${Object.entries(
              calls,
            )
              .map(([c, t]) => `${c} ${ms(t)} ms`)
              .join(', ')}`,
          );
        }
      } finally {
        await app.close();
      }
      const load = `${loadBefore} -> ${loadavg()[0]!.toFixed(1)}`;
      ctx.log(`1-minute load average ${load} on ${availableParallelism()} CPUs`);

      const [rollupRows] = await database.sql.exec(
        "SELECT count(*)::int AS n, pg_total_relation_size('payout_stats_hourly')::bigint AS bytes FROM payout_stats_hourly",
      );
      const figures: SectionResult['figures'] = {
        'overview.database': database.description,
        'overview.rows': ROWS,
        'overview.runs': RUNS,
        'overview.load_average_1m': load,
        'overview.generation_reused': prepared.reused ? 'yes' : 'no',
        'overview.rebuild_s': ms(rebuildSeconds),
        'overview.rollup_rows': Number(rollupRows?.n),
        'overview.rollup_mb': ms(Number(rollupRows?.bytes) / 1_048_576),
        'overview.daily_rollup_rows': Number(made?.daily),
        'overview.series_rollup_rows': Number(made?.series_hourly),
        'overview.series_daily_rows': Number(made?.series_daily),
      };
      for (const { query, range, timing } of sqlTimings) {
        figures[`overview.${query}.${range}.p50_ms`] = ms(timing.p50);
        figures[`overview.${query}.${range}.p95_ms`] = ms(timing.p95);
      }
      figures['overview.payouts_summary.p50_ms'] = ms(payoutsSummary.p50);
      figures['overview.payouts_summary.p95_ms'] = ms(payoutsSummary.p95);
      for (const [range, timing] of Object.entries(pages)) {
        figures[`overview.page.${range}.http_p50_ms`] = ms(timing.p50);
        figures[`overview.page.${range}.http_p95_ms`] = ms(timing.p95);
        for (const [call, p95] of Object.entries(pageCalls[range as RangeName] ?? {})) {
          figures[`overview.page.${range}.${call}.bff_p95_ms`] = ms(p95);
        }
      }
      const rows = [
        ...sqlTimings.map(({ query, range, timing }) => ({
          what: `${query} (service)`,
          range,
          min: ms(timing.min),
          p50: ms(timing.p50),
          p95: ms(timing.p95),
          target: TARGETS_MS[range],
        })),
        {
          what: 'payouts summary (repository)',
          range: '-',
          min: ms(payoutsSummary.min),
          p50: ms(payoutsSummary.p50),
          p95: ms(payoutsSummary.p95),
          target: TARGETS_MS['30d'],
        },
        ...Object.entries(pages).map(([range, timing]) => ({
          what: 'whole page (5 calls, HTTP)',
          range,
          min: ms(timing.min),
          p50: ms(timing.p50),
          p95: ms(timing.p95),
          target: PAGE_TARGET_MS,
        })),
      ];
      const targets: BenchTarget[] = [
        ...sqlTimings.map(({ query, range, timing }) => ({
          name: `overview ${query} p95, ${range} range (service, PostgreSQL)`,
          target: `<= ${TARGETS_MS[range]} ms`,
          actual: `${ms(timing.p95)} ms`,
          met: timing.p95 <= TARGETS_MS[range],
        })),
        ...Object.entries(pages).map(([range, timing]) => ({
          name: `overview whole page p95, ${range} range (5 API calls in parallel over HTTP)`,
          target: `<= ${PAGE_TARGET_MS} ms`,
          actual: `${ms(timing.p95)} ms`,
          met: timing.p95 <= PAGE_TARGET_MS,
        })),
      ];
      return { rows, figures, targets };
    } finally {
      await database.close();
    }
  },
};
