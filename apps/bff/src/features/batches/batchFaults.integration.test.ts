/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { isFinalStatus, type PayoutStatus } from '@payouts/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  batchCsv,
  northwindBankRow,
  uploadBatch,
  type BatchCells,
} from '../../testing/batchFiles.js';
import { payoutEvents, payouts } from '../../db/schema.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

/**
 * Rows sent under sandbox faults (429 with Retry-After, 5xx before and after the
 * create commits, a hang after it, a reset after it) all end final, and no order id is created
 * twice at the orchestrator, whatever the sender and the reconciler retried.
 */
// A minute per test: the batch worker sends in real time, slow on a loaded CI machine.
describe.each(appTestDatabaseKinds)(
  'batch rows under sandbox faults (%s)',
  { timeout: 60_000 },
  (kind) => {
    let database: TestDatabase;
    let t: TestApp;
    let finance: ApiFetch;
    let fileNo = 0;

    const post = (path: string, json: unknown = {}) => finance(path, { method: 'POST', json });
    const batchOf = async (id: string) => readJson(await finance(`/api/batches/${id}`));
    const rowsOf = async (id: string) =>
      (await readJson(await finance(`/api/batches/${id}/rows?filter=included&limit=1000`))).rows;

    /** Upload, validate, submit: no approval policy here, so the batch is sending at once. */
    async function send(rows: BatchCells[]) {
      fileNo += 1;
      const up = await uploadBatch(finance, batchCsv(rows), `faults-${kind}-${fileNo}.csv`);
      expect(up.status).toBe(201);
      const { id } = await readJson(up);
      expect((await post(`/api/batches/${id}/validate`, { exclude_invalid: false })).status).toBe(
        200,
      );
      const submitted = await readJson(await post(`/api/batches/${id}/submit`));
      expect(submitted.status).toBe('submitting');
      return id as string;
    }

    /** `count` amounts ending in .19, which the sandbox approves: 10.19, 11.19, … */
    const approvedAmounts = (count: number) =>
      Array.from({ length: count }, (_, i) => `${i + 10}.19`);

    const rowsNamed = (prefix: string, amounts: string[]) =>
      amounts.map((amount, i) =>
        northwindBankRow(i + 1, { order_id: `${prefix}-${kind}-${i + 1}`, amount }),
      );

    const allFinal = (rows: any[]) =>
      rows.every(
        (r) =>
          r.state === 'created' &&
          r.payout_status &&
          isFinalStatus(r.payout_status as PayoutStatus),
      );

    /**
     * Drives the batch to its end: the worker sends (real time), the sandbox settles, and the
     * reconciler (test clock moved past its grace) finds or re-sends every unknown outcome.
     */
    async function driveToEnd(id: string, timeoutMs = 45_000) {
      const start = Date.now();
      for (;;) {
        const [batch, rows] = [await batchOf(id), await rowsOf(id)];
        if (batch.status.startsWith('completed') && allFinal(rows)) return { batch, rows };
        if (Date.now() - start > timeoutMs) {
          throw new Error(
            `not final: ${JSON.stringify(batch.counts)} ${JSON.stringify(rows.filter((r: any) => !allFinal([r])).map((r: any) => [r.row, r.state, r.payout_status, r.amount]))}`,
          );
        }
        await t.sandbox.settle();
        t.clock.advance(2 * 60_000);
        await t.reconciler.runRound();
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    /** Every order id was created at most once at the sandbox (exactly once when it was sent). */
    function expectEachCreatedOnce(rows: any[]) {
      const payouts = t.sandbox.inspect.payouts();
      for (const r of rows) {
        const atSandbox = payouts.filter((p) => p.order_id === r.order_id);
        const wasCreated = !['failed'].includes(r.payout_status) || atSandbox.length > 0;
        expect(
          [r.row, r.amount, atSandbox.length],
          `order ${r.order_id} is at the sandbox ${atSandbox.length} times`,
        ).toEqual([r.row, r.amount, wasCreated ? 1 : 0]);
      }
    }

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      t = await startTestApp({
        database,
        env: {
          BATCH_SWEEP_INTERVAL_MS: '200',
          // A hung create is an unknown outcome after three seconds, not fifteen; one second was
          // too short for a plain create on a loaded CI machine (a row of the 429 test failed).
          ORCHESTRATOR_TIMEOUT_MS: '3000',
          // The default sandbox refuses a reused order id (409), so the re-send is safe here.
          ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID: '1',
        },
      });
      await t.batchWorker.start();
    });
    beforeEach(async () => {
      finance = await t.signIn('finance');
    });
    afterEach(() => t.sandbox.faults.clear());
    afterAll(async () => {
      await t?.close();
      await database?.close();
    });

    it('429 with Retry-After: rows are deferred, then sent; none failed', async () => {
      t.sandbox.faults.add({ kind: 'http_429', ms: 1000, route: 'create_payout', times: 6 });
      const id = await send(rowsNamed('r429', approvedAmounts(12)));
      const { batch, rows } = await driveToEnd(id);
      expect(batch.status).toBe('completed');
      expect(batch.counts.payouts).toEqual({ approved: 12 });
      const calls = t.sandbox.inspect.createCalls().filter((c) => c.order_id?.startsWith('r429-'));
      // The 429s were met (and answered by waiting), not turned into failures.
      expect(calls.length).toBeGreaterThan(12);
      expect(calls.filter((c) => c.fault === 'http_429')).toHaveLength(6);
      expectEachCreatedOnce(rows);
    });

    it('cancelled while rows are held back by a 429: every payout final, the file can come again', async () => {
      // A 5 s wait: the batch is cancelled as soon as all three 429s have been met and recorded,
      // well within it. Counted as deferrals, not as rows: on a slow machine a row may meet two
      // of them (its re-send after the pause can come before a row still waiting for the pause).
      t.sandbox.faults.add({ kind: 'http_429', ms: 5_000, route: 'create_payout', times: 3 });
      const rows = rowsNamed('c429', approvedAmounts(3));
      const id = await send(rows);
      const deferralCount = async () => {
        const ids = (await rowsOf(id))
          .map((r: any) => r.payout_id as string | null)
          .filter((x: string | null): x is string => x !== null);
        if (ids.length === 0) return 0;
        const deferred = await t.db
          .select({ id: payoutEvents.payoutId })
          .from(payoutEvents)
          .where(and(inArray(payoutEvents.payoutId, ids), eq(payoutEvents.type, 'send_deferred')));
        return deferred.length;
      };
      const started = Date.now();
      while ((await deferralCount()) < 3 && Date.now() - started < 20_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await deferralCount()).toBe(3);
      expect((await post(`/api/batches/${id}/cancel`, { reason: 'Wrong file' })).status).toBe(200);
      // No payout stays submitting: a 429 answered after the cancel fails its payout too.
      let after: any[] = [];
      const cancelled = Date.now();
      while (Date.now() - cancelled < 10_000) {
        after = await rowsOf(id);
        if (after.every((r: any) => isFinalStatus(r.payout_status as PayoutStatus))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Held back at the cancel: failed. A send already under way at the cancel on a slow
      // machine finishes as sent (approved), never stays open; and never both at once.
      const statuses = after.map((r: any) => r.payout_status as string);
      expect(
        statuses.every((x) => x === 'failed' || x === 'approved'),
        statuses.join(),
      ).toBe(true);
      const failed = after.filter((r: any) => r.payout_status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const r of failed) {
        const [payout] = await t.db.select().from(payouts).where(eq(payouts.id, r.payout_id));
        expect(payout).toMatchObject({ submission: null, nextCheckAt: null });
        expect(t.sandbox.inspect.payouts().filter((p) => p.order_id === r.order_id)).toEqual([]);
      }
      // Nothing of those was made at the orchestrator: their order ids go through in a new upload.
      t.sandbox.faults.clear();
      const failedOrders = new Set(failed.map((r: any) => r.order_id as string));
      const again = await send(rows.filter((r) => failedOrders.has(r.order_id!)));
      const { batch } = await driveToEnd(again);
      expect(batch.counts.payouts).toEqual({ approved: failed.length });
    });

    it('a 429 on the re-send after a 503 only delays: the row is never failed', async () => {
      t.sandbox.faults.add({ kind: 'http_503', route: 'create_payout', times: 1 });
      t.sandbox.faults.add({ kind: 'http_429', ms: 1000, route: 'create_payout', times: 1 });
      const id = await send(rowsNamed('r503', approvedAmounts(1)));
      const { batch, rows } = await driveToEnd(id);
      expect(batch.counts.payouts).toEqual({ approved: 1 });
      const events = await t.db
        .select({ type: payoutEvents.type })
        .from(payoutEvents)
        .where(eq(payoutEvents.payoutId, rows[0].payout_id));
      expect(events.map((e) => e.type)).not.toContain('submit_failed');
      expectEachCreatedOnce(rows);
    });

    it('5xx before commit, 5xx after commit (.17) and a hang after commit (.15): final, none created twice', async () => {
      // Two creates refused with a 500 before anything is created (the rows' outcome is unknown
      // until the reconciler finds nothing and sends them again).
      t.sandbox.faults.add({ kind: 'http_500', route: 'create_payout', times: 2 });
      const amounts = [...approvedAmounts(8), '22.17', '23.17', '24.15', '25.15'];
      const id = await send(rowsNamed('r5xx', amounts));
      const { batch, rows } = await driveToEnd(id);
      expect(batch.status).toBe('completed');
      expect(batch.counts.payouts).toEqual({ approved: 12 });
      expectEachCreatedOnce(rows);
      const calls = t.sandbox.inspect.createCalls().filter((c) => c.order_id?.startsWith('r5xx-'));
      // The after-commit failures were found by the reconciler, never sent again.
      for (const amount of ['22.17', '23.17', '24.15', '25.15']) {
        const row = rows.find((r: any) => r.amount === amount);
        expect(
          calls.filter((c) => c.order_id === row.order_id && c.outcome === 'created'),
        ).toHaveLength(1);
      }
    });

    it('500 before commit every time (.16): never created, re-sent safely, the row stays unknown', async () => {
      const id = await send(rowsNamed('r516', ['10.19', '11.19', '12.19', '20.16', '21.16']));
      // At least six reconciler rounds (re-sends after the grace), and until every row was sent
      // and answered: the worker sends in real time, slower on a loaded machine.
      const sentAndAnswered = (r: any) => r.state === 'created' && r.payout_status !== 'submitting';
      let rows: any[] = [];
      const started = Date.now();
      for (let round = 0; round < 6 || !rows.every(sentAndAnswered); round += 1) {
        if (Date.now() - started > 20_000) break;
        await new Promise((r) => setTimeout(r, 200));
        t.clock.advance(2 * 60_000);
        await t.reconciler.runRound();
        rows = await rowsOf(id);
      }
      const byAmount = Object.fromEntries(rows.map((r: any) => [r.amount, r]));
      expect(
        rows.filter((r: any) => r.amount.endsWith('.19')).map((r: any) => r.payout_status),
      ).toEqual(['approved', 'approved', 'approved']);
      for (const amount of ['20.16', '21.16']) {
        const row = byAmount[amount];
        expect([amount, row.state, row.payout_status]).toEqual([amount, 'created', 'unknown']);
        expect(t.sandbox.inspect.payouts().filter((p) => p.order_id === row.order_id)).toEqual([]);
        const calls = t.sandbox.inspect.createCalls().filter((c) => c.order_id === row.order_id);
        // Each send (the reconciler may send it again after its grace) met a 500, none created.
        expect(calls.length).toBeGreaterThanOrEqual(1);
        expect(calls.every((c) => c.outcome === 'fault' && c.payout_id === null)).toBe(true);
      }
      // A batch with a row of unknown outcome is still sending: it shows the row as unknown.
      const batch = await batchOf(id);
      expect(batch.status).toBe('submitting');
      expect(batch.counts.payouts).toEqual({ approved: 3, unknown: 2 });
    });

    it('reset after commit and other 5xx faults: final, none created twice', async () => {
      t.sandbox.faults.add({ kind: 'reset_after_commit', route: 'create_payout', times: 2 });
      t.sandbox.faults.add({ kind: 'http_503', route: 'create_payout', times: 1 });
      t.sandbox.faults.add({ kind: 'http_500_after_commit', route: 'create_payout', times: 1 });
      const id = await send(rowsNamed('reset', approvedAmounts(15)));
      const { batch, rows } = await driveToEnd(id);
      expect(batch.status).toBe('completed');
      expect(batch.counts.payouts).toEqual({ approved: 15 });
      expectEachCreatedOnce(rows);
    });
  },
);
