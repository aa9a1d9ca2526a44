import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '@payouts/bff';
import type { BenchDatabase } from './benchDatabases.js';
import { GENERATOR_VERSION, generateLedger } from './generateLedger.js';

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

export interface PreparedLedger {
  reused: boolean;
  /** Seconds the generation took (this run, or when the reused data was generated). */
  generationSeconds: number;
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
  const [state] = await database.sql.exec(
    'SELECT rows, seconds FROM bench_ledger_state WHERE version = $1',
    [GENERATOR_VERSION],
  );
  let reused = false;
  let generationSeconds: number;
  if (state && Number(state.rows) === rows) {
    const [count] = await database.sql.exec('SELECT count(*)::int AS n FROM payouts');
    reused = Number(count?.n) === rows;
  }
  if (reused) {
    generationSeconds = Number(state?.seconds);
    log(`${database.kind}: reusing ${rows.toLocaleString('en')} payouts`);
  } else {
    log(`${database.kind}: generating ${rows.toLocaleString('en')} payouts`);
    const started = performance.now();
    await database.sql.exec('DELETE FROM bench_ledger_state');
    // GIN indexes are cheaper built once over the whole table than maintained row by row.
    for (const name of proposedIndexNames()) {
      await database.sql.exec(`DROP INDEX IF EXISTS ${name}`);
    }
    // CASCADE: payout_approvals, batch rows and others reference payouts (issues 12, 13).
    await database.sql.exec('TRUNCATE payout_events, idempotency_keys, payouts CASCADE');
    await generateLedger(database.sql, { rows, log });
    await database.sql.exec('VACUUM ANALYZE payouts');
    await database.sql.exec('ANALYZE users');
    // Lets PGlite recycle the generation's WAL (its folder holds gigabytes without it); on a
    // server CHECKPOINT may need a role the bench user lacks, and the server checkpoints anyway.
    if (database.kind === 'pglite') await database.sql.exec('CHECKPOINT');
    generationSeconds = (performance.now() - started) / 1000;
    await database.sql.exec(
      'INSERT INTO bench_ledger_state (version, rows, seconds, generated_at) VALUES ($1, $2, $3, now())',
      [GENERATOR_VERSION, rows, generationSeconds.toFixed(1)],
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
  return { reused, generationSeconds, indexSeconds };
}
