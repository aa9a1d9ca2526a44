import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { traceSqlClient } from '../shared/spans.js';
import { acquireLockFile, type LockFile } from './lockFile.js';
import { schema, type Schema } from './schema.js';

/** The driver-neutral database every repository receives. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** For the startup log; never contains a password. */
  description: string;
  /** Applies the committed drizzle-kit migrations (the same files on both drivers). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** PostgreSQL's connection pool (its counters feed `/metrics`); undefined on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** The same database as pg-boss talks to it (the batch queue, docs/decisions/019). */
  jobsDb: JobsDb;
}

/** The PGlite cluster's folder inside a data folder (beside the lock file and the key). */
export const PGLITE_SUBFOLDER = 'pglite';

/**
 * A new data folder's cluster, copied from the template and then renamed into place: a start
 * that dies halfway leaves a stray copy (removed by the next start), never a cluster with files
 * missing. The data folder's lock file is held: no other process copies at the same time.
 */
function copyTemplate(template: string, pgdata: string): void {
  const copy = `${pgdata}.copy`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  renameSync(copy, pgdata);
}

/** pg-boss's database port: one statement (with values) or a script (without). */
export interface JobsDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type OpenDatabaseOptions =
  | { url: string; onPoolError?: (error: Error) => void }
  /**
   * PGlite persisted in `dataDir` (guarded by a lock file); a new folder starts as a copy of
   * `template` (a data directory with exactly the migrations of MIGRATIONS_FOLDER applied,
   * src/db/pgliteTemplate.ts: `migrate()` then has nothing to do) when given, else from initdb.
   */
  | { dataDir: string; template?: string }
  /** PGlite in memory (tests), optionally started from a dumped data directory. */
  | { memory: true; loadDataDir?: Blob };

/** Extensions the migrations create (pg_trgm: substring search); PostgreSQL ships them too. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's postgres with 16 MB of shared buffers instead of initdb's 128 MB. Emscripten zeroes
 * the whole shared memory segment at every start, byte by byte in not-yet-optimised WebAssembly:
 * with 128 MB that was most of PGlite's start (`npm start` to ready in 3 s; profiled
 * with `node --cpu-prof`: one wasm function, the memset, 7.2 s of a 7.3 s open on a loaded
 * machine, 0.8 s with 16 MB). The embedded ledger is a demo's or a test's: small, and what does
 * not fit stays in the operating system's file cache. PostgreSQL is configured on its server.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations' journal (drizzle-kit's `meta/_journal.json`), oldest first. */
export function readMigrationJournal(): Array<{ tag: string; when: number }> {
  return (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string; when: number }>;
    }
  ).entries;
}

/**
 * The rows of a raw statement: node-postgres and PGlite both answer `{ rows }` through drizzle's
 * `execute`, whose result type `Database` leaves driver-specific.
 */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Drizzle's own test, without its setup: it applies every migration of the journal newer than
 * the newest row of `drizzle.__drizzle_migrations` (`created_at` is the journal's `when`), so
 * none is due when that row is at least the journal's last entry.
 */
export async function pgliteMigrationsAreCurrent(db: Database): Promise<boolean> {
  const newest = Math.max(...readMigrationJournal().map((entry) => entry.when));
  const firstRow = async <T>(query: SQL): Promise<T | undefined> => (await rowsOf<T>(db, query))[0];
  const table = await firstRow<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (table?.present !== true) return false;
  const newestApplied = await firstRow<{ applied: string | number | null }>(
    sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
  );
  const applied = newestApplied?.applied;
  return applied !== null && applied !== undefined && Number(applied) >= newest;
}

function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * PGlite runs every statement on the event loop's thread, synchronously, and its promises resolve
 * as microtasks: a chain of statements (a transaction of many inserts, a loop of queries) would
 * hold the loop from its first statement to its last, and every other request would wait. So
 * each protocol message (a statement is a few) first lets the loop run what is waiting. PGlite's
 * own lock keeps a statement's messages, and a transaction's statements, together.
 */
export function yieldBeforeEachMessage(client: PGlite): void {
  const stream = client.execProtocolStream.bind(client);
  const plain = client.execProtocol.bind(client);
  client.execProtocolStream = async (...args) => {
    await yieldToLoop();
    return stream(...args);
  };
  client.execProtocol = async (...args) => {
    await yieldToLoop();
    return plain(...args);
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    // SQL spans of traced requests (decision 023): the pool's and its clients' `query`.
    const pool = traceSqlClient(
      new pg.Pool({ connectionString: options.url, max: 10 }),
      'postgresql',
    );
    // An idle client's error (server restart) must not crash the process; the next query fails.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      pool,
      description: describeUrl(options.url),
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      jobsDb: {
        executeSql: async (text, values) => pool.query(text, values),
      },
    };
  }

  let lock: LockFile | undefined;
  let client: PGlite;
  let description: string;
  let copiedFromTemplate = false;
  if ('dataDir' in options) {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    lock = acquireLockFile(join(dir, 'bff.lock'));
    const pgdata = join(dir, PGLITE_SUBFOLDER);
    try {
      // Only into a folder that is not there yet: anything else is PGlite's to open or initdb.
      if (options.template && !existsSync(pgdata)) {
        copyTemplate(options.template, pgdata);
        copiedFromTemplate = true;
      }
      client = await PGlite.create(pgdata, {
        extensions: PGLITE_EXTENSIONS,
        startParams: PGLITE_START_PARAMS,
      });
    } catch (error) {
      lock.release();
      throw error;
    }
    description = `PGlite in ${dir}`;
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    description = 'PGlite in memory';
  }
  traceSqlClient(client, 'pglite');
  yieldBeforeEachMessage(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    description,
    // Drizzle's migrate reads and hashes every file and runs DDL (`create schema/table if not
    // exists`) before it looks: 0.1-0.2 s of CPU at every start. A cluster just copied
    // from the template has every migration (the caller passes a template only when its stamp
    // names exactly these, pgliteTemplateDir); an existing one is asked first, as drizzle asks.
    migrate: async () => {
      if (copiedFromTemplate || (await pgliteMigrationsAreCurrent(db))) return;
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    jobsDb: {
      // PGlite runs one statement per `query` with values, and scripts (pg-boss's migrations,
      // its locked multi-statement plans) only through `exec`.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
