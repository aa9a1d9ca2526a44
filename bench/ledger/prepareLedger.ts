import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '@payouts/bff';
import type { BenchDatabase } from './benchDatabases.js';
import { GENERATOR_VERSION, generateLedger, type SqlRunner } from './generateLedger.js';

const PROPOSED_INDEXES = new URL('./proposedIndexes.sql', import.meta.url);

function proposedStatements(): string[] {
  return readFileSync(PROPOSED_INDEXES, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

function proposedIndexNames(): string[] {
  return proposedStatements().flatMap((s) => /INDEX IF NOT EXISTS (\w+)/i.exec(s)?.[1] ?? []);
}

async function pendingMigrations(database: BenchDatabase): Promise<number> {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  const [table] = await database.sql.exec(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!table?.present) return journal.entries.length;
  const [applied] = await database.sql.exec(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  return journal.entries.length - Number(applied?.n ?? 0);
}

/**
 * Where the definitions of the indexes dropped for a bulk load wait until they are rebuilt: a
 * run interrupted in between rebuilds them on its next generation, nothing is lost.
 */
const DROPPED_INDEXES = 'bench_ledger_dropped_indexes';
/** Likewise for the primary key of payouts and the foreign keys that point at it. */
const DROPPED_KEYS = 'bench_ledger_dropped_keys';

/**
 * Every index of payouts, saved then dropped: building an index once over the loaded table is
 * many times cheaper than maintaining it row by row, GIN above all. The primary key goes too
 * (with the foreign keys of the truncated tables that reference it, re-added when it is back):
 * ten million random UUIDs inserted one by one into its btree, far larger than the server's
 * buffers, cost more than sorting them once.
 */
async function dropPayoutsIndexes(sql: SqlRunner): Promise<void> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS ${DROPPED_INDEXES} (
    name text PRIMARY KEY, definition text NOT NULL)`);
  await sql.exec(`CREATE TABLE IF NOT EXISTS ${DROPPED_KEYS} (
    name text PRIMARY KEY, table_name text NOT NULL, definition text NOT NULL,
    primary_key boolean NOT NULL)`);
  await sql.exec(`INSERT INTO ${DROPPED_KEYS} (name, table_name, definition, primary_key)
    SELECT conname, conrelid::regclass::text, pg_get_constraintdef(oid), contype = 'p'
    FROM pg_constraint
    WHERE (contype = 'f' AND confrelid = 'public.payouts'::regclass)
       OR (contype = 'p' AND conrelid = 'public.payouts'::regclass)
    ON CONFLICT (name) DO NOTHING`);
  // A column's statistics target (migration 0020's on the search indexes) is not part of an
  // index's definition: it is saved beside it and set again once the index is rebuilt.
  await sql.exec(`ALTER TABLE ${DROPPED_INDEXES} ADD COLUMN IF NOT EXISTS statistics text`);
  // An index on expressions: ANALYZE gathers their statistics, so it runs once they are built.
  await sql.exec(
    `ALTER TABLE ${DROPPED_INDEXES} ADD COLUMN IF NOT EXISTS expressions boolean NOT NULL DEFAULT false`,
  );
  await sql.exec(`INSERT INTO ${DROPPED_INDEXES} (name, definition, expressions, statistics)
    SELECT c.relname, pg_get_indexdef(i.indexrelid), i.indexprs IS NOT NULL,
      (SELECT string_agg(format('ALTER INDEX %I ALTER COLUMN %s SET STATISTICS %s',
                                c.relname, a.attnum, a.attstattarget), ';')
       FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attstattarget > 0)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'public.payouts'::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ON CONFLICT (name) DO NOTHING`);
  // The referencing foreign keys first: the primary key cannot go while they depend on it.
  for (const key of await sql.exec(
    `SELECT name, table_name FROM ${DROPPED_KEYS} ORDER BY primary_key, name`,
  )) {
    await sql.exec(
      `ALTER TABLE ${String(key.table_name)} DROP CONSTRAINT IF EXISTS "${String(key.name)}"`,
    );
  }
  for (const { name } of await sql.exec(`SELECT name FROM ${DROPPED_INDEXES}`)) {
    await sql.exec(`DROP INDEX IF EXISTS "${String(name)}"`);
  }
}

/**
 * The primary key's index is built among the other indexes (a unique index under the key's
 * name); this makes it the key again, then re-adds the foreign keys (their tables are empty).
 */
async function restoreKeys(sql: SqlRunner): Promise<void> {
  for (const key of await sql.exec(
    `SELECT name, table_name, definition, primary_key FROM ${DROPPED_KEYS}
     ORDER BY primary_key DESC, name`,
  )) {
    const name = `"${String(key.name)}"`;
    await sql.exec(
      key.primary_key
        ? `ALTER TABLE ${String(key.table_name)} ADD CONSTRAINT ${name} PRIMARY KEY USING INDEX ${name}`
        : `ALTER TABLE ${String(key.table_name)} ADD CONSTRAINT ${name} ${String(key.definition)}`,
    );
  }
  await sql.exec(`DELETE FROM ${DROPPED_KEYS}`);
}

interface Job {
  name: string;
  /** Jobs that must have finished before this one starts. */
  after?: readonly string[];
  run: (sql: SqlRunner) => Promise<unknown>;
}

/**
 * Runs `jobs` on `database.parallelism` sessions: a free session takes the first job whose
 * `after` jobs have finished, or waits for the next job to finish. Each session has room to sort
 * in memory.
 */
async function runJobs(
  database: BenchDatabase,
  jobs: Job[],
  log: (line: string) => void,
): Promise<void> {
  const finished = new Set<string>();
  let failed = false;
  let wake = () => {};
  let someJobEnded = new Promise<void>((resolve) => (wake = resolve));
  const ended = () => {
    const waiting = wake;
    someJobEnded = new Promise<void>((resolve) => (wake = resolve));
    waiting();
  };
  const worker = () =>
    database.session(async (sql) => {
      // 512 MB: sorts stay in memory and a GIN build flushes far less often (default 64 MB).
      await sql.exec("SET maintenance_work_mem = '512MB'");
      await sql.exec("SET work_mem = '256MB'");
      // One process a build: the sessions already keep both cores busy, and a parallel build's
      // workers only add a merge (PGlite has none).
      if (database.kind === 'postgres') await sql.exec('SET max_parallel_maintenance_workers = 0');
      while (jobs.length > 0 && !failed) {
        const at = jobs.findIndex((job) => (job.after ?? []).every((name) => finished.has(name)));
        if (at < 0) {
          await someJobEnded;
          continue;
        }
        const [job] = jobs.splice(at, 1);
        const started = performance.now();
        try {
          await job!.run(sql);
          finished.add(job!.name);
        } catch (error) {
          failed = true;
          throw error;
        } finally {
          ended();
        }
        log(`  ${job!.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    });
  await Promise.all(Array.from({ length: database.parallelism }, worker));
}

/**
 * Builds the saved indexes, rebuilds the rollups and analyses payouts, `parallelism` jobs at a
 * time. `ANALYZE payouts` gathers the statistics of the indexes on expressions (the search
 * indexes, 25 to 37 s each at ten million), so it waits for them, and it cannot run beside an
 * index build (their locks conflict), so the other indexes wait for it; the rollups' rebuild (the
 * longest job) conflicts with nothing and fills in whenever a session would wait. The other
 * indexes are built longest first (the unique keys, 17 to 38 s, then the rest, 4 to 31 s). Run
 * last, `ANALYZE` (300,000 rows sampled: the search expressions' statistics target is 1,000) had
 * one core to itself while the other waited. Answers the rebuild's seconds.
 */
async function indexAnalyzeAndRollup(
  database: BenchDatabase,
  log: (line: string) => void,
): Promise<number> {
  const saved = await database.sql.exec(
    `SELECT name, definition, expressions, statistics FROM (
       SELECT name, definition, expressions, statistics FROM ${DROPPED_INDEXES}
       UNION ALL
       SELECT name, 'CREATE UNIQUE INDEX "' || name || '" ON ' || table_name || ' '
         || substring(definition FROM '\\(.*\\)'), false, NULL
       FROM ${DROPPED_KEYS} WHERE primary_key
     ) d
     ORDER BY definition ~* 'USING gin' DESC, definition ~ 'text_pattern_ops' DESC,
       definition ~ '^CREATE UNIQUE' DESC, name`,
  );
  const build = (index: Record<string, unknown>): Job => ({
    name: `index ${String(index.name)}`,
    run: async (sql) => {
      await sql.exec(String(index.definition));
      const statistics = typeof index.statistics === 'string' ? index.statistics : '';
      for (const statement of statistics.split(';').filter(Boolean)) await sql.exec(statement);
    },
  });
  const expressionIndexes = saved.filter((index) => index.expressions === true).map(build);
  // The rebuild's awaiting-approval counter reads the awaiting payouts: with their small partial
  // index built first (it has no expression, ANALYZE needs nothing of it) that is an index-only
  // scan instead of one more pass over the whole table.
  const readByRebuild = (index: Record<string, unknown>) =>
    index.name === 'payouts_awaiting_created_idx';
  const rebuildReads = saved.filter(readByRebuild).map(build);
  let rebuildSeconds = 0;
  await runJobs(
    database,
    [
      ...expressionIndexes,
      ...rebuildReads,
      {
        // The TRUNCATE fired no delete trigger and the load no insert trigger: this replaces
        // whatever the rollups held with exactly what the triggers would have kept.
        name: 'payout_stats_rebuild()',
        after: rebuildReads.map((job) => job.name),
        run: async (sql) => {
          const started = performance.now();
          await sql.exec('SELECT payout_stats_rebuild()');
          rebuildSeconds = (performance.now() - started) / 1000;
          // The rollups as autovacuum would soon leave them: analysed, and their visibility maps
          // set ("needs attention" is an index-only scan of the daily rollup).
          await sql.exec(
            'VACUUM ANALYZE payout_stats_hourly, payout_stats_daily, payout_stats_series_hourly, payout_stats_series_daily, payout_awaiting_counts',
          );
        },
      },
      {
        name: 'ANALYZE payouts',
        after: [...expressionIndexes, ...rebuildReads].map((job) => job.name),
        run: (sql) => sql.exec('ANALYZE payouts'),
      },
      ...saved
        .filter((index) => index.expressions !== true && !readByRebuild(index))
        .map((index) => ({ ...build(index), after: ['ANALYZE payouts'] })),
    ],
    log,
  );
  await restoreKeys(database.sql);
  await database.sql.exec(`DELETE FROM ${DROPPED_INDEXES}`);
  return rebuildSeconds;
}

/**
 * Disables every trigger of payouts for the load: the rollup's insert trigger (the rollups are
 * rebuilt once after) and, when the role may (superuser: the bench's own server, PGlite), the
 * foreign-key checks, whose per-row lookups were an eighth of the load; the generator only
 * writes bench users' ids. Answers the scope it disabled, to enable it again.
 */
async function disableTriggers(sql: SqlRunner): Promise<'ALL' | 'USER'> {
  try {
    await sql.exec('ALTER TABLE payouts DISABLE TRIGGER ALL');
    return 'ALL';
  } catch {
    await sql.exec('ALTER TABLE payouts DISABLE TRIGGER USER');
    return 'USER';
  }
}

/**
 * Fills the truncated payouts table with `rows` generated payouts the fast way: every index and
 * key dropped and triggers off during the load (one session, `COPY ... FREEZE` in binary), then
 * the indexes built once, the rollups rebuilt set-based (`payout_stats_rebuild()`, exact as the
 * triggers would have left them) and the table analysed, side by side. Answers the rebuild's
 * seconds.
 */
async function bulkLoad(
  database: BenchDatabase,
  rows: number,
  log: (line: string) => void,
): Promise<number> {
  const { sql } = database;
  await dropPayoutsIndexes(sql);
  const disabled = await disableTriggers(sql);
  try {
    await database.session((session) => generateLedger(session, { rows, log }));
  } finally {
    await sql.exec(`ALTER TABLE payouts ENABLE TRIGGER ${disabled}`);
  }
  let started = performance.now();
  const rebuildSeconds = await indexAnalyzeAndRollup(database, log);
  log(
    `  indexes, statistics and rollups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  // COPY FREEZE left every page frozen and all-visible: this only confirms the visibility map
  // (the index-only scans' condition) and reads no page.
  await sql.exec('VACUUM payouts');
  await sql.exec('ANALYZE users');
  log(`  VACUUM in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Lets PGlite recycle the generation's WAL (its folder holds gigabytes without it); on a
  // server CHECKPOINT may need a role the bench user lacks, and the server checkpoints anyway.
  if (database.kind === 'pglite') await sql.exec('CHECKPOINT');
  return rebuildSeconds;
}

export interface PreparedLedger {
  reused: boolean;
  /** Seconds the generation took (this run, or when the reused data was generated). */
  generationSeconds: number;
  /**
   * Seconds `payout_stats_rebuild()` took within the generation (this run's or the reused
   * data's): the rollups were exact then and the triggers kept them so. Undefined for a ledger
   * generated before the bench rebuilt them itself.
   */
  rebuildSeconds?: number;
  indexSeconds: number;
}

/**
 * Migrates, then reuses the ledger when it holds `rows` payouts of this generator version, or
 * regenerates it; then applies the proposed indexes. A pending migration may create an index the
 * bench created under the same name, so the proposed ones are dropped before migrating.
 */
export async function prepareLedger(
  database: BenchDatabase,
  rows: number,
  log: (line: string) => void,
): Promise<PreparedLedger> {
  if ((await pendingMigrations(database)) > 0) {
    const [payouts] = await database.sql.exec(
      "SELECT to_regclass('public.payouts') IS NOT NULL AS present",
    );
    if (payouts?.present) {
      for (const name of proposedIndexNames()) {
        await database.sql.exec(`DROP INDEX IF EXISTS ${name}`);
      }
    }
    log(`${database.kind}: applying migrations`);
  }
  await database.migrate();
  await database.sql.exec(`CREATE TABLE IF NOT EXISTS bench_ledger_state (
    version text PRIMARY KEY, rows integer NOT NULL, seconds numeric NOT NULL,
    generated_at timestamptz NOT NULL)`);
  await database.sql.exec(
    'ALTER TABLE bench_ledger_state ADD COLUMN IF NOT EXISTS rebuild_seconds numeric',
  );
  const [state] = await database.sql.exec(
    'SELECT rows, seconds, rebuild_seconds FROM bench_ledger_state WHERE version = $1',
    [GENERATOR_VERSION],
  );
  let reused = false;
  let generationSeconds: number;
  let rebuildSeconds: number | undefined;
  if (state && Number(state.rows) === rows) {
    const [count] = await database.sql.exec('SELECT count(*)::int AS n FROM payouts');
    reused = Number(count?.n) === rows;
  }
  if (reused) {
    generationSeconds = Number(state?.seconds);
    if (state?.rebuild_seconds != null) rebuildSeconds = Number(state.rebuild_seconds);
    log(`${database.kind}: reusing ${rows.toLocaleString('en')} payouts`);
  } else {
    log(`${database.kind}: generating ${rows.toLocaleString('en')} payouts`);
    const started = performance.now();
    await database.sql.exec('DELETE FROM bench_ledger_state');
    // CASCADE: payout_approvals, batch rows and others reference payouts.
    await database.sql.exec('TRUNCATE payout_events, idempotency_keys, payouts CASCADE');
    rebuildSeconds = await bulkLoad(database, rows, log);
    generationSeconds = (performance.now() - started) / 1000;
    await database.sql.exec(
      'INSERT INTO bench_ledger_state (version, rows, seconds, rebuild_seconds, generated_at) VALUES ($1, $2, $3, $4, now())',
      [GENERATOR_VERSION, rows, generationSeconds.toFixed(1), rebuildSeconds.toFixed(1)],
    );
    log(`${database.kind}: generated in ${generationSeconds.toFixed(1)} s`);
  }
  const started = performance.now();
  const present = await database.sql.exec(
    "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'payouts'",
  );
  const missing = proposedIndexNames().filter(
    (name) => !present.some((row) => row.indexname === name),
  );
  if (missing.length > 0) {
    log(`${database.kind}: creating ${missing.join(', ')}`);
    for (const statement of proposedStatements()) await database.sql.exec(statement);
    await database.sql.exec('ANALYZE payouts');
  }
  const indexSeconds = (performance.now() - started) / 1000;
  return {
    reused,
    generationSeconds,
    indexSeconds,
    ...(rebuildSeconds === undefined ? {} : { rebuildSeconds }),
  };
}
