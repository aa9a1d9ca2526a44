import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import {
  currentTemplateStamp,
  readPgliteTemplate,
  writePgliteTemplate,
  type TemplateStamp,
} from './pgliteTemplate.js';

/** node-postgres and PGlite both answer `{ rows }` through drizzle's `execute`. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function appliedMigrations(handle: DatabaseHandle): Promise<unknown> {
  return rowsOf(
    await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  )[0]?.n;
}

describe('the PGlite template of a new data folder', () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    file = join(dir, 'template.tar.gz');
    // The test run's migrated template (global setup), dumped again as the build does.
    const migrated = await openDatabase({
      memory: true,
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
    });
    try {
      const dump = await migrated.dump!();
      writePgliteTemplate(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await migrated.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a new folder migrated, keeps it on disk, and never overwrites an existing one', async () => {
    const template = readPgliteTemplate(file);
    expect(template).toBeInstanceOf(Blob);
    const dataDir = join(dir, 'data');
    const first = await openDatabase({ dataDir, template });
    try {
      expect(await appliedMigrations(first)).toBe(currentTemplateStamp().migrations.length);
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (7)`);
    } finally {
      await first.close();
    }
    // An existing folder is opened as it is, template or not.
    const again = await openDatabase({ dataDir, template });
    try {
      expect(rowsOf(await again.db.execute(sql`select n from kept`))).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('is ignored when another PGlite or other migrations made it, or it is missing', () => {
    const stampFile = `${file}.json`;
    const good = readFileSync(stampFile, 'utf8');
    const stamp = JSON.parse(good) as TemplateStamp;
    try {
      writeFileSync(stampFile, JSON.stringify({ ...stamp, pglite: '0.0.1' }));
      expect(readPgliteTemplate(file)).toBeUndefined();
      writeFileSync(stampFile, JSON.stringify({ ...stamp, migrations: stamp.migrations.slice(1) }));
      expect(readPgliteTemplate(file)).toBeUndefined();
      writeFileSync(stampFile, 'not json');
      expect(readPgliteTemplate(file)).toBeUndefined();
    } finally {
      writeFileSync(stampFile, good);
    }
    expect(readPgliteTemplate(file)).toBeInstanceOf(Blob);
    expect(readPgliteTemplate(join(dir, 'missing.tar.gz'))).toBeUndefined();
  });
});
