import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { chargeNotification } from '../../testing/chargeNotification.js';

/**
 * One notification body posted again and again made a status check and a timeline
 * event each time. A replay (same content, any bytes) now changes and asks nothing, and
 * notifications about one payout ask the orchestrator a few times per window.
 */
describe.each(appTestDatabaseKinds)('notification replays (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let payout: { id: string; orchestrator_id: string; order_id: string };

  const post = (body: string) =>
    t.api(`/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      crossSite: true,
    });
  const notification = (webhookType: string, status: string, serverTime: number) =>
    chargeNotification({
      orderId: payout.order_id,
      chargeId: payout.orchestrator_id,
      webhookType,
      status,
      serverTime,
    });
  const statusChecks = () =>
    t.sandbox.inspect.statusCalls().filter((c) => c.payout_id === payout.orchestrator_id).length;
  const notificationEvents = async () => {
    const detail = await readJson(await finance(`/api/payouts/${payout.id}`));
    return (detail.events as { type: string }[]).filter((e) => e.type === 'notification').length;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    finance = await t.signIn('finance');
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        order_id: `replay-${randomUUID()}`,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '10.50',
        payout_method_type: 'credit_card',
        metadata: TEST_CARD_METADATA,
      },
    });
    expect(res.status).toBe(201);
    payout = await readJson(res);
    await t.sandbox.notifications.idle();
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('a replayed notification, byte for byte or re-serialized, is recorded and checked once', async () => {
    t.clock.advance(60_000);
    const checksBefore = statusChecks();
    const eventsBefore = await notificationEvents();
    const first = notification('pending', 'pending', 1_900_000_100);
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      outcomes.push((await readJson(await post(JSON.stringify(first)))).outcome);
    }
    // Same content, other bytes: indented, and another server time in `meta`.
    outcomes.push((await readJson(await post(JSON.stringify(first, null, 2)))).outcome);
    const later = notification('pending', 'pending', 1_900_000_999);
    outcomes.push((await readJson(await post(JSON.stringify(later)))).outcome);
    expect(outcomes[0]).toBe('confirmed');
    expect(outcomes.slice(1)).toEqual(Array(11).fill('duplicate'));
    expect(statusChecks() - checksBefore).toBe(1);
    expect((await notificationEvents()) - eventsBefore).toBe(1);
  });

  it('a flood of new notifications asks five times a minute; the reconciler asks at the window end', async () => {
    t.clock.advance(60_000);
    const checksBefore = statusChecks();
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const body = notification(`processing_${i}`, 'processing', i);
      outcomes.push((await readJson(await post(JSON.stringify(body)))).outcome);
    }
    expect(outcomes).toEqual([...Array(5).fill('confirmed'), 'recorded', 'recorded']);
    expect(statusChecks() - checksBefore).toBe(5);
    const [row] = await t.db
      .select({ windowAt: payouts.notificationWindowAt, next: payouts.nextCheckAt })
      .from(payouts)
      .where(eq(payouts.id, payout.id));
    expect(row!.next!.getTime()).toBeLessThanOrEqual(row!.windowAt!.getTime() + 60_000);
    // A new window asks again.
    t.clock.advance(60_001);
    const again = await post(JSON.stringify(notification('still_processing', 'processing', 9)));
    expect((await readJson(again)).outcome).toBe('confirmed');
    expect(statusChecks() - checksBefore).toBe(6);
  });
});
