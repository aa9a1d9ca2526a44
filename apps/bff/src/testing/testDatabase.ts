import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { readTestDatabaseUrl } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { dropTestDatabase, onPostgresAdmin } from './postgresAdmin.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * For suites about what the database itself does (migrations, triggers and rollups, locking and
 * the reconciler's claims, the job queue, bulk SQL, list queries, re-encryption, the server's
 * start): PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI, and this machine).
 */
export const testDatabaseKinds: TestDatabaseKind[] = readTestDatabaseUrl()
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * For every other suite, where the database only keeps what the routes write: one kind, the one
 * production runs on when the run has it (PostgreSQL with TEST_DATABASE_URL, else PGlite). Both
 * drivers still meet every route: the browser journeys run the whole app on PGlite, as
 * `npm start` does (docs/decisions/032).
 */
export const appTestDatabaseKinds: TestDatabaseKind[] = [
  readTestDatabaseUrl() ? 'postgres' : 'pglite',
];

export interface TestDatabase {
  kind: TestDatabaseKind;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A migrated, empty database. On PostgreSQL each call creates its own database (dropped on
 * close) so test files running in parallel never see each other's rows, as a copy of the global
 * setup's migrated template; `migrate()` then finds nothing left to apply.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ memory: true, loadDataDir: template });
    await handle.migrate();
    return { kind, handle, close: () => handle.close() };
  }
  const adminUrl = readTestDatabaseUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bff_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await onPostgresAdmin(
    adminUrl,
    `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  return {
    kind,
    handle,
    close: async () => {
      await handle.close();
      await dropTestDatabase(adminUrl, name);
    },
  };
}
