import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_POSTGRES_URL,
  openBenchPglite,
  openBenchPostgres,
  type BenchDatabase,
  type BenchDbKind,
} from './ledger/benchDatabases.js';
import { startLedgerApp, type LedgerApp } from './ledger/startLedgerApp.js';
import type { BenchContext, BenchSection, BenchTarget, SectionResult } from './types.js';

/** `GET /api/beneficiaries` over 10,000 beneficiaries, page and search, p95 <= 20 ms. */

const ROWS = Number(process.env.BENCH_BENEFICIARY_ROWS ?? 10_000);
const RUNS = 100;
const WARMUP = 10;
const TARGET_P95_MS = 20;
const PGLITE_DIR = fileURLToPath(new URL('./.data/beneficiaries', import.meta.url));

interface Query {
  name: string;
  what: string;
  /** `{cursor}` is replaced by the cursor after 100 rows. */
  query: string;
}

const QUERIES: readonly Query[] = [
  { name: 'first-page', what: 'first page, by name', query: 'limit=25' },
  { name: 'page-5', what: 'a page after 100 rows (cursor)', query: 'limit=25&cursor={cursor}' },
  { name: 'search-name', what: 'search a name fragment', query: 'q=globex%204' },
  { name: 'search-last4', what: 'search an account number’s last 4', query: 'q=4321' },
  { name: 'search-reference', what: 'search a reference', query: 'q=ben-0042' },
  {
    name: 'filter-corridor',
    what: 'one corridor and status',
    query: 'country=DE&currency=EUR&status=active&limit=25',
  },
];

const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'];

/** 10,000 bank beneficiaries in one statement (kept between runs: generated once). */
async function prepare(database: BenchDatabase, log: (line: string) => void): Promise<void> {
  await database.migrate();
  const [existing] = await database.sql.exec(
    `SELECT count(*)::int AS n FROM beneficiaries WHERE reference LIKE 'ben-%'`,
  );
  if (Number(existing?.['n']) === ROWS) {
    log(`${database.kind}: ${ROWS} beneficiaries already there`);
    return;
  }
  const started = performance.now();
  await database.sql.exec(`DELETE FROM beneficiary_events WHERE beneficiary_id IN
    (SELECT id FROM beneficiaries WHERE reference LIKE 'ben-%')`);
  await database.sql.exec(`DELETE FROM beneficiary_changes WHERE beneficiary_id IN
    (SELECT id FROM beneficiaries WHERE reference LIKE 'ben-%')`);
  await database.sql.exec(`DELETE FROM beneficiaries WHERE reference LIKE 'ben-%'`);
  const companies = `ARRAY[${COMPANIES.map((c) => `'${c}'`).join(',')}]`;
  await database.sql.exec(
    `INSERT INTO beneficiaries (id, display_name, reference, email, country, currency, state,
       payout_method_type, provider, details_sealed, details_masked, fingerprint,
       card_fields_required, search_text, status, created_by, created_at, updated_by, updated_at)
     SELECT gen_random_uuid(), name, ref, email,
       (ARRAY['DE','BE','GB','US'])[1 + i % 4], (ARRAY['EUR','EUR','GBP','USD'])[1 + i % 4], NULL,
       'bank_account', 'harbor_payments',
       -- Not a sealed value: the list never opens details; only their masked view is read.
       'bench-not-sealed', jsonb_build_object('bankAccountNumber', masked,
         'customerFirstName', 'Payee', 'customerLastName', name),
       md5(ref), false, lower(name || ' ' || ref || ' ' || email || ' ' || masked),
       CASE WHEN i % 40 = 0 THEN 'archived' WHEN i % 97 = 0 THEN 'pending_change' ELSE 'active' END,
       admin, now() - i * interval '1 minute', admin, now() - i * interval '1 minute'
     FROM (
       SELECT i,
         (${companies})[1 + i % ${COMPANIES.length}] || ' ' || i || ' GmbH' AS name,
         'ben-' || lpad(i::text, 6, '0') AS ref,
         'payee' || i || '@example.com' AS email,
         'DE89 3704 **** ' || lpad(((i * 7919) % 10000)::text, 4, '0') AS masked,
         (SELECT id FROM users WHERE email = 'admin@example.com') AS admin
       FROM generate_series(1, ${ROWS}) AS i
     ) AS rows`,
  );
  await database.sql.exec('ANALYZE beneficiaries');
  log(
    `${database.kind}: ${ROWS} beneficiaries generated in ${Math.round(performance.now() - started)} ms`,
  );
}

function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

const ms = (n: number) => Math.round(n * 100) / 100;

async function measure(
  app: LedgerApp,
  path: string,
): Promise<{ p50: number; p95: number; bffP95: number; items: number }> {
  const http: number[] = [];
  const bff: number[] = [];
  let items = 0;
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const started = performance.now();
    const res = await app.get(path);
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
    items = (JSON.parse(res.body) as { items: unknown[] }).items.length;
    if (i >= WARMUP) {
      http.push(took);
      bff.push(res.serverMs);
    }
  }
  http.sort((a, b) => a - b);
  bff.sort((a, b) => a - b);
  return {
    p50: percentile(http, 50),
    p95: percentile(http, 95),
    bffP95: percentile(bff, 95),
    items,
  };
}

async function benchKind(kind: BenchDbKind, ctx: BenchContext) {
  const database =
    kind === 'postgres'
      ? await openBenchPostgres(process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL)
      : await openBenchPglite(PGLITE_DIR);
  try {
    await database.migrate();
    const app = await startLedgerApp(database.db);
    try {
      await prepare(database, (line) => ctx.log(line));
      const first = await app.get('/api/beneficiaries?limit=100');
      const cursor = (JSON.parse(first.body) as { next_cursor: string | null }).next_cursor;
      if (first.status !== 200 || !cursor) {
        throw new Error(`walking the list: ${first.status} ${first.body}`);
      }
      const load = loadavg()[0]!.toFixed(1);
      const results = [];
      for (const query of QUERIES) {
        const result = await measure(
          app,
          `/api/beneficiaries?${query.query.replace('{cursor}', cursor)}`,
        );
        ctx.log(
          `${kind} ${query.name}: p50 ${ms(result.p50)} / p95 ${ms(result.p95)} ms (BFF p95 ${ms(result.bffP95)} ms), ${result.items} rows`,
        );
        results.push({ query, ...result });
      }
      return { results, load: `${load} -> ${loadavg()[0]!.toFixed(1)}` };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export const section: BenchSection = {
  name: 'beneficiaries',
  async run(ctx: BenchContext): Promise<SectionResult> {
    const byKind = {
      postgres: await benchKind('postgres', ctx),
      pglite: await benchKind('pglite', ctx),
    };
    const figures: SectionResult['figures'] = {
      'beneficiaries.rows': ROWS,
      'beneficiaries.runs': RUNS,
    };
    const rows = (['postgres', 'pglite'] as const).flatMap((kind) =>
      byKind[kind].results.map((r) => {
        figures[`beneficiaries.${kind}.${r.query.name}.http_p95_ms`] = ms(r.p95);
        figures[`beneficiaries.${kind}.${r.query.name}.bff_p95_ms`] = ms(r.bffP95);
        return {
          db: kind,
          query: r.query.name,
          rows: r.items,
          'http p50': ms(r.p50),
          'http p95': ms(r.p95),
          'bff p95': ms(r.bffP95),
        };
      }),
    );
    figures['beneficiaries.postgres.load_average_1m'] = byKind.postgres.load;
    figures['beneficiaries.pglite.load_average_1m'] = byKind.pglite.load;
    const targets: BenchTarget[] = byKind.postgres.results.map((r) => ({
      name: `beneficiaries ${r.query.name} p95 on PostgreSQL (GET /api/beneficiaries, ${ROWS} rows)`,
      target: `<= ${TARGET_P95_MS} ms`,
      actual: `${ms(r.p95)} ms (BFF ${ms(r.bffP95)} ms)`,
      met: r.p95 <= TARGET_P95_MS,
    }));
    return { rows, figures, targets };
  },
};
