import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/**
 * Bugs found while testing batches (each failed until fixed):
 * - a refused decision whose refusal status equals the success result is answered as a success
 *   (batchDecisions.ts: `{ refused: batch.status }` vs `result: 'cancelled'` / `'submitting'` /
 *   `'awaiting_approval'`);
 * - the batch's status in a 409's `extensions.status` is overwritten by the problem's own
 *   `status` (the HTTP status) in problemBody, so a client never sees it.
 */
describe.each(appTestDatabaseKinds)('batch refusals (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let fileNo = 0;

  const post = (client: ApiFetch, path: string, json: unknown = {}) =>
    client(path, { method: 'POST', json });

  async function awaitingApproval(): Promise<string> {
    fileNo += 1;
    const rows = [1, 2, 3].map((n) =>
      northwindBankRow(n, { order_id: `bug-${kind}-${fileNo}-${n}`, amount: '30.19' }),
    );
    const up = await readJson(await uploadBatch(finance, batchCsv(rows), `bug-${fileNo}.csv`));
    await post(finance, `/api/batches/${up.id}/validate`, { exclude_invalid: false });
    const submitted = await readJson(await post(finance, `/api/batches/${up.id}/submit`));
    expect(submitted.status).toBe('awaiting_approval');
    return up.id as string;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database, env: { APPROVAL_THRESHOLDS: 'EUR=50' } });
    [finance, finance2] = await Promise.all([t.signIn('finance'), t.signIn('finance2')]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('cancelling a batch that is already cancelled (or rejected) is refused with 409', async () => {
    const rejected = await awaitingApproval();
    expect((await post(finance2, `/api/batches/${rejected}/reject`, { reason: 'No' })).status).toBe(
      200,
    );
    const res = await post(finance, `/api/batches/${rejected}/cancel`, { reason: 'Again' });
    expect(res.status).toBe(409);

    const cancelled = await awaitingApproval();
    expect((await post(finance, `/api/batches/${cancelled}/cancel`)).status).toBe(200);
    expect((await post(finance, `/api/batches/${cancelled}/cancel`)).status).toBe(409);
  });

  it('submitting a batch that is already awaiting approval is refused (and never by someone else)', async () => {
    const id = await awaitingApproval();
    const other = await post(finance2, `/api/batches/${id}/submit`);
    expect(other.status).not.toBe(200);
    const again = await post(finance, `/api/batches/${id}/submit`);
    expect(again.status).toBe(409);
  });

  it("a 409 names the batch's status (not only the HTTP status)", async () => {
    const id = await awaitingApproval();
    const res = await finance(`/api/batches/${id}/rows/1`, {
      method: 'PATCH',
      json: { cells: { amount: '31.19' } },
    });
    expect(res.status).toBe(409);
    const body = await readJson(res);
    // `extensions: { status: 'awaiting_approval' }` is set, then overwritten by `status: 409`.
    expect(Object.values(body)).toContain('awaiting_approval');
  });
});
