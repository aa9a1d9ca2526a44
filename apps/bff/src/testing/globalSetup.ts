import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar), so each test file skips initdb and migrations. */
    pgliteTemplate: string;
  }
}

let dir: string | undefined;

// PGlite's initdb costs seconds per instance; doing it once per run keeps the suite fast.
export async function setup(project: TestProject): Promise<void> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  dir = mkdtempSync(join(tmpdir(), 'bff-pglite-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
