import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, pgliteMigrationsAreCurrent } from './database.js';
import { users } from './schema.js';
import { LockFileError } from './lockFile.js';

describe('openDatabase with a PGlite data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bff-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener of the same folder, and reopens after close with the data kept', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      await first.migrate();
      await first.db
        .execute(sql`insert into users (email, name, role, password_hash, created_at, updated_at)
        values ('kept@example.com', 'Kept', 'support', 'x', now(), now())`);
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(LockFileError);
      await expect(second).rejects.toThrow(/already in use/);
    } finally {
      await first.close();
    }
    const reopened = await openDatabase({ dataDir: dir });
    try {
      await reopened.migrate();
      const rows = await reopened.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await reopened.close();
    }
    // Two PGlite instances initialised from scratch on disk (no template): CPU-bound, and past
    // the default timeout when the other suites' apps start beside it on a 2-core machine.
  }, 90_000);

  it('says whether a PGlite database has every migration, as drizzle would decide', async () => {
    const handle = await openDatabase({ memory: true });
    try {
      // No migrations table yet (a new cluster): due.
      expect(await pgliteMigrationsAreCurrent(handle.db)).toBe(false);
      await handle.migrate();
      expect(await pgliteMigrationsAreCurrent(handle.db)).toBe(true);
      // The newest one forgotten, as in a folder made before it was written: due again.
      await handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await pgliteMigrationsAreCurrent(handle.db)).toBe(false);
    } finally {
      await handle.close();
    }
  }, 90_000);
});

describe('PGlite and the event loop', () => {
  it('lets other work run between the statements of one transaction', async () => {
    // The run's migrated cluster: this needs no initdb of its own.
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ memory: true, loadDataDir: template });
    try {
      // Statement n records how many turns of the loop (setImmediate callbacks) ran before it.
      let turns = 0;
      const tick = () => {
        turns += 1;
        if (!done) setImmediate(tick);
      };
      let done = false;
      setImmediate(tick);
      const seen: number[] = [];
      await handle.db.transaction(async (tx) => {
        for (let n = 0; n < 20; n += 1) {
          await tx.execute(sql`select ${n}::int as n`);
          seen.push(turns);
        }
      });
      done = true;
      // Without the yields, PGlite's promises resolve as microtasks and no turn runs in between.
      expect(seen.at(-1)! - seen[0]!).toBeGreaterThanOrEqual(19);
    } finally {
      await handle.close();
    }
  });
});
