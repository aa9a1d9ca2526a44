import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MIGRATIONS_FOLDER, schema, type Database } from '@payouts/bff';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { SqlRunner } from './generateLedger.js';

export type BenchDbKind = 'postgres' | 'pglite';

/** The statements drizzle sent, newest last: the bench explains exactly what the repository ran. */
export class QueryCapture implements DrizzleLogger {
  readonly queries: Array<{ sql: string; params: unknown[] }> = [];
  logQuery(sql: string, params: unknown[]): void {
    this.queries.push({ sql, params });
    if (this.queries.length > 50) this.queries.splice(0, this.queries.length - 50);
  }
  /** The newest statement that reads the payouts table (the list query). */
  lastPayoutsSelect(): { sql: string; params: unknown[] } | undefined {
    return this.queries.findLast((q) => /^select .* from "payouts"/is.test(q.sql));
  }
}

export interface BenchDatabase {
  kind: BenchDbKind;
  description: string;
  /** The same drizzle database the BFF receives, with a logger that keeps the last statements. */
  db: Database;
  capture: QueryCapture;
  /** Raw SQL on the same connection(s): generation, EXPLAIN and the SQL-only timings. */
  sql: SqlRunner;
  /**
   * Runs `work` on one connection, so a `SET` (e.g. maintenance_work_mem for an index build)
   * holds for its statements; PGlite has only the one.
   */
  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** How many statements generation may run at once (separate connections). */
  parallelism: number;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** `BENCH_PG_DATABASE` names another bench database on the same server (parallel work, experiments). */
export const BENCH_PG_DATABASE = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_PG_DATABASE ?? '')
  ? process.env.BENCH_PG_DATABASE!
  : 'payouts_bench';

function copyOptions(options: { freeze?: boolean } | undefined): string {
  return options?.freeze ? 'WITH (FORMAT binary, FREEZE)' : 'WITH (FORMAT binary)';
}

/** `COPY ... FROM STDIN` (binary) on one connection, fed from the chunks as the server takes them. */
function copyWith(client: pg.PoolClient): SqlRunner['copyFrom'] {
  return async (table, columns, chunks, options) => {
    await pipeline(
      Readable.from(chunks),
      client.query(
        copyFromStdin(`COPY ${table} (${columns.join(', ')}) FROM STDIN ${copyOptions(options)}`),
      ),
    );
  };
}

/** Creates the bench database on the server when it is missing (never drops anything). */
export async function openBenchPostgres(serverUrl: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      BENCH_PG_DATABASE,
    ]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${BENCH_PG_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_PG_DATABASE}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const capture = new QueryCapture();
  const db = drizzleNodePg({ client: pool, schema, logger: capture });
  return {
    kind: 'postgres',
    description: `PostgreSQL ${url.hostname}:${url.port || '5432'}/${BENCH_PG_DATABASE}`,
    db: db as unknown as Database,
    capture,
    sql: {
      exec: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows,
      copyFrom: async (table, columns, chunks, options) => {
        const client = await pool.connect();
        try {
          await copyWith(client)(table, columns, chunks, options);
        } finally {
          client.release();
        }
      },
    },
    session: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (text, params) =>
            (await client.query<Record<string, unknown>>(text, params)).rows,
          copyFrom: copyWith(client),
        });
      } finally {
        // A session may have SET something: never hand it back to the pool.
        client.release(true);
      }
    },
    // Two connections keep both cores busy while one waits on I/O; more only queue on 2 cores.
    parallelism: 2,
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

/**
 * PGlite persisted in `dir`, with pg_trgm loaded: the BFF's own `openDatabase` loads no
 * extension, so the bench opens PGlite the same way plus the extension the proposed indexes need.
 */
export async function openBenchPglite(dir: string): Promise<BenchDatabase> {
  mkdirSync(dir, { recursive: true });
  // Generated data never belongs in git.
  writeFileSync(join(dir, '..', '.gitignore'), '*\n');
  const client = await PGlite.create(join(dir, 'pglite'), { extensions: { pg_trgm } });
  const capture = new QueryCapture();
  const db = drizzlePglite({ client, schema, logger: capture });
  const sql: SqlRunner = {
    exec: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    // PGlite reads COPY input from a blob (a batch of 100,000 lines is about 55 MB).
    copyFrom: async (table, columns, chunks, options) => {
      const parts: Array<Uint8Array<ArrayBuffer>> = [];
      for await (const chunk of chunks) parts.push(chunk);
      await client.query(
        `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' ${copyOptions(options)}`,
        [],
        {
          blob: new Blob(parts),
        },
      );
    },
  };
  return {
    kind: 'pglite',
    description: `PGlite in ${dir}`,
    db: db as unknown as Database,
    capture,
    sql,
    session: (work) => work(sql),
    parallelism: 1,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
