import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { readTestDatabaseUrl } from '../config.js';
import { MIGRATIONS_FOLDER, openDatabase, PGLITE_EXTENSIONS } from '../db/database.js';
import { PGLITE_TEMPLATE_DIR, pgliteTemplateDir } from '../db/pgliteTemplate.js';
import { writeBffPgliteTemplate } from '../cli/pgliteTemplateContent.js';
import { onPostgresAdmin } from './postgresAdmin.js';
import { BFF_DIR } from './processes/childBundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar), so each test file skips initdb and migrations. */
    pgliteTemplate: string;
    /**
     * A migrated PostgreSQL database (when TEST_DATABASE_URL is set) that each test copies with
     * `CREATE DATABASE … TEMPLATE` (about 0.2 s) instead of migrating its own (about 1.1 s).
     */
    postgresTemplate: string | undefined;
    /**
     * This run's folder for the child-process bundle (under apps/bff, so its external packages
     * resolve); each worker builds into it on its first child (testing/processes/childBundle.ts).
     */
    childBundleRoot: string;
  }
}

let dir: string | undefined;
let childBundleRoot: string | undefined;
let postgresTemplate: { adminUrl: string; name: string } | undefined;

async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `bff_template_${randomBytes(6).toString('hex')}`;
  await onPostgresAdmin(adminUrl, `CREATE DATABASE ${name}`);
  postgresTemplate = { adminUrl, name };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  try {
    await handle.migrate();
  } finally {
    // A template must have no connection open while it is copied.
    await handle.close();
  }
  return name;
}

// PGlite's initdb costs seconds per instance; doing it once per run keeps the suite fast.
export async function setup(project: TestProject): Promise<void> {
  // The servers the suites start from the sources (in-process and child processes, on a new
  // PGlite folder) copy the template the build would put beside the compiled code: made here once
  // per machine, again only when PGlite or the migrations change (its stamp says).
  if (pgliteTemplateDir(PGLITE_TEMPLATE_DIR) === undefined) await writeBffPgliteTemplate();
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  dir = mkdtempSync(join(tmpdir(), 'bff-pglite-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  const cache = join(BFF_DIR, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  childBundleRoot = mkdtempSync(join(cache, 'child-bff-'));
  project.provide('childBundleRoot', childBundleRoot);
  const adminUrl = readTestDatabaseUrl();
  project.provide(
    'postgresTemplate',
    adminUrl === undefined ? undefined : await createPostgresTemplate(adminUrl),
  );
}

export async function teardown(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (childBundleRoot) rmSync(childBundleRoot, { recursive: true, force: true });
  if (postgresTemplate) {
    await onPostgresAdmin(
      postgresTemplate.adminUrl,
      `DROP DATABASE IF EXISTS ${postgresTemplate.name} WITH (FORCE)`,
    );
  }
}
