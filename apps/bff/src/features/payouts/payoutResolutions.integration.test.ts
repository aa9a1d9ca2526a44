/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payouts } from '../../db/schema.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testDatabase.js';
import type { TestDatabase } from '../../testing/testDatabase.js';

let seq = 0;
function cardPayout(amount = '21.00') {
  seq += 1;
  return {
    order_id: `res-${Date.now().toString(36)}-${seq}`,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount,
    payout_method_type: 'credit_card',
    metadata: { ...TEST_CARD_METADATA },
  };
}

/**
 * A person settles an unknown payout (decision 040): found at the PSP, "not sent: mark failed"
 * under four eyes (the evidence has the last word), and "send again" as a new payout.
 */
describe('resolving an unknown payout by hand', () => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let finance2: ApiFetch;
  let support: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(testDatabaseKinds[0]!);
    t = await startTestApp({
      database,
      env: {
        APPROVAL_THRESHOLDS: 'none',
        ORCHESTRATOR_TIMEOUT_MS: '2500',
        RECONCILE_GRACE_SECONDS: '60',
        RECONCILE_BACKOFF_SECONDS: '10',
      },
      // BridgerPay-like quirks: every settled payout is voided, and an e-wallet
      // PSP is listed in BE/EUR (the other tests here never settle a payout).
      sandboxOptions: {
        profile: 'bridgerpay',
        offListStatusRate: 1,
        offListStatusKind: 'voided',
        listLagMs: 0,
        commitThenTimeoutRate: 0,
        seed: 7,
      },
    });
    // Only lookups and people settle these payouts here: no notification tells.
    t.sandbox.notifications.setUrl(null);
  });
  beforeEach(async () => {
    [finance, finance2, support] = await Promise.all([
      t.signIn('finance'),
      t.signIn('finance2'),
      t.signIn('support'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const post = (client: ApiFetch, path: string, json: unknown, headers = {}) =>
    client(path, { method: 'POST', json, headers });
  const resolve = (client: ApiFetch, id: string, json: unknown) =>
    post(client, `/api/payouts/${id}/resolution`, json);
  const detail = async (id: string) => readJson(await support(`/api/payouts/${id}`));

  /** A payout whose create never answered; `landed`: it was created there all the same. */
  async function unknownPayout(landed: boolean) {
    t.sandbox.faults.add({
      kind: landed ? 'reset_after_commit' : 'reset',
      route: 'create_payout',
      times: 1,
    });
    const body = cardPayout();
    const res = await post(finance, '/api/payouts', body, { 'Idempotency-Key': randomUUID() });
    const payout = await readJson(res);
    expect(payout.status).toBe('unknown');
    // Past the grace period with nothing found: handed to a person.
    t.clock.advance(11_000);
    await t.reconciler.runRound();
    t.clock.advance(70_000);
    await t.reconciler.runRound();
    expect((await detail(payout.id)).payout.attention_reason).toBe('unresolved');
    return { id: payout.id as string, orderId: body.order_id, body };
  }

  it('"found at the PSP": the id is checked with the orchestrator, then its status is followed', async () => {
    t.sandbox.lists.setLagMs(3_600_000);
    try {
      const { id, orderId } = await unknownPayout(true);
      const there = t.sandbox.inspect.payouts().find((p) => p.order_id === orderId)!;
      expect(
        (await resolve(support, id, { action: 'found', orchestrator_id: there.id })).status,
      ).toBe(403);
      const missing = await resolve(finance, id, { action: 'found', orchestrator_id: 'nope-1' });
      expect(missing.status).toBe(422);
      expect((await readJson(missing)).errors).toEqual([
        { pointer: '/orchestrator_id', message: 'Not found at the orchestrator' },
      ]);
      // Someone else's payout at the orchestrator is no evidence for this one.
      const other = await readJson(
        await post(finance, '/api/payouts', cardPayout(), { 'Idempotency-Key': randomUUID() }),
      );
      const wrong = await resolve(finance, id, {
        action: 'found',
        orchestrator_id: other.orchestrator_id,
      });
      expect(wrong.status).toBe(422);
      expect((await detail(id)).payout.status).toBe('unknown');

      const found = await resolve(finance, id, { action: 'found', orchestrator_id: there.id });
      expect(found.status).toBe(200);
      expect(await readJson(found)).toMatchObject({
        status: 'in_process',
        orchestrator_id: there.id,
        attention_reason: null,
        needs_attention: false,
      });
      const events = (await detail(id)).events.map((e: any) => e.type);
      expect(events).toContain('found_by_person');
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(audit.map((a) => a.action)).toContain('payout.resolution.found');
      // Settled: nothing more to settle by hand.
      expect(
        (await resolve(finance, id, { action: 'found', orchestrator_id: there.id })).status,
      ).toBe(409);
    } finally {
      t.sandbox.lists.setLagMs(0);
    }
  });

  it('"not sent: mark failed" needs a second person, and keeps the order id taken', async () => {
    const { id, orderId, body } = await unknownPayout(false);
    const noReason = await resolve(finance, id, { action: 'propose_mark_failed' });
    expect(noReason.status).toBe(422);
    expect((await readJson(noReason)).errors[0].pointer).toBe('/reason');
    expect((await detail(id)).payout.mark_failed).toBeNull();

    const proposed = await resolve(finance, id, {
      action: 'propose_mark_failed',
      reason: 'Not in the PSP portal',
    });
    expect(proposed.status).toBe(200);
    expect((await readJson(proposed)).mark_failed).toMatchObject({
      reason: 'Not in the PSP portal',
      requested_by: { email: 'finance@example.com' },
      confirmed_by: null,
    });
    expect(
      (await resolve(finance, id, { action: 'propose_mark_failed', reason: 'Again' })).status,
    ).toBe(409);
    // The proposer is not the second person; support is no one here.
    const self = await resolve(finance, id, { action: 'confirm_mark_failed' });
    expect(self.status).toBe(403);
    expect((await readJson(self)).code).toBe('self_approval');
    expect((await resolve(support, id, { action: 'confirm_mark_failed' })).status).toBe(403);
    expect((await detail(id)).payout.status).toBe('unknown');

    const confirmed = await resolve(finance2, id, { action: 'confirm_mark_failed' });
    expect(confirmed.status).toBe(200);
    const failed = await readJson(confirmed);
    expect(failed).toMatchObject({
      status: 'failed',
      needs_attention: false,
      attention_reason: null,
      mark_failed: { confirmed_by: { email: 'finance2@example.com' } },
    });
    expect(failed.failure_reason).toContain('Not in the PSP portal');
    // It may exist there after all: its order id is never given to another payout.
    const reused = await post(finance, '/api/payouts', body, { 'Idempotency-Key': randomUUID() });
    expect(reused.status).toBe(409);
    expect(t.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId)).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['payout.mark_failed.proposed', 'payout.mark_failed.confirmed']),
    );
  });

  it('the evidence has the last word: found at the confirmation, it is adopted, not failed', async () => {
    t.sandbox.lists.setLagMs(3_600_000);
    const { id } = await unknownPayout(true);
    await resolve(finance, id, { action: 'propose_mark_failed', reason: 'Probably never sent' });
    t.sandbox.lists.setLagMs(0);
    const confirmed = await resolve(finance2, id, { action: 'confirm_mark_failed' });
    expect(confirmed.status).toBe(409);
    const after = await detail(id);
    expect(after.payout).toMatchObject({ status: 'in_process', mark_failed: null });
    expect(after.events.map((e: any) => e.type)).toContain('mark_failed_withdrawn');
  });

  it('a proposal can be turned down (with a reason) or withdrawn', async () => {
    const { id } = await unknownPayout(false);
    await resolve(finance, id, { action: 'propose_mark_failed', reason: 'Not there' });
    const declined = await resolve(finance2, id, {
      action: 'decline_mark_failed',
      reason: 'The PSP has not answered yet',
    });
    expect(declined.status).toBe(200);
    expect((await readJson(declined)).mark_failed).toBeNull();
    const events = (await detail(id)).events.map((e: any) => e.type);
    expect(events).toContain('mark_failed_rejected');
    expect((await resolve(finance2, id, { action: 'confirm_mark_failed' })).status).toBe(409);
    expect((await resolve(finance, id, { action: 'fail_it' })).status).toBe(422);
  });

  it('"send again": one new payout with a new order id, through the policy like any other', async () => {
    const { id, orderId } = await unknownPayout(false);
    const again = (client: ApiFetch, order_id: string) =>
      post(
        client,
        `/api/payouts/${id}/send-again`,
        { order_id },
        { 'Idempotency-Key': randomUUID() },
      );
    // Only once it is marked failed.
    expect((await again(finance, `${orderId}-2`)).status).toBe(409);
    await resolve(finance, id, { action: 'propose_mark_failed', reason: 'Not there' });
    await resolve(finance2, id, { action: 'confirm_mark_failed' });
    expect((await again(finance, orderId)).status).toBe(422);
    expect((await again(support, `${orderId}-2`)).status).toBe(403);

    const sent = await again(finance, `${orderId}-2`);
    expect(sent.status).toBe(201);
    const payout = await readJson(sent);
    expect(payout).toMatchObject({
      order_id: `${orderId}-2`,
      resent_from: id,
      status: 'in_process',
      amount: '21.00',
    });
    // The card number came from the first one's sealed details, which are now erased.
    expect(t.sandbox.inspect.payouts().some((p) => p.order_id === `${orderId}-2`)).toBe(true);
    const [first] = await t.db.select().from(payouts).where(eq(payouts.id, id));
    expect(first!.submission).toBeNull();
    expect((await detail(id)).events.map((e: any) => e.type)).toContain('sent_again');
    const twice = await again(finance, `${orderId}-3`);
    expect(twice.status).toBe(409);
    expect((await readJson(twice)).payout_id).toBe(payout.id);
  });

  it('a status outside the six is shown raw, never final, and needs a person', async () => {
    const created = await readJson(
      await post(finance, '/api/payouts', cardPayout('31.00'), { 'Idempotency-Key': randomUUID() }),
    );
    expect(created.status).toBe('in_process');
    await t.sandbox.settle(created.orchestrator_id);
    const checked = await readJson(
      await post(support, `/api/payouts/${created.id}/check-status`, {}),
    );
    const raw = t.sandbox.inspect.payouts().find((p) => p.id === created.orchestrator_id)!.status;
    expect(raw).toBe('voided');
    expect(checked).toMatchObject({
      status: 'unrecognized',
      orchestrator_status: 'Voided',
      needs_attention: true,
      attention_reason: 'unrecognized_status',
      final_at: null,
    });
    const flagged = await readJson(await support('/api/payouts?needs_attention=1&limit=100'));
    expect(flagged.items.map((p: any) => p.id)).toContain(created.id);
    expect((await readJson(await support('/api/payouts/summary'))).needs_attention).toBe(
      flagged.items.length,
    );
  });

  it('a corridor with a PSP of a type we do not support still offers its other PSPs', async () => {
    const reply = await readJson(await finance('/api/providers?country=BE&currency=EUR'));
    expect(reply.providers.map((p: any) => p.name)).toContain('northwind_pay');
    expect(reply.unsupported).toEqual([
      {
        name: 'skrill_wallets',
        title: 'Skrill Wallets',
        payout_method_type: 'ewallet',
        reason: 'type not supported: ewallet',
      },
    ]);
  });

  it('in bulk: one result per payout, each as the single route would answer', async () => {
    const a = await unknownPayout(false);
    const b = await unknownPayout(false);
    const bulk = (client: ApiFetch, json: unknown) =>
      post(client, '/api/payouts/resolutions', json);
    const bad = await bulk(finance, { action: 'propose_mark_failed', payout_ids: [a.id] });
    expect(bad.status).toBe(422);
    expect((await detail(a.id)).payout.mark_failed).toBeNull();
    const proposed = await readJson(
      await bulk(finance, {
        action: 'propose_mark_failed',
        reason: 'Not in the PSP portal',
        payout_ids: [a.id, b.id],
      }),
    );
    expect(proposed.results).toEqual([
      { payout_id: a.id, outcome: 'done', status: 'unknown' },
      { payout_id: b.id, outcome: 'done', status: 'unknown' },
    ]);
    const own = await readJson(
      await bulk(finance, { action: 'confirm_mark_failed', payout_ids: [a.id] }),
    );
    expect(own.results[0]).toMatchObject({
      outcome: 'refused',
      problem: { code: 'self_approval' },
    });
    const confirmed = await readJson(
      await bulk(finance2, { action: 'confirm_mark_failed', payout_ids: [a.id, b.id] }),
    );
    expect(confirmed.results.map((r: any) => [r.outcome, r.status])).toEqual([
      ['done', 'failed'],
      ['done', 'failed'],
    ]);
    expect(
      (await bulk(support, { action: 'confirm_mark_failed', payout_ids: [a.id] })).status,
    ).toBe(403);
  });
});
