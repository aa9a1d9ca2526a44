import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_POSTGRES_URL,
  openBenchPglite,
  openBenchPostgres,
  type BenchDatabase,
  type BenchDbKind,
} from './ledger/benchDatabases.js';
import { DEEP_ROWS, ledgerQueries, type LedgerQuery } from './ledger/ledgerQueries.js';
import { prepareLedger, type PreparedLedger } from './ledger/prepareLedger.js';
import { startLedgerApp, type LedgerApp } from './ledger/startLedgerApp.js';
import type { BenchContext, BenchSection, BenchTarget, SectionResult } from './types.js';

/**
 * `GET /api/payouts` over a million payouts, PostgreSQL and PGlite; ten
 * million on PostgreSQL with `BENCH_LEDGER_ROWS=10000000`.
 */

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
/**
 * PGlite is the single-user embedded database (one process, one connection): it stays at a
 * million unless asked, since ten million would take it most of an hour to generate and ~6 GB.
 */
const PGLITE_ROWS = Number(process.env.BENCH_LEDGER_PGLITE_ROWS ?? Math.min(ROWS, 1_000_000));
/** `BENCH_LEDGER_DBS=postgres` (or `pglite`) measures one database only: quicker experiments. */
const KINDS = (['postgres', 'pglite'] as const).filter(
  (kind) => !process.env.BENCH_LEDGER_DBS || process.env.BENCH_LEDGER_DBS.split(',').includes(kind),
);
const ROWS_OF: Record<BenchDbKind, number> = { postgres: ROWS, pglite: PGLITE_ROWS };
const RUNS = 50;
const WARMUP = 5;
/** Ten million payouts generated in under five minutes. */
const GENERATION_TARGET_S = 300;
const TARGET_P95_MS = 20;
/**
 * The list's totals (`GET /api/payouts/totals`) of filters the rollups are keyed by: the whole
 * ledger, a status, a PSP, a corridor, a month. Search and amount totals sum payouts and have
 * no target: they are answered, or refused as too broad at the BFF's time limit.
 */
const TOTALS_TARGET_P95_MS = 100;
const TOTALS_RUNS = 20;
const ROLLUP_TOTALS = new Set([
  'first_page',
  'status',
  'status_two',
  'provider',
  'method',
  'currency',
  'country',
  'created_range',
  'is_test',
  'include_test',
]);
const PGLITE_DIR = fileURLToPath(new URL('./.data/ledger', import.meta.url));

interface Timing {
  min: number;
  p50: number;
  p95: number;
}

interface QueryResult {
  query: LedgerQuery;
  /** Round trip as a browser's request would see it (client in this process). */
  http: Timing;
  /** The BFF's own time for the same requests (its Server-Timing header). */
  server: Timing;
  /** The captured statement alone, on the same connection pool. */
  sql: Timing;
  items: number;
}

function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
}

async function time(runs: number, run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

const ms = (n: number) => Math.round(n * 100) / 100;

/** The cursor after DEEP_ROWS rows, walked once in pages of 100. */
async function deepCursor(app: LedgerApp): Promise<string> {
  let cursor: string | null = null;
  for (let seen = 0; seen < DEEP_ROWS; seen += 100) {
    const res = await app.get(`/api/payouts?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.status !== 200) throw new Error(`walking the list: ${res.status} ${res.body}`);
    cursor = (JSON.parse(res.body) as { next_cursor: string | null }).next_cursor;
    if (!cursor) throw new Error(`the list ended before ${DEEP_ROWS} rows`);
  }
  return cursor!;
}

async function measureQuery(
  database: BenchDatabase,
  app: LedgerApp,
  query: LedgerQuery,
  cursor: string,
  plansDir: string,
): Promise<QueryResult> {
  const path = `/api/payouts?${query.query.replace('{cursor}', cursor)}`;
  let items = 0;
  const serverSamples: number[] = [];
  const http = await time(RUNS, async () => {
    const res = await app.get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
    items = (JSON.parse(res.body) as { items: unknown[] }).items.length;
    serverSamples.push(res.serverMs);
  });
  // The warm-up runs are left out, as for the round trips.
  const server = summarize(serverSamples.slice(WARMUP));
  // The statement the repository sent for this request, exactly (drizzle's logger).
  const statement = database.capture.lastPayoutsSelect();
  if (!statement) throw new Error(`${query.name}: no payouts statement was captured`);
  const sql = await time(RUNS, () => database.sql.exec(statement.sql, statement.params));
  const plan = await database.sql.exec(
    `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
    statement.params,
  );
  writeFileSync(
    join(plansDir, `${database.kind}-${query.name}.txt`),
    [
      `-- ${query.what}: GET ${path}`,
      `-- ${database.description}, ${new Date().toISOString()}`,
      `-- params: ${JSON.stringify(statement.params)}`,
      statement.sql,
      '',
      ...plan.map((row) => String(row['QUERY PLAN'])),
      '',
    ].join('\n'),
  );
  return { query, http, server, sql, items };
}

interface TotalsResult {
  query: LedgerQuery;
  http: Timing;
  /** 200, or 422 when refused as too broad. */
  status: number;
  count: number | null;
}

/** The totals of a list query's filters (no sort, no cursor): the list's header line. */
async function measureTotals(app: LedgerApp, query: LedgerQuery): Promise<TotalsResult> {
  const path = `/api/payouts/totals?${query.query}`;
  let status = 0;
  let count: number | null = null;
  const http = await time(TOTALS_RUNS, async () => {
    const res = await app.get(path);
    if (res.status !== 200 && res.status !== 422) {
      throw new Error(`${path}: ${res.status} ${res.body}`);
    }
    status = res.status;
    count = res.status === 200 ? (JSON.parse(res.body) as { count: number }).count : null;
  });
  return { query, http, status, count };
}

/** The ledger queries the totals take: every filter and search, not the order or the page. */
const totalsQueries = (rows: number) =>
  ledgerQueries(rows).filter((q) => !/(^|&)(sort|order|cursor)=/.test(q.query));

async function benchDatabase(
  kind: BenchDbKind,
  ctx: BenchContext,
  plansDir: string,
): Promise<{
  rows: number;
  prepared: PreparedLedger;
  results: QueryResult[];
  totals: TotalsResult[];
  description: string;
  /** 1-minute load average before and after the timings: this machine is shared. */
  load: string;
}> {
  const database =
    kind === 'postgres'
      ? await openBenchPostgres(process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL)
      : await openBenchPglite(PGLITE_DIR);
  try {
    const rows = ROWS_OF[kind];
    const prepared = await prepareLedger(database, rows, (line) => ctx.log(line));
    const app = await startLedgerApp(database.db);
    try {
      const loadBefore = loadavg()[0]!.toFixed(1);
      const cursor = await deepCursor(app);
      const results: QueryResult[] = [];
      for (const query of ledgerQueries(rows)) {
        const result = await measureQuery(database, app, query, cursor, plansDir);
        ctx.log(
          `${kind} ${query.name}: HTTP p50 ${ms(result.http.p50)} / p95 ${ms(result.http.p95)} ms, BFF p50 ${ms(result.server.p50)} / p95 ${ms(result.server.p95)} ms, SQL p50 ${ms(result.sql.p50)} / p95 ${ms(result.sql.p95)} ms`,
        );
        results.push(result);
      }
      const totals: TotalsResult[] = [];
      for (const query of totalsQueries(rows)) {
        const result = await measureTotals(app, query);
        ctx.log(
          `${kind} totals ${query.name}: ${result.status === 200 ? `${result.count} payouts` : 'refused as too broad'}, HTTP p50 ${ms(result.http.p50)} / p95 ${ms(result.http.p95)} ms`,
        );
        totals.push(result);
      }
      const load = `${loadBefore} -> ${loadavg()[0]!.toFixed(1)}`;
      ctx.log(`${kind}: 1-minute load average ${load} on ${availableParallelism()} CPUs`);
      return { rows, prepared, results, totals, description: database.description, load };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export const section: BenchSection = {
  name: 'ledger',
  async run(ctx: BenchContext): Promise<SectionResult> {
    const plansDir = join(ctx.resultsDir, 'plans');
    mkdirSync(plansDir, { recursive: true });
    const byKind: Partial<Record<BenchDbKind, Awaited<ReturnType<typeof benchDatabase>>>> = {};
    for (const kind of KINDS) byKind[kind] = await benchDatabase(kind, ctx, plansDir);
    const figures: SectionResult['figures'] = { 'ledger.rows': ROWS, 'ledger.runs': RUNS };
    for (const [kind, { rows, prepared, description, results, totals, load }] of Object.entries(
      byKind,
    )) {
      for (const t of totals) {
        figures[`ledger.${kind}.totals.${t.query.name}.http_p95_ms`] = ms(t.http.p95);
        figures[`ledger.${kind}.totals.${t.query.name}.status`] = t.status;
      }
      figures[`ledger.${kind}.rows`] = rows;
      figures[`ledger.${kind}.database`] = description;
      figures[`ledger.${kind}.load_average_1m`] = load;
      figures[`ledger.${kind}.generation_s`] = ms(prepared.generationSeconds);
      figures[`ledger.${kind}.reused`] = prepared.reused ? 'yes' : 'no';
      figures[`ledger.${kind}.proposed_indexes_s`] = ms(prepared.indexSeconds);
      for (const r of results) {
        for (const [measure, timing] of [
          ['http', r.http],
          ['bff', r.server],
          ['sql', r.sql],
        ] as const) {
          figures[`ledger.${kind}.${r.query.name}.${measure}_p50_ms`] = ms(timing.p50);
          figures[`ledger.${kind}.${r.query.name}.${measure}_p95_ms`] = ms(timing.p95);
        }
      }
    }
    // One line per query and database: round trip, the BFF's own time, the statement alone.
    const rows = KINDS.flatMap((kind) =>
      byKind[kind]!.results.map((r) => ({
        db: `${kind} (${byKind[kind]!.rows.toLocaleString('en')})`,
        query: r.query.name,
        rows: r.items,
        'http p50': ms(r.http.p50),
        'http p95': ms(r.http.p95),
        'bff p50': ms(r.server.p50),
        'bff p95': ms(r.server.p95),
        'sql min': ms(r.sql.min),
        'sql p50': ms(r.sql.p50),
        'sql p95': ms(r.sql.p95),
      })),
    );
    const postgres = byKind.postgres;
    const targets: BenchTarget[] = (postgres?.results ?? []).map((r) => ({
      name: `ledger ${r.query.name} p95 on PostgreSQL, ${postgres!.rows.toLocaleString('en')} payouts (GET /api/payouts)`,
      target: `<= ${TARGET_P95_MS} ms`,
      actual: `${ms(r.http.p95)} ms (BFF ${ms(r.server.p95)} ms, SQL ${ms(r.sql.p95)} ms)`,
      met: r.http.p95 <= TARGET_P95_MS,
    }));
    for (const t of postgres?.totals ?? []) {
      if (!ROLLUP_TOTALS.has(t.query.name)) continue;
      targets.push({
        name: `ledger totals of ${t.query.name} p95 on PostgreSQL, ${postgres!.rows.toLocaleString('en')} payouts (GET /api/payouts/totals)`,
        target: `<= ${TOTALS_TARGET_P95_MS} ms`,
        actual: `${ms(t.http.p95)} ms (HTTP ${t.status})`,
        met: t.status === 200 && t.http.p95 <= TOTALS_TARGET_P95_MS,
      });
    }
    // Ten million payouts generated on PostgreSQL in under five minutes (the figure of
    // the run that generated them when this one reused them).
    if (postgres && postgres.rows >= 10_000_000) {
      targets.push({
        name: `ledger generation on PostgreSQL, ${postgres.rows.toLocaleString('en')} payouts${postgres.prepared.reused ? ' (reused: the generating run)' : ''}`,
        target: `<= ${GENERATION_TARGET_S} s`,
        actual: `${ms(postgres.prepared.generationSeconds)} s`,
        met: postgres.prepared.generationSeconds <= GENERATION_TARGET_S,
      });
    }
    return { rows, figures, targets };
  },
};
