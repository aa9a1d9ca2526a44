import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiFetch, type TestApp } from '../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../testing/testDatabase.js';
import { TEST_CARD_METADATA } from '../testing/testCardMetadata.js';

const TIMING = /^bff;dur=[\d.]+(, orch;dur=[\d.]+)?$/;
const orchOf = (res: Response) =>
  /orch;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];

describe.each(appTestDatabaseKinds)('Server-Timing on the real app (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    finance = await t.signIn('finance');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('splits the orchestrator time out only when the request made calls', async () => {
    const first = await finance('/api/providers?country=BE&currency=EUR');
    expect(first.status).toBe(200);
    expect(first.headers.get('server-timing')).toMatch(TIMING);
    expect(Number(orchOf(first))).toBeGreaterThan(0);
    // Now cached: no orchestrator call, no orch entry.
    const cached = await finance('/api/providers?country=BE&currency=EUR');
    expect(cached.headers.get('server-timing')).toMatch(/^bff;dur=[\d.]+$/);
    const health = await t.api('/healthz');
    expect(health.headers.get('server-timing')).toMatch(/^bff;dur=[\d.]+$/);
  });

  it('times a payout creation, ledger write and orchestrator call apart', async () => {
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        order_id: `timing-${randomUUID().slice(0, 8)}`,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '25.00',
        payout_method_type: 'credit_card',
        metadata: {
          ...TEST_CARD_METADATA,
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('server-timing')).toMatch(TIMING);
    expect(Number(orchOf(res))).toBeGreaterThan(0);
  });
});
