/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';

let seq = 0;
function cardPayout(amount: string, currency = 'EUR', country = currency === 'EUR' ? 'BE' : 'US') {
  seq += 1;
  return {
    order_id: `fe-${Date.now().toString(36)}-${seq}`,
    provider: 'northwind_pay',
    country,
    currency,
    state: country === 'US' ? 'NY' : null,
    amount,
    payout_method_type: 'credit_card',
    metadata: {
      ...TEST_CARD_METADATA,
    },
  };
}

const post = (client: ApiFetch, path: string, json: unknown = {}) =>
  client(path, { method: 'POST', json });

async function create(client: ApiFetch, body: unknown): Promise<{ status: number; payout: any }> {
  const res = await client('/api/payouts', {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  return { status: res.status, payout: await readJson(res) };
}

describe.each(testDatabaseKinds)('four eyes and reconciliation (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let support: ApiFetch;
  let admin: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: {
        APPROVAL_THRESHOLDS: 'USD=5000,*=1000',
        // Short, for the hanging create below, yet long enough that a lookup on a loaded CI
        // machine does not time out (one did at 800 ms, leaving a payout unknown after a round).
        ORCHESTRATOR_TIMEOUT_MS: '2500',
        RECONCILE_GRACE_SECONDS: '60',
        RECONCILE_BACKOFF_SECONDS: '10',
        ATTENTION_AFTER_MINUTES: '30',
      },
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
      ],
    });
    [finance, finance2, support, admin] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('support'),
      t.signIn('admin'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const createdAtSandbox = (orderId: string) =>
    t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId && c.outcome === 'created')
      .length;
  const sentAtAll = (orderId: string) =>
    t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId).length;
  const row = async (id: string) =>
    (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
  const events = async (client: ApiFetch, id: string): Promise<string[]> =>
    (await readJson(await client(`/api/payouts/${id}`))).events.map((e: any) => e.type);

  describe('four eyes', () => {
    it('holds a payout above its currency threshold until a second person approves it', async () => {
      const body = cardPayout('1000.01');
      const created = await create(finance, body);
      expect(created.status).toBe(201);
      expect(created.payout).toMatchObject({
        status: 'awaiting_approval',
        requires_approval: true,
        approval_threshold: '1000',
        orchestrator_id: null,
        provider: 'northwind_pay',
        provider_title: 'Northwind Pay',
      });
      expect(sentAtAll(body.order_id)).toBe(0);
      // The full card number is kept only sealed, for the send after approval.
      const sealed = await row(created.payout.id);
      expect(sealed.submission).toBeTruthy();
      // Ciphertext is random text: only the whole number could not appear by chance.
      expect(sealed.submission).not.toContain('4111111111111111');

      const own = await post(finance, `/api/payouts/${created.payout.id}/approve`);
      expect(own.status).toBe(403);
      expect(await readJson(own)).toMatchObject({ code: 'self_approval' });
      const bySupport = await post(support, `/api/payouts/${created.payout.id}/approve`);
      expect(bySupport.status).toBe(403);
      expect(sentAtAll(body.order_id)).toBe(0);

      const approved = await post(finance2, `/api/payouts/${created.payout.id}/approve`);
      expect(approved.status).toBe(200);
      expect(await readJson(approved)).toMatchObject({
        status: expect.stringMatching(/^(pending|in_process)$/),
        approved_by: { email: 'finance2@example.com' },
      });
      expect(createdAtSandbox(body.order_id)).toBe(1);
      expect((await row(created.payout.id)).submission).toBeNull();
      // Then notifications and checks may follow.
      const ownEvents = (await events(finance, created.payout.id)).filter(
        (e) => e !== 'notification' && e !== 'status_check' && e !== 'status_changed',
      );
      expect(ownEvents).toEqual(['created', 'approval_requested', 'approved', 'submitted']);

      const again = await post(admin, `/api/payouts/${created.payout.id}/approve`);
      expect(again.status).toBe(409);
      expect(createdAtSandbox(body.order_id)).toBe(1);
    });

    it('sends once when two approvers click at the same moment', async () => {
      const body = cardPayout('2000.00');
      const { payout } = await create(finance, body);
      const replies = await Promise.all([
        post(finance2, `/api/payouts/${payout.id}/approve`),
        post(admin, `/api/payouts/${payout.id}/approve`),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(sentAtAll(body.order_id)).toBe(1);
    });

    it('fails an approved payout whose sealed details cannot be opened, and sends nothing', async () => {
      const body = cardPayout('2500.00');
      const { payout } = await create(finance, body);
      // As after a change of PAYOUT_DATA_KEY: sealed under a key this app does not have.
      await t.db
        .update(payouts)
        .set({ submission: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
        .where(eq(payouts.id, payout.id));
      const approved = await post(finance2, `/api/payouts/${payout.id}/approve`);
      expect(approved.status).toBe(200);
      expect(await readJson(approved)).toMatchObject({
        status: 'failed',
        failure_reason: 'The stored payout details could not be read; create it again.',
      });
      expect(sentAtAll(body.order_id)).toBe(0);
      expect((await row(payout.id)).submission).toBeNull();
    });

    it('applies the default threshold to currencies without their own, and not at the threshold', async () => {
      const eur = await create(finance, cardPayout('1000.01'));
      expect(eur.payout).toMatchObject({ status: 'awaiting_approval', approval_threshold: '1000' });
      const atThreshold = await create(finance, cardPayout('1000.00'));
      expect(atThreshold.payout).toMatchObject({ status: 'in_process', requires_approval: false });
    });

    it('rejects only with a reason, and nothing reaches the orchestrator', async () => {
      const body = cardPayout('3000.00');
      const { payout } = await create(finance, body);
      for (const bad of [{}, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(501) }]) {
        const res = await post(finance2, `/api/payouts/${payout.id}/reject`, bad);
        expect(res.status).toBe(422);
        expect((await readJson(res)).errors[0].pointer).toBe('/reason');
      }
      const own = await post(finance, `/api/payouts/${payout.id}/reject`, { reason: 'mine' });
      expect(own.status).toBe(403);
      const rejected = await post(finance2, `/api/payouts/${payout.id}/reject`, {
        reason: 'Beneficiary not verified',
      });
      expect(rejected.status).toBe(200);
      expect(await readJson(rejected)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Beneficiary not verified',
        rejected_by: { email: 'finance2@example.com' },
        cancelled: false,
      });
      expect((await post(admin, `/api/payouts/${payout.id}/approve`)).status).toBe(409);
      expect(sentAtAll(body.order_id)).toBe(0);
      expect((await row(payout.id)).submission).toBeNull();
    });

    it('lets only the creator cancel, before approval', async () => {
      const { payout } = await create(finance, cardPayout('4000.00'));
      expect((await post(finance2, `/api/payouts/${payout.id}/cancel`)).status).toBe(403);
      const cancelled = await post(finance, `/api/payouts/${payout.id}/cancel`, {
        reason: 'Wrong amount',
      });
      expect(cancelled.status).toBe(200);
      expect(await readJson(cancelled)).toMatchObject({
        status: 'rejected',
        cancelled: true,
        rejection_reason: 'Wrong amount',
      });
      expect((await post(finance, `/api/payouts/${payout.id}/cancel`)).status).toBe(409);
    });

    it('lists what awaits my approval, and counts it', async () => {
      const { payout } = await create(finance, cardPayout('1500.00'));
      const mine = await readJson(await finance2('/api/payouts?needs_my_approval=1&limit=100'));
      expect(mine.items.map((p: any) => p.id)).toContain(payout.id);
      expect(mine.items.every((p: any) => p.status === 'awaiting_approval')).toBe(true);
      const creatorsView = await readJson(
        await finance('/api/payouts?needs_my_approval=1&limit=100'),
      );
      expect(creatorsView.items.map((p: any) => p.id)).not.toContain(payout.id);
      const summary = await readJson(await finance2('/api/payouts/summary'));
      expect(summary.awaiting_my_approval).toBe(mine.items.length);
      expect((await readJson(await support('/api/payouts/summary'))).awaiting_my_approval).toBe(0);
      expect((await readJson(await support('/api/payouts?needs_my_approval=1'))).items).toEqual([]);
    });
  });

  describe('unknown outcomes', () => {
    it('adopts a payout created before the reply was lost, without sending it again', async () => {
      t.sandbox.faults.add({ kind: 'http_500_after_commit', route: 'create_payout', times: 1 });
      const body = cardPayout('12.00');
      const created = await create(finance, body);
      expect(created.status).toBe(202);
      // Unknown, unless the orchestrator's notification of the creation was handled before the
      // lost reply (a loaded machine): the lost reply then does not take the status back.
      expect(['unknown', 'in_process']).toContain(created.payout.status);
      // A notification still being handled holds the row, and the round skips a locked row.
      await t.sandbox.notifications.idle();
      t.clock.advance(11_000);
      await t.reconciler.runRound();
      const after = await readJson(await finance(`/api/payouts/${created.payout.id}`));
      expect(after.payout.status).toBe('in_process');
      expect(after.payout.orchestrator_id).toBeTruthy();
      // Adopted by the lookup, or by the notification of its creation if that came first.
      expect(after.events.map((e: any) => e.type)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(lookup|notification)$/)]),
      );
      expect(sentAtAll(body.order_id)).toBe(1);
      expect((await row(created.payout.id)).submission).toBeNull();
    });

    it('never re-sends: not found after the grace period, it goes to a person with every lookup', async () => {
      t.sandbox.faults.add({ kind: 'reset', route: 'create_payout', times: 1 });
      const body = cardPayout('13.00');
      const created = await create(finance, body);
      expect(created.payout.status).toBe('unknown');
      const detail = async () => readJson(await finance(`/api/payouts/${created.payout.id}`));
      t.clock.advance(11_000);
      await t.reconciler.runRound();
      expect((await detail()).payout).toMatchObject({
        status: 'unknown',
        needs_attention: false,
        attention_reason: null,
      });
      // A lookup that fails is evidence too, and still no reason to send.
      t.sandbox.faults.add({ kind: 'http_503', route: 'list_payouts' });
      t.clock.advance(45_000);
      await t.reconciler.runRound();
      t.sandbox.faults.clear();
      t.clock.advance(85_000);
      await t.reconciler.runRound();

      const handed = await detail();
      expect(handed.payout).toMatchObject({
        status: 'unknown',
        needs_attention: true,
        attention_reason: 'unresolved',
      });
      const lookups = handed.events.filter((e: any) => e.type === 'lookup').map((e: any) => e.data);
      expect(lookups).toEqual([
        { source: 'lookup', found: false, records: 0 },
        { source: 'lookup', found: null, error: 'unavailable' },
        { source: 'lookup', found: false, records: 0 },
      ]);
      const types = handed.events.map((e: any) => e.type);
      expect(types).toContain('needs_resolution');
      expect(types).not.toContain('resubmitted');
      expect(sentAtAll(body.order_id)).toBe(1);
      expect(createdAtSandbox(body.order_id)).toBe(0);
      // Listed and counted as needing attention although it is recent.
      const flagged = await readJson(await support('/api/payouts?needs_attention=1&limit=100'));
      expect(flagged.items.map((p: any) => p.id)).toContain(created.payout.id);
      expect((await readJson(await support('/api/payouts/summary'))).needs_attention).toBe(
        flagged.items.length,
      );
      // Its details stay sealed for whoever settles it; nothing is failed on a guess.
      expect((await row(created.payout.id)).submission).toBeTruthy();

      // Lookups go on (lists lag) until RECONCILE_LOOKUP_HOURS, then stop; it stays unknown.
      t.clock.advance(3 * 3_600_000);
      await t.reconciler.runRound();
      expect((await row(created.payout.id)).nextCheckAt).not.toBeNull();
      t.clock.advance(72 * 3_600_000);
      await t.reconciler.runRound();
      const ended = await row(created.payout.id);
      expect(ended).toMatchObject({ status: 'unknown', nextCheckAt: null });
      [finance, support] = await Promise.all([t.signIn('finance'), t.signIn('support')]);
      const last = await detail();
      expect(last.events.map((e: any) => e.type)).toContain('lookups_ended');
      expect(sentAtAll(body.order_id)).toBe(1);
    });

    it("a record found late settles it and clears the person's flag", async () => {
      // Created, the reply lost, no notification, and the list lags: only a lookup can tell.
      await t.sandbox.notifications.idle();
      t.sandbox.notifications.setUrl(null);
      t.sandbox.lists.setLagMs(3_600_000);
      try {
        t.sandbox.faults.add({ kind: 'reset_after_commit', route: 'create_payout', times: 1 });
        const body = cardPayout('21.00');
        const created = await create(finance, body);
        expect(created.payout.status).toBe('unknown');
        t.clock.advance(11_000);
        await t.reconciler.runRound();
        t.clock.advance(70_000);
        await t.reconciler.runRound();
        expect((await row(created.payout.id)).attentionReason).toBe('unresolved');
        t.sandbox.lists.setLagMs(0);
        t.clock.advance(400_000);
        await t.reconciler.runRound();
        const adopted = await row(created.payout.id);
        expect(adopted.attentionReason).toBeNull();
        expect(adopted.orchestratorId).toBe(
          t.sandbox.inspect.payouts().find((p) => p.order_id === body.order_id)?.id,
        );
        expect(adopted.status).toBe('in_process');
        expect(sentAtAll(body.order_id)).toBe(1);
      } finally {
        t.sandbox.lists.setLagMs(0);
        t.sandbox.notifications.setUrl(
          `${t.baseUrl}/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
        );
      }
    });

    it('checks non-final payouts on a backoff until they are final', async () => {
      // No notifications: only the reconciler's checks can learn the outcome.
      const notifyUrl = t.sandbox.notifications;
      await notifyUrl.idle();
      notifyUrl.setUrl(null);
      const { payout } = await create(finance, cardPayout('14.00'));
      expect(payout.status).toBe('in_process');
      await t.sandbox.settle(payout.orchestrator_id);
      // Not due yet: nothing is checked.
      const early = await t.reconciler.runRound();
      expect(early.ids).not.toContain(payout.id);
      t.clock.advance(10_000);
      const round = await t.reconciler.runRound();
      expect(round.ids).toContain(payout.id);
      const settled = await row(payout.id);
      expect(['approved', 'declined']).toContain(settled.status);
      expect(settled.nextCheckAt).toBeNull();
      t.clock.advance(3_600_000);
      expect((await t.reconciler.runRound()).ids).not.toContain(payout.id);
      notifyUrl.setUrl(
        `${t.baseUrl}/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
      );
    });

    it('flags a payout that stays unknown or non-final too long', async () => {
      // Earlier tests moved the clock past the session idle timeout.
      [finance, support] = await Promise.all([t.signIn('finance'), t.signIn('support')]);
      t.sandbox.faults.add({ kind: 'hang', route: 'create_payout', times: 1 });
      const { payout } = await create(finance, cardPayout('15.00'));
      expect(payout.status).toBe('unknown');
      expect(payout.needs_attention).toBe(false);
      // Open but recent: not counted, though the rollup already has it.
      const before = await readJson(await support('/api/payouts?needs_attention=1&limit=100'));
      expect(before.items.map((p: any) => p.id)).not.toContain(payout.id);
      expect((await readJson(await support('/api/payouts/summary'))).needs_attention).toBe(
        before.items.length,
      );
      t.sandbox.faults.add({ kind: 'http_503', route: 'list_payouts' });
      t.clock.advance(31 * 60_000);
      await t.reconciler.runRound();
      t.sandbox.faults.clear();
      support = await t.signIn('support');
      const flagged = await readJson(await support('/api/payouts?needs_attention=1&limit=100'));
      expect(flagged.items.map((p: any) => p.id)).toContain(payout.id);
      expect(flagged.items.every((p: any) => p.needs_attention)).toBe(true);
      // The counter (the rollup's open payouts less the recent ones) is the list's length.
      expect(flagged.items.length).toBeLessThan(100);
      expect((await readJson(await support('/api/payouts/summary'))).needs_attention).toBe(
        flagged.items.length,
      );
    });
  });
});

// Only when the operator has declared that the orchestrator refuses a reused order id (the
// default sandbox profile does: 409) is an unknown payout sent again, with the same order id.
describe('re-send under ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID', () => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  beforeAll(async () => {
    database = await openTestDatabase(testDatabaseKinds[0]!);
    t = await startTestApp({
      database,
      env: {
        ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID: '1',
        ORCHESTRATOR_TIMEOUT_MS: '2500',
        RECONCILE_GRACE_SECONDS: '60',
        RECONCILE_BACKOFF_SECONDS: '10',
      },
    });
    finance = await t.signIn('finance');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });
  const calls = (orderId: string) =>
    t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId);

  it('re-sends with the same order id only after the grace period found nothing', async () => {
    t.sandbox.faults.add({ kind: 'reset', route: 'create_payout', times: 1 });
    const body = cardPayout('13.00');
    const created = await create(finance, body);
    expect(created.payout.status).toBe('unknown');
    t.clock.advance(11_000);
    await t.reconciler.runRound();
    expect(calls(body.order_id)).toHaveLength(1);
    t.clock.advance(60_000);
    await t.reconciler.runRound();
    const after = await readJson(await finance(`/api/payouts/${created.payout.id}`));
    expect(after.payout.status).toBe('in_process');
    const resent = after.events.find((e: any) => e.type === 'resubmitted');
    expect(resent.data.lookup).toEqual({ found: false, records: 0 });
    expect(calls(body.order_id).filter((c) => c.outcome === 'created')).toHaveLength(1);
  });

  it('a refused re-send means "may exist": unknown, for a person, never failed', async () => {
    // The first send landed, its reply was lost, no notification came, and the list does not
    // show it yet: the re-send meets the orchestrator's duplicate rule.
    t.sandbox.notifications.setUrl(null);
    t.sandbox.faults.add({ kind: 'reset_after_commit', route: 'create_payout', times: 1 });
    const body = cardPayout('22.00');
    const created = await create(finance, body);
    expect(created.payout.status).toBe('unknown');
    // Lists lag: the sandbox's lists leave it out until the lag is lifted below.
    t.sandbox.lists.setLagMs(3_600_000);
    t.clock.advance(11_000);
    await t.reconciler.runRound();
    t.clock.advance(60_000);
    await t.reconciler.runRound();
    const refused = await readJson(await finance(`/api/payouts/${created.payout.id}`));
    expect(refused.payout).toMatchObject({
      status: 'unknown',
      needs_attention: true,
      attention_reason: 'resend_refused',
    });
    const event = refused.events.find((e: any) => e.type === 'resubmit_refused');
    expect(event.data).toMatchObject({ kind: 'conflict', may_exist: true });
    // No second re-send once a person has been asked.
    t.clock.advance(120_000);
    await t.reconciler.runRound();
    expect(calls(body.order_id)).toHaveLength(2);
    // The lookup finds it once the list catches up: adopted, the flag cleared.
    t.sandbox.lists.setLagMs(0);
    t.clock.advance(600_000);
    await t.reconciler.runRound();
    const settled = await readJson(await finance(`/api/payouts/${created.payout.id}`));
    expect(settled.payout.attention_reason).toBeNull();
    expect(settled.payout.status).not.toBe('unknown');
    expect(calls(body.order_id).filter((c) => c.outcome === 'created')).toHaveLength(1);
  });
});
