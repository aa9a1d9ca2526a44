/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches } from '../../db/schema.js';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';

/**
 * Decision 042: a batch belongs to its uploader. A colleague with `batches:write` cannot fix
 * its cells, validate or cancel it (a finance user once moved a colleague's rows); an admin can,
 * and the audit log says on whose behalf.
 */
describe('batches belong to their uploader', () => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    t = await startTestApp({ database, corridors: [{ country: 'BE', currency: 'EUR' }] });
    [finance, finance2, admin] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('refuses a colleague’s fix, validation and cancel with nothing changed; an admin’s is audited', async () => {
    const up = await uploadBatch(
      finance,
      batchCsv([1, 2].map((n) => northwindBankRow(n, { amount: `${n}.20` }))),
      'owned.csv',
    );
    expect(up.status).toBe(201);
    const { id } = await readJson(up);
    const before = await readJson(await finance(`/api/batches/${id}/rows?filter=all`));

    const refusals = [
      await finance2(`/api/batches/${id}/rows/1`, {
        method: 'PATCH',
        json: { cells: { bankAccountName: 'Someone Else' } },
      }),
      await finance2(`/api/batches/${id}/validate`, {
        method: 'POST',
        json: { exclude_invalid: false },
      }),
      await finance2(`/api/batches/${id}/cancel`, { method: 'POST', json: {} }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(await readJson(res)).toMatchObject({ code: 'forbidden' });
    }
    expect(await readJson(await finance(`/api/batches/${id}/rows?filter=all`))).toEqual(before);
    expect((await readJson(await finance(`/api/batches/${id}`))).status).toBe('draft');

    // An admin may, on the uploader's behalf, and says so in the audit log.
    const fixed = await admin(`/api/batches/${id}/rows/1`, {
      method: 'PATCH',
      json: { cells: { bankAccountName: 'Seller One' } },
    });
    expect(fixed.status).toBe(200);
    // The uploader sees who changed what (masked as the grid shows it); their own fixes are theirs.
    const own = await finance(`/api/batches/${id}/rows/2`, {
      method: 'PATCH',
      json: { cells: { bankAccountName: 'Seller Two' } },
    });
    expect(own.status).toBe(200);
    const seen = await readJson(await finance(`/api/batches/${id}`));
    expect(seen.changed_by_others).toEqual([
      {
        by: expect.objectContaining({ email: 'admin@example.com' }),
        at: expect.any(String),
        row: 1,
        cells: [
          {
            column: 'bankAccountName',
            from: before.rows[0].cells.bankAccountName,
            to: 'Seller One',
          },
        ],
      },
    ]);
    const cancelled = await admin(`/api/batches/${id}/cancel`, { method: 'POST', json: {} });
    expect(cancelled.status).toBe(200);
    const uploader = (await readJson(await finance('/api/session'))).user.id;
    for (const action of ['batch.fix_row', 'batch.cancel']) {
      const audit = await readJson(await admin(`/api/audit?what=${action}&limit=10`));
      const entry = audit.items.find(
        (i: any) => i.target.id === id && i.actor?.email === 'admin@example.com',
      );
      expect(entry.data).toMatchObject({ on_behalf_of: uploader });
    }
  });

  it('validates a batch once at a time: a second validation waits for the first, or its lease', async () => {
    const up = await uploadBatch(
      finance,
      batchCsv([1, 2, 3].map((n) => northwindBankRow(n, { amount: `${n}.20` }))),
      'one-at-a-time.csv',
    );
    const { id } = await readJson(up);
    // Another process's validation holds the batch (its lease, as the first request takes it).
    const until = new Date(t.clock.now().getTime() + 5 * 60_000);
    await t.db.update(batches).set({ validatingUntil: until }).where(eq(batches.id, id));
    const validate = () =>
      finance(`/api/batches/${id}/validate`, { method: 'POST', json: { exclude_invalid: false } });
    const waiting = await validate();
    expect(waiting.status).toBe(409);
    expect(await readJson(waiting)).toMatchObject({
      code: 'conflict',
      detail: 'This batch is being validated: wait for it to finish.',
    });
    expect((await readJson(await finance(`/api/batches/${id}`))).status).toBe('draft');
    // Its holder died: once the lease runs out, the next validation takes it, and lets it go.
    t.clock.advance(5 * 60_000 + 1);
    expect((await validate()).status).toBe(200);
    const [row] = await t.db
      .select({ validatingUntil: batches.validatingUntil, status: batches.status })
      .from(batches)
      .where(eq(batches.id, id));
    expect(row).toEqual({ validatingUntil: null, status: 'validated' });
  });
});
