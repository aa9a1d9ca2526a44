/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCsv, northwindBankRow, uploadBatch } from '../../testing/batchFiles.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/** A batch from upload to completion, through the real sandbox and database. */
describe.each(appTestDatabaseKinds)('batch payouts (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let support: ApiFetch;

  const post = (client: ApiFetch, path: string, json: unknown = {}) =>
    client(path, { method: 'POST', json });
  const batchOf = async (client: ApiFetch, id: string) =>
    readJson(await client(`/api/batches/${id}`));
  async function until(id: string, done: (b: any) => boolean, timeoutMs = 20_000) {
    const start = Date.now();
    for (;;) {
      const b = await batchOf(finance, id);
      if (done(b)) return b;
      if (Date.now() - start > timeoutMs) throw new Error(`batch stuck: ${JSON.stringify(b)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: { APPROVAL_THRESHOLDS: 'EUR=50', BATCH_SWEEP_INTERVAL_MS: '200' },
    });
    [finance, finance2, support] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('support'),
    ]);
    await t.batchWorker.start();
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('serves the template from the metadata, its example row masked', async () => {
    const res = await support(
      '/api/batches/template?country=BE&currency=EUR&payout_method_type=bank_account&provider=northwind_pay&delimiter=semicolon',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      'batch-template-BE-EUR-bank_account-northwind_pay.csv',
    );
    const [header, example] = (await res.text()).split('\r\n');
    expect(header).toBe(
      'Order ID;Amount;State;Beneficiary reference;Bank name;BIC;IBAN;Account holder name;First name;Last name;Email',
    );
    expect(example).toMatch(/^#EXAMPLE-0001;/);
    // The account number is shown by its last 4 only (as everywhere the BFF answers).
    expect(example).toMatch(/;\*+\d{4};/);
    const unknown = await support(
      '/api/batches/template?country=XX&currency=EUR&payout_method_type=bank_account&provider=northwind_pay',
    );
    expect(unknown.status).toBe(422);
  });

  it('reads amounts as the file writes them: 1.234,50 with a decimal comma, 1,234.50 with a point', async () => {
    const german = [
      northwindBankRow(1, { order_id: `de-${kind}-1`, amount: '1.234,50' }),
      northwindBankRow(2, { order_id: `de-${kind}-2`, amount: '300,19' }),
      northwindBankRow(3, { order_id: `de-${kind}-3`, amount: '12,3,4' }),
    ];
    const de = await readJson(
      await uploadBatch(finance, batchCsv(german, ';'), 'sellers-de.csv', { decimal: 'comma' }),
    );
    expect(de.counts).toMatchObject({ rows: 3, invalid: 1, valid: 2 });
    const deRows = await readJson(await finance(`/api/batches/${de.id}/rows`));
    expect(deRows.rows.map((r: any) => r.cells.amount)).toEqual(['1234.50', '300.19', '12,3,4']);
    expect(deRows.rows[2].errors[0].column).toBe('amount');

    const english = [northwindBankRow(4, { order_id: `en-${kind}-4`, amount: '1,234.50' })];
    const en = await readJson(await uploadBatch(finance, batchCsv(english), 'sellers-en.csv'));
    expect(en.counts).toMatchObject({ rows: 1, invalid: 0 });
    const enRows = await readJson(await finance(`/api/batches/${en.id}/rows`));
    expect(enRows.rows[0].cells.amount).toBe('1234.50');

    const refused = await uploadBatch(finance, batchCsv(english), 'x.csv', { decimal: 'dot' });
    expect(refused.status).toBe(422);
  });

  it('uploads, shows every bad cell, fixes one in place, leaves one out, is approved by a second person and sends each row once', async () => {
    const rows = [1, 2, 3, 4].map((n) => northwindBankRow(n, { order_id: `flow-${kind}-${n}` }));
    rows.push(northwindBankRow(5, { email: 'not-an-email' }));
    rows.push(northwindBankRow(6, { amount: '12.345' }));
    const up = await uploadBatch(finance, batchCsv(rows), 'sellers-nov.csv');
    expect(up.status).toBe(201);
    const draft = await readJson(up);
    expect(draft).toMatchObject({
      status: 'draft',
      file_name: 'sellers-nov.csv',
      counts: { rows: 6, invalid: 2, valid: 4 },
    });
    expect(draft.columns.map((c: any) => c.name)).toContain('bankAccountNumber');

    const errors = await readJson(await support(`/api/batches/${draft.id}/rows?filter=errors`));
    expect(errors.total).toBe(2);
    expect(errors.rows.map((r: any) => [r.row, r.errors[0].column])).toEqual([
      [5, 'email'],
      [6, 'amount'],
    ]);
    // The grid never gets a full account number back.
    expect(errors.rows[1].cells.bankAccountNumber).toMatch(/^\*+7034$/);

    const fixed = await finance(`/api/batches/${draft.id}/rows/6`, {
      method: 'PATCH',
      json: { cells: { amount: '12.19' } },
    });
    expect(fixed.status).toBe(200);
    expect(await readJson(fixed)).toMatchObject({ row: 6, state: 'valid', errors: [] });

    const refused = await post(finance, `/api/batches/${draft.id}/validate`, {
      exclude_invalid: false,
    });
    expect(refused.status).toBe(422);
    const validated = await readJson(
      await post(finance, `/api/batches/${draft.id}/validate`, { exclude_invalid: true }),
    );
    expect(validated).toMatchObject({
      status: 'validated',
      summary: { included: 5, excluded: 1, rows_needing_approval: 0 },
      approval: { required: 1 },
    });
    expect(validated.summary.totals[0].currency).toBe('EUR');

    const submitted = await readJson(await post(finance, `/api/batches/${draft.id}/submit`));
    expect(submitted.status).toBe('awaiting_approval');
    expect(submitted.can_decide).toBe(false);
    // The approvers hear of it (the bell; e-mail when SMTP is set), the uploader does not.
    const bell = await readJson(await finance2('/api/me/notifications'));
    expect(bell.items.find((n: any) => n.target_id === draft.id)).toMatchObject({
      kind: 'batch_awaiting_approval',
      link_path: `/batches/${draft.id}`,
    });
    const own = await readJson(await finance('/api/me/notifications'));
    expect(own.items.some((n: any) => n.target_id === draft.id)).toBe(false);
    expect((await post(finance, `/api/batches/${draft.id}/approve`)).status).toBe(403);
    expect((await post(support, `/api/batches/${draft.id}/approve`)).status).toBe(403);
    const asSecond = await batchOf(finance2, draft.id);
    expect(asSecond.can_decide).toBe(true);
    // The menu counts it for those who may approve it, not for its uploader.
    const waiting = async (as: ApiFetch) =>
      (await readJson(await as('/api/payouts/summary'))).batches_awaiting_my_approval;
    expect([await waiting(finance2), await waiting(finance), await waiting(support)]).toEqual([
      1, 0, 0,
    ]);
    const approved = await post(finance2, `/api/batches/${draft.id}/approve`);
    expect(approved.status).toBe(200);
    expect(await waiting(finance2)).toBe(0);

    const done = await until(draft.id, (b) => b.status.startsWith('completed'));
    expect(done).toMatchObject({
      status: 'completed',
      counts: { excluded: 1, queued: 0, sending: 0, payouts: { approved: 5 } },
    });
    const orderIds = (
      await readJson(await finance(`/api/batches/${draft.id}/rows?filter=included`))
    ).rows.map((r: any) => r.order_id);
    expect(orderIds).toHaveLength(5);
    for (const orderId of orderIds) {
      expect(t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId)).toHaveLength(1);
    }
    // Its uploader heard of the approval and of the end, once each, and no row one by one.
    const told = (await readJson(await finance('/api/me/notifications'))).items.filter(
      (n: any) => n.kind === 'batch_outcome' || n.kind === 'payout_outcome',
    );
    expect(told.map((n: any) => `${n.title}. ${n.body}`).sort()).toEqual([
      'Your batch “sellers-nov.csv” finished. Every row was paid (5 rows).',
      'Your batch “sellers-nov.csv” was approved. Approved by Fiona Second: its rows are being sent.',
    ]);
    expect(told.every((n: any) => n.link_path === `/batches/${draft.id}`)).toBe(true);

    const csv = await finance(`/api/batches/${draft.id}/results.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"row","order_id","amount","currency","row_state","payout_id","payout_status","orchestrator_id","reason"',
    );
    expect(lines).toHaveLength(7);
    // Every cell quoted, as the payouts export.
    for (const line of lines.slice(1)) expect(line).toMatch(/^"\d+","/);

    // The same file again is refused while its batch lives.
    const again = await uploadBatch(finance, batchCsv(rows), 'again.csv');
    expect(again.status).toBe(409);
    expect((await readJson(again)).batch_id).toBe(draft.id);
  });
});
