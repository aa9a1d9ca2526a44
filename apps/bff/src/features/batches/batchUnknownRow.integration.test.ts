/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/**
 * A batch row whose create never answered, with no re-send (the default, decision 039): the
 * batch keeps sending while the row waits for a person, and finishes once two people have marked
 * it failed (decision 040), or the evidence has settled it.
 */
describe('a batch with a row of unknown outcome', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(appTestDatabaseKinds[0]!);
    t = await startTestApp({
      database,
      env: { BATCH_SWEEP_INTERVAL_MS: '200', RECONCILE_GRACE_SECONDS: '60' },
    });
    t.sandbox.notifications.setUrl(null);
    await t.batchWorker.start();
    [finance, finance2] = await Promise.all([t.signIn('finance'), t.signIn('finance2')]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const post = (client: ApiFetch, path: string, json: unknown = {}) =>
    client(path, { method: 'POST', json });
  const batchOf = async (id: string) => readJson(await finance(`/api/batches/${id}`));
  const rowsOf = async (id: string) =>
    (await readJson(await finance(`/api/batches/${id}/rows?filter=included&limit=100`))).rows;
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() - started > 30_000) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('keeps sending while the row waits for a person, and finishes once it is marked failed', async () => {
    t.sandbox.faults.add({ kind: 'http_503', route: 'create_payout', times: 1 });
    const rows = ['10.19', '11.19', '12.19'].map((amount, i) =>
      northwindBankRow(i + 1, { order_id: `unknown-row-${Date.now()}-${i + 1}`, amount }),
    );
    const up = await uploadBatch(finance, batchCsv(rows), 'unknown-row.csv');
    const { id } = await readJson(up);
    expect(
      (await post(finance, `/api/batches/${id}/validate`, { exclude_invalid: false })).status,
    ).toBe(200);
    expect((await readJson(await post(finance, `/api/batches/${id}/submit`))).status).toBe(
      'submitting',
    );
    const sent = await until(
      () => rowsOf(id),
      (r: any[]) => r.every((x) => x.state === 'created' && x.payout_status !== 'submitting'),
    );
    const unknown = sent.filter((r: any) => r.payout_status === 'unknown');
    expect(unknown).toHaveLength(1);
    // Past the grace period nothing is found: a person is asked, nothing is sent again.
    t.clock.advance(20_000);
    await t.reconciler.runRound();
    t.clock.advance(120_000);
    await t.reconciler.runRound();
    await t.sandbox.settle();
    t.clock.advance(120_000);
    await t.reconciler.runRound();
    [finance, finance2] = await Promise.all([t.signIn('finance'), t.signIn('finance2')]);
    const waiting = await until(
      () => batchOf(id),
      (b) => (b.counts.payouts.approved ?? 0) === 2,
    );
    expect(waiting.status).toBe('submitting');
    expect(waiting.counts.payouts).toEqual({ approved: 2, unknown: 1 });

    const payoutId = unknown[0].payout_id as string;
    await post(finance, `/api/payouts/${payoutId}/resolution`, {
      action: 'propose_mark_failed',
      reason: 'Not in the PSP portal',
    });
    expect((await batchOf(id)).status).toBe('submitting');
    const confirmed = await post(finance2, `/api/payouts/${payoutId}/resolution`, {
      action: 'confirm_mark_failed',
    });
    expect(confirmed.status).toBe(200);
    const done = await until(
      () => batchOf(id),
      (b) => b.status !== 'submitting',
    );
    expect(done.status).toBe('completed_with_failures');
    expect(done.counts.payouts).toEqual({ approved: 2, failed: 1 });
    expect(
      t.sandbox.inspect.createCalls().filter((c) => c.order_id === unknown[0].order_id),
    ).toHaveLength(1);
  });
});
