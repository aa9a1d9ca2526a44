/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  batchCsv,
  northwindBankRow,
  uploadBatch,
  type BatchCells,
} from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/**
 * A batch's way through decisions (reject, four eyes on submit and approve), cancel
 * mid-way, retry of failed rows through another PSP, fixes, the rows' pages, and rows whose own
 * rule asks for more than the batch got.
 */
describe.each(testDatabaseKinds)('batch lifecycle (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let admin: ApiFetch;
  let admin2: ApiFetch;
  let fileNo = 0;

  const post = (client: ApiFetch, path: string, json: unknown = {}) =>
    client(path, { method: 'POST', json });
  const batchOf = async (id: string, client: ApiFetch = finance) =>
    readJson(await client(`/api/batches/${id}`));
  const rowsOf = async (id: string, query = 'limit=1000') =>
    readJson(await finance(`/api/batches/${id}/rows?${query}`));

  async function until(id: string, done: (b: any) => boolean, what: string, timeoutMs = 15_000) {
    const start = Date.now();
    for (;;) {
      const b = await batchOf(id);
      if (done(b)) return b;
      if (Date.now() - start > timeoutMs) throw new Error(`${what}: ${JSON.stringify(b)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Settles the sandbox's payouts and lets the reconciler carry each to its final status. */
  async function settleUntil(id: string, done: (b: any) => boolean, what: string) {
    for (let round = 0; round < 40; round += 1) {
      const b = await batchOf(id);
      if (done(b)) return b;
      await t.sandbox.settle();
      t.clock.advance(5 * 60_000);
      await t.reconciler.runRound();
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what}: ${JSON.stringify(await batchOf(id))}`);
  }

  /** Upload (unique file), validate, submit: a batch awaiting approval or sending. */
  async function submitted(rows: BatchCells[], by: ApiFetch = finance) {
    fileNo += 1;
    const up = await uploadBatch(by, batchCsv(rows), `lifecycle-${kind}-${fileNo}.csv`);
    expect(up.status).toBe(201);
    const { id } = await readJson(up);
    const validated = await post(by, `/api/batches/${id}/validate`, { exclude_invalid: true });
    expect(validated.status).toBe(200);
    const sub = await post(by, `/api/batches/${id}/submit`);
    expect(sub.status).toBe(200);
    return readJson(sub);
  }
  const rowsNamed = (prefix: string, n: number, amount?: (i: number) => string) =>
    Array.from({ length: n }, (_, i) =>
      northwindBankRow(i + 1, {
        order_id: `${prefix}-${kind}-${i + 1}`,
        ...(amount ? { amount: amount(i + 1) } : {}),
      }),
    );

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      // A batch over 50 EUR waits for one approval; every row here is at most 50 EUR.
      // Policy changes here apply at once: the weakening delay is the policies' suite's.
      env: {
        APPROVAL_THRESHOLDS: 'EUR=50,GBP=50',
        BATCH_SWEEP_INTERVAL_MS: '200',
        POLICY_WEAKENING_DELAY_HOURS: '0',
      },
      // GB / GBP: the one corridor where two sandbox PSPs (Northwind Pay, Harbor Payments) both
      // pay to bank accounts (BE / EUR has Northwind Pay only).
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
        { country: 'GB', currency: 'GBP' },
      ],
    });
    await t.batchWorker.start();
  });
  // Fresh sessions for each test: the tests that settle payouts move the clock by hours.
  beforeEach(async () => {
    [finance, finance2, admin, admin2] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('admin'),
      t.signIn('admin2'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('is rejected by a second person: cancelled, nothing sent', async () => {
    const batch = await submitted(rowsNamed('reject', 4, () => '20.19'));
    expect(batch).toMatchObject({ status: 'awaiting_approval', approval: { required: 1 } });
    const creates = t.sandbox.inspect.createCalls().length;
    // A reason is required.
    expect((await post(finance2, `/api/batches/${batch.id}/reject`, {})).status).toBe(422);
    // The uploader may not reject their own batch either.
    const own = await post(finance, `/api/batches/${batch.id}/reject`, { reason: 'Mine' });
    expect(own.status).toBe(403);
    const rejected = await post(finance2, `/api/batches/${batch.id}/reject`, {
      reason: 'Wrong month',
    });
    expect(rejected.status).toBe(200);
    expect(await readJson(rejected)).toMatchObject({
      status: 'cancelled',
      approval: { rejected: { reason: 'Wrong month' } },
      counts: { rows: 4, cancelled: 4, queued: 0, sending: 0, payouts: {} },
    });
    // Too late to approve now.
    expect((await post(admin, `/api/batches/${batch.id}/approve`)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 400));
    expect(t.sandbox.inspect.createCalls().length).toBe(creates);
    const rows = await rowsOf(batch.id);
    expect(rows.rows.every((r: any) => r.state === 'cancelled' && r.payout_id === null)).toBe(true);
    // Its uploader is told who rejected it and why.
    const told = (await readJson(await finance('/api/me/notifications'))).items.find(
      (n: any) => n.kind === 'batch_outcome' && n.target_id === batch.id,
    );
    expect(told.body).toBe('Rejected by Fiona Second: “Wrong month”. Nothing was sent.');
  });

  it('refuses self-approval, and a submit by anyone but the uploader', async () => {
    fileNo += 1;
    const up = await uploadBatch(
      finance,
      batchCsv(rowsNamed('self', 3, () => '30.19')),
      `self-${kind}.csv`,
    );
    const { id } = await readJson(up);
    await post(finance, `/api/batches/${id}/validate`, { exclude_invalid: false });
    // Someone else (even an admin) may not submit what finance uploaded.
    for (const other of [finance2, admin]) {
      const res = await post(other, `/api/batches/${id}/submit`);
      expect(res.status).toBe(403);
      expect((await readJson(res)).code).toBe('forbidden');
    }
    expect((await batchOf(id)).status).toBe('validated');
    expect((await post(finance, `/api/batches/${id}/submit`)).status).toBe(200);
    const mine = await batchOf(id);
    expect(mine).toMatchObject({ status: 'awaiting_approval', can_decide: false });
    expect(mine.cannot_decide_reason).toMatch(/You uploaded this batch/);
    const self = await post(finance, `/api/batches/${id}/approve`);
    expect(self.status).toBe(403);
    expect((await readJson(self)).detail).toMatch(/someone else must approve/);
    expect((await batchOf(id)).approval.approvals).toEqual([]);
    // Cleaned up: cancelled by its uploader before anyone approves.
    expect((await post(finance, `/api/batches/${id}/cancel`, { reason: 'Test' })).status).toBe(200);
  });

  it('is cancelled mid-way: unsent rows cancelled, sent rows untouched, nothing sent after', async () => {
    // Slow creates: the batch is still sending when it is cancelled.
    t.sandbox.faults.add({ kind: 'latency', ms: 150, route: 'create_payout' });
    try {
      const batch = await submitted(rowsNamed('cancel', 40, (n) => `${10 + (n % 30)}.19`));
      expect(batch.status).toBe('awaiting_approval');
      expect((await post(finance2, `/api/batches/${batch.id}/approve`)).status).toBe(200);
      await until(
        batch.id,
        (b) => (b.counts.payouts.approved ?? 0) >= 5,
        'no row sent before the cancel',
      );
      const cancelled = await post(finance, `/api/batches/${batch.id}/cancel`, {
        reason: 'Wrong file',
      });
      expect(cancelled.status).toBe(200);
      const atCancel = await readJson(cancelled);
      expect(atCancel.status).toBe('cancelled');
      expect(atCancel.cancelled).toMatchObject({ reason: 'Wrong file' });
      expect(atCancel.counts.queued).toBe(0);
      // Rows being sent at the cancel finish as sent.
      const done = await until(
        batch.id,
        (b) => b.counts.sending === 0,
        'a row stayed in sending after the cancel',
      );
      const createsAfter = t.sandbox.inspect.createCalls().length;
      // Sweeps run every 200 ms: a second is several, and nothing more goes out.
      await new Promise((r) => setTimeout(r, 1_000));
      await settleUntil(batch.id, (b) => b.counts.sending === 0, 'settled');
      expect(t.sandbox.inspect.createCalls().length).toBe(createsAfter);

      const final = await batchOf(batch.id);
      expect(final.status).toBe('cancelled');
      expect(final.counts).toEqual(done.counts);
      const sent = Object.values(final.counts.payouts as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      );
      expect(sent).toBeGreaterThanOrEqual(5);
      expect(final.counts.cancelled).toBeGreaterThan(0);
      expect(sent + final.counts.cancelled).toBe(40);
      expect(final.counts.payouts.approved).toBe(sent);

      const { rows } = await rowsOf(batch.id);
      const created = rows.filter((r: any) => r.state === 'created');
      expect(created).toHaveLength(sent);
      expect(created.every((r: any) => r.payout_status === 'approved')).toBe(true);
      const unsent = rows.filter((r: any) => r.state === 'cancelled');
      expect(unsent.every((r: any) => r.payout_id === null)).toBe(true);
      // Each sent row was created once; no cancelled row reached the sandbox.
      const calls = t.sandbox.inspect.createCalls();
      for (const r of created) {
        expect(calls.filter((c) => c.order_id === r.order_id)).toHaveLength(1);
      }
      for (const r of unsent) {
        expect(calls.filter((c) => c.order_id === r.order_id)).toHaveLength(0);
      }
    } finally {
      t.sandbox.faults.clear();
    }
  });

  it('retries its failed rows through another PSP: a new draft of only those rows', async () => {
    const providers = await readJson(await finance('/api/providers?country=GB&currency=GBP'));
    const banks = providers.providers.filter((p: any) => p.payout_method_type === 'bank_account');
    const other = banks.find((p: any) => p.name !== 'northwind_pay');
    expect(other, JSON.stringify(banks)).toBeDefined();

    // Rows 2 and 5 are refused at create (.18), row 4 is declined after settling (.13).
    const amounts: Record<number, string> = { 2: '20.18', 4: '40.13', 5: '45.18' };
    const rows = rowsNamed('retry', 6, (n) => amounts[n] ?? `${n}.19`).map((r) => ({
      ...r,
      bankCode: 'NWBKGB2L',
      bankAccountNumber: 'GB82WEST12345698765432',
    }));
    const query = new URLSearchParams({
      country: 'GB',
      currency: 'GBP',
      payout_method_type: 'bank_account',
      provider: 'northwind_pay',
      file_name: `retry-${kind}.csv`,
    });
    const up = await finance(`/api/batches?${query.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: batchCsv(rows),
    });
    const draft = await readJson(up);
    expect([up.status, draft.counts?.invalid]).toEqual([201, 0]);
    await post(finance, `/api/batches/${draft.id}/validate`, { exclude_invalid: false });
    const batch = await readJson(await post(finance, `/api/batches/${draft.id}/submit`));
    expect(batch.status).toBe('awaiting_approval');
    expect((await post(finance2, `/api/batches/${batch.id}/approve`)).status).toBe(200);
    const done = await settleUntil(
      batch.id,
      (b) => b.status === 'completed_with_failures',
      'the batch never completed with failures',
    );
    expect(done.counts.payouts).toMatchObject({ approved: 3, failed: 2, declined: 1 });
    const failed = await rowsOf(batch.id, 'filter=failed');
    expect(failed.total).toBe(3);
    expect(failed.rows.map((r: any) => r.row)).toEqual([2, 4, 5]);
    expect(failed.rows.every((r: any) => r.reason)).toBe(true);

    // The same PSP again is refused.
    const same = await post(finance, `/api/batches/${batch.id}/retry`, {
      provider: 'northwind_pay',
    });
    expect(same.status).toBe(422);
    const retried = await post(finance, `/api/batches/${batch.id}/retry`, { provider: other.name });
    expect(retried.status).toBe(201);
    const copy = await readJson(retried);
    expect(copy).toMatchObject({
      status: 'draft',
      retry_of: batch.id,
      provider: other.name,
      counts: { rows: 3 },
    });
    expect(copy.id).not.toBe(batch.id);
    const copied = (await rowsOf(copy.id)).rows;
    expect(copied.map((r: any) => r.amount)).toEqual(['20.18', '40.13', '45.18']);
    // New order ids (a declined payout keeps its own); every row revalidated for the new PSP.
    for (const r of copied) {
      expect(['valid', 'invalid']).toContain(r.state);
      expect(Object.keys(r.cells).sort()).toEqual(copy.columns.map((c: any) => c.name).sort());
      for (const e of r.errors) {
        expect(e.column === null || copy.columns.some((c: any) => c.name === e.column)).toBe(true);
      }
    }
    expect(copied.some((r: any) => r.order_id?.startsWith('retry-'))).toBe(false);
    // The source batch is untouched.
    expect((await batchOf(batch.id)).status).toBe('completed_with_failures');
    // Nothing was sent for the copy.
    expect((await batchOf(copy.id)).counts.payouts).toEqual({});
  });

  it('fixes a row: unknown columns and non-draft batches are refused', async () => {
    fileNo += 1;
    const rows = rowsNamed('fix', 3, () => '12.19');
    rows[1] = { ...rows[1], email: 'nope' };
    const up = await readJson(await uploadBatch(finance, batchCsv(rows), `fix-${kind}.csv`));
    const patch = (row: number | string, cells: unknown, client: ApiFetch = finance) =>
      client(`/api/batches/${up.id}/rows/${row}`, { method: 'PATCH', json: { cells } });

    const unknown = await patch(2, { favourite_colour: 'blue', email: 'ok@example.com' });
    expect(unknown.status).toBe(422);
    const problem = await readJson(unknown);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual([
      { pointer: '/cells/favourite_colour', message: 'Not a column of this batch' },
    ]);
    // Nothing changed on the refused row.
    expect((await rowsOf(up.id, 'filter=errors')).rows.map((r: any) => r.row)).toEqual([2]);
    expect((await patch(9, { email: 'ok@example.com' })).status).toBe(404);
    expect((await patch(0, { email: 'ok@example.com' })).status).toBe(404);
    expect((await patch(2, {})).status).toBe(422);
    expect((await patch(2, { email: 'ok@example.com' }, admin2)).status).toBe(200);

    await post(finance, `/api/batches/${up.id}/validate`, { exclude_invalid: false });
    const late = await patch(1, { amount: '13.19' });
    expect(late.status).toBe(409);
    expect((await readJson(late)).detail).toMatch(/This batch is validated/);
    expect((await rowsOf(up.id)).rows[0].amount).toBe('12.19');
    await post(finance, `/api/batches/${up.id}/cancel`);
    expect((await patch(1, { amount: '13.19' })).status).toBe(409);
  });

  it('pages and filters rows', async () => {
    fileNo += 1;
    const rows = rowsNamed('page', 25, () => '11.19');
    for (const n of [3, 11, 20]) rows[n - 1] = { ...rows[n - 1], email: `bad-${n}` };
    const up = await readJson(await uploadBatch(finance, batchCsv(rows), `page-${kind}.csv`));
    expect(up.counts).toMatchObject({ rows: 25, invalid: 3, valid: 22 });

    const page1 = await rowsOf(up.id, 'limit=10');
    const page3 = await rowsOf(up.id, 'offset=20&limit=10');
    expect(page1.total).toBe(25);
    expect(page1.rows.map((r: any) => r.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page3.rows.map((r: any) => r.row)).toEqual([21, 22, 23, 24, 25]);
    expect((await rowsOf(up.id, 'offset=100')).rows).toEqual([]);

    const errors = await rowsOf(up.id, 'filter=errors&limit=2');
    expect(errors.total).toBe(3);
    expect(errors.rows.map((r: any) => r.row)).toEqual([3, 11]);
    expect((await rowsOf(up.id, 'filter=errors&offset=2')).rows.map((r: any) => r.row)).toEqual([
      20,
    ]);
    // In a draft, "failed" is the rows with errors (no payout exists yet).
    expect((await rowsOf(up.id, 'filter=failed')).rows.map((r: any) => r.row)).toEqual([3, 11, 20]);

    await post(finance, `/api/batches/${up.id}/validate`, { exclude_invalid: true });
    const included = await rowsOf(up.id, 'filter=included');
    expect(included.total).toBe(22);
    expect(included.rows.some((r: any) => [3, 11, 20].includes(r.row))).toBe(false);
    const all = await rowsOf(up.id, 'filter=all');
    expect(all.rows.filter((r: any) => r.state === 'excluded').map((r: any) => r.row)).toEqual([
      3, 11, 20,
    ]);

    for (const bad of ['filter=nope', 'limit=0', 'limit=1001', 'offset=-1', 'sort=row']) {
      expect([bad, (await finance(`/api/batches/${up.id}/rows?${bad}`)).status]).toEqual([
        bad,
        422,
      ]);
    }
    await post(finance, `/api/batches/${up.id}/cancel`);
  });

  it('leaves rows whose own rule asks for more than the batch got awaiting approval, the batch approval counted', async () => {
    // The batch as a whole (over 500 EUR) needs one approver; a row over 50 EUR needs two.
    const policy = {
      rules: [
        {
          id: 'batch',
          name: 'Batches',
          conditions: { currency: 'EUR', amount_above: '500', in_batch: true },
          approvals: { count: 1, roles: ['finance', 'admin'] },
        },
        {
          id: 'big',
          name: 'Over 50 EUR',
          conditions: { currency: 'EUR', amount_above: '50' },
          approvals: { count: 2, roles: ['finance', 'admin'] },
        },
        {
          id: 'default',
          name: 'Everything else',
          conditions: {},
          approvals: { count: 0, roles: [] },
        },
      ],
    };
    const proposed = await post(admin, '/api/approval-policies/proposals', { policy });
    expect(proposed.status, JSON.stringify(await readJson(proposed.clone()))).toBe(201);
    const { id: proposalId } = await readJson(proposed);
    expect(
      (await post(admin2, `/api/approval-policies/proposals/${proposalId}/approve`)).status,
    ).toBe(200);

    const small = rowsNamed('waits', 6, (n) => (n <= 2 ? `${20 + n}.19` : `${200 + n}.19`));
    fileNo += 1;
    const up = await readJson(await uploadBatch(finance, batchCsv(small), `waits-${kind}.csv`));
    const validated = await readJson(
      await post(finance, `/api/batches/${up.id}/validate`, { exclude_invalid: false }),
    );
    expect(validated).toMatchObject({
      status: 'validated',
      approval: { required: 1, rule: { id: 'batch' } },
      summary: { included: 6, rows_needing_approval: 4, rows_waiting_individually: 4 },
    });
    await post(finance, `/api/batches/${up.id}/submit`);
    expect((await post(finance2, `/api/batches/${up.id}/approve`)).status).toBe(200);

    const waiting = await until(
      up.id,
      (b) => b.counts.queued === 0 && b.counts.sending === 0,
      'rows never left the queue',
    );
    expect(waiting.counts.payouts).toEqual({ approved: 2, awaiting_approval: 4 });
    const { rows } = await rowsOf(up.id);
    const held = rows.filter((r: any) => r.payout_status === 'awaiting_approval');
    expect(held.map((r: any) => r.row)).toEqual([3, 4, 5, 6]);
    const creates = t.sandbox.inspect.createCalls();
    for (const r of held) {
      expect(creates.filter((c) => c.order_id === r.order_id)).toHaveLength(0);
      const { payout } = await readJson(await finance(`/api/payouts/${r.payout_id}`));
      expect(payout).toMatchObject({
        status: 'awaiting_approval',
        approval_rule: { approvals_required: 2 },
      });
      // The batch's approval is the first of the two.
      expect(payout.approvals).toHaveLength(1);
      expect(payout.approvals[0]).toMatchObject({ step: 1 });
    }
    // A second, different person approves one: it is sent.
    const one = held[0];
    const approved = await post(admin, `/api/payouts/${one.payout_id}/approve`);
    expect(approved.status).toBe(200);
    const start = Date.now();
    while (
      !t.sandbox.inspect.createCalls().some((c) => c.order_id === one.order_id) &&
      Date.now() - start < 5_000
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(t.sandbox.inspect.createCalls().filter((c) => c.order_id === one.order_id)).toHaveLength(
      1,
    );
  });
});
