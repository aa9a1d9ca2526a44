/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, checked field by field */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { payouts } from '../db/schema.js';
import { cardPayoutBody } from '../testing/processes/childBff.js';
import { readJson, startTestApp, type TestApp } from '../testing/testApp.js';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabase.js';

const KEY_A = 'payout-data-key-A-0123456789abcdefghij';
const KEY_B = 'payout-data-key-B-0123456789abcdefghij';

describe.each(testDatabaseKinds)('payout data key rotation (%s)', (kind) => {
  let database: TestDatabase | undefined;
  let apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
    await database?.close();
    database = undefined;
  });

  /** A BFF process on the shared database; a new one is a restart with another environment. */
  const start = async (keys: Record<string, string>) => {
    database ??= await openTestDatabase(kind);
    const app = await startTestApp({
      database,
      env: { APPROVAL_THRESHOLDS: '*=1000', ...keys },
    });
    apps.push(app);
    return app;
  };
  const stop = async (app: TestApp) => {
    apps = apps.filter((a) => a !== app);
    await app.close();
  };

  /** Created under the first app's key: it waits for a second person, its details sealed. */
  async function payoutAwaitingApproval(app: TestApp) {
    const orderId = `rot-${randomUUID()}`;
    const finance = await app.signIn('finance');
    const res = await finance('/api/payouts', {
      method: 'POST',
      json: cardPayoutBody(orderId, '2500.00'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(201);
    const payout = await readJson(res);
    expect(payout.status).toBe('awaiting_approval');
    return { id: payout.id as string, orderId };
  }

  it('sends a payout sealed under the old key after a restart with PAYOUT_DATA_KEYS=new,old', async () => {
    const before = await start({ PAYOUT_DATA_KEY: KEY_A });
    const waiting = await payoutAwaitingApproval(before);
    await stop(before);

    const after = await start({ PAYOUT_DATA_KEYS: `${KEY_B},${KEY_A}` });
    const approved = await (
      await after.signIn('finance2')
    )(`/api/payouts/${waiting.id}/approve`, {
      method: 'POST',
      json: {},
    });
    expect(approved.status).toBe(200);
    expect(await readJson(approved)).toMatchObject({
      status: expect.stringMatching(/^(pending|in_process)$/),
      approved_by: { email: 'finance2@example.com' },
    });
    const sent = after.sandbox.inspect
      .createCalls()
      .filter((c: any) => c.order_id === waiting.orderId && c.outcome === 'created');
    expect(sent).toHaveLength(1);

    // What waits from now on is sealed under the new key: it opens once the old one is dropped.
    const next = await payoutAwaitingApproval(after);
    const [row] = await after.db.select().from(payouts).where(eq(payouts.id, next.id));
    const newKid = row!.submission!.split('.')[1];
    await stop(after);
    const onlyNew = await start({ PAYOUT_DATA_KEYS: KEY_B });
    const res = await (
      await onlyNew.signIn('finance2')
    )(`/api/payouts/${next.id}/approve`, {
      method: 'POST',
      json: {},
    });
    expect(res.status).toBe(200);
    expect((await readJson(res)).status).toMatch(/^(pending|in_process)$/);
    expect(newKid).toMatch(/^[0-9a-f]{8}$/);
  });
});
