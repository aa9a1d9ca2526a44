import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from './database.js';
import {
  currentTemplateStamp,
  pgliteTemplateDir,
  stampPgliteTemplate,
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
  let template: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    template = join(dir, 'template');
    // The test run's migrated cluster (global setup) on disk, stamped as the build does.
    const client = await PGlite.create(template, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
    });
    await client.close();
    stampPgliteTemplate(template);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a new folder migrated, keeps it on disk, and never overwrites an existing one', async () => {
    expect(pgliteTemplateDir(template)).toBe(template);
    const dataDir = join(dir, 'data');
    const first = await openDatabase({ dataDir, template });
    try {
      expect(await appliedMigrations(first)).toBe(currentTemplateStamp().migrations.length);
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (7)`);
    } finally {
      await first.close();
    }
    // The copy was renamed into place: nothing of it is left beside the cluster.
    expect(existsSync(join(dataDir, 'pglite.copy'))).toBe(false);
    // An existing folder is opened as it is, template or not; the template is untouched.
    const again = await openDatabase({ dataDir, template });
    try {
      expect(rowsOf(await again.db.execute(sql`select n from kept`))).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
    const fromTemplate = await openDatabase({ dataDir: join(dir, 'other'), template });
    try {
      expect(
        rowsOf(await fromTemplate.db.execute(sql`select to_regclass('kept') as kept`)),
      ).toEqual([{ kept: null }]);
    } finally {
      await fromTemplate.close();
    }
  });

  it('is ignored when another PGlite or other migrations made it, or it is missing', () => {
    const stampFile = `${template}.json`;
    const good = readFileSync(stampFile, 'utf8');
    const stamp = JSON.parse(good) as TemplateStamp;
    try {
      writeFileSync(stampFile, JSON.stringify({ ...stamp, pglite: '0.0.1' }));
      expect(pgliteTemplateDir(template)).toBeUndefined();
      writeFileSync(stampFile, JSON.stringify({ ...stamp, migrations: stamp.migrations.slice(1) }));
      expect(pgliteTemplateDir(template)).toBeUndefined();
      writeFileSync(stampFile, 'not json');
      expect(pgliteTemplateDir(template)).toBeUndefined();
    } finally {
      writeFileSync(stampFile, good);
    }
    expect(pgliteTemplateDir(template)).toBe(template);
    expect(pgliteTemplateDir(join(dir, 'missing'))).toBeUndefined();
  });
});
