/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- replies are untyped JSON, checked field by field by the assertions */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

describe.each(testDatabaseKinds)('lab payouts (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  /** Every call the app makes to the orchestrator (the sandbox does not count metadata calls). */
  let orchestratorCalls = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      wrapOrchestrator: (client) =>
        new Proxy(client, {
          get(target, property, receiver) {
            const value: unknown = Reflect.get(target, property, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]): unknown => {
              orchestratorCalls += 1;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }),
    });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  /**
   * The test data holds the well-known test card in full on purpose (a form the admin sends
   * as is), so this one reply is read past the harness's card-number scan.
   */
  async function testData(
    query: string,
  ): Promise<{ status: number; body: Awaited<ReturnType<typeof readJson>> }> {
    const res = await fetch(`${t.baseUrl}/api/lab/test-data?${query}`, {
      headers: { cookie: admin.cookie! },
    });
    return { status: res.status, body: await res.json() };
  }

  const send = (client: ApiFetch, body: unknown, key: string = randomUUID()) =>
    client('/api/lab/payouts', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } });

  it('is admin only', async () => {
    for (const role of ['finance', 'support'] as const) {
      const other = await t.signIn(role);
      expect((await other('/api/lab/test-data?country=BE&currency=EUR')).status).toBe(403);
      expect((await send(other, {})).status).toBe(403);
      expect((await other('/api/lab/deposits/options')).status).toBe(403);
    }
    expect((await t.api('/api/lab/deposits/options')).status).toBe(401);
  });

  it('prefills valid test data for a PSP and type, and refuses a pair not listed', async () => {
    const { status, body } = await testData(
      'country=BE&currency=EUR&payout_method_type=credit_card&provider=northwind_pay',
    );
    expect(status).toBe(200);
    expect(body.payout).toMatchObject({
      order_id: expect.stringMatching(/^LAB-/),
      provider: 'northwind_pay',
      country: 'BE',
      currency: 'EUR',
      amount: '10.00',
      payout_method_type: 'credit_card',
      metadata: expect.objectContaining({ creditCardNumber: '4111111111111111' }),
    });
    const other = await testData(
      'country=BE&currency=EUR&payout_method_type=credit_card&provider=northwind_pay',
    );
    expect(other.body.payout.order_id).not.toBe(body.payout.order_id);

    const missing = await testData(
      'country=BE&currency=EUR&payout_method_type=crypto&provider=northwind_pay',
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].pointer).toBe('/provider');
    const bad = await admin('/api/lab/test-data?country=BE&currency=EUR');
    expect(bad.status).toBe(422);
  });

  it('refuses test data for a corridor not the merchant’s before asking the orchestrator', async () => {
    const before = orchestratorCalls;
    for (const corridor of ['country=FR&currency=EUR', 'country=BE&currency=USD']) {
      const { status, body } = await testData(
        `${corridor}&payout_method_type=credit_card&provider=northwind_pay`,
      );
      expect(status).toBe(422);
      expect(body).toMatchObject({ code: 'validation_failed' });
      expect(body.errors[0].pointer).toBe('/currency');
    }
    expect(orchestratorCalls).toBe(before);
    // A configured corridor not asked for yet does reach it (the count is live).
    const known = await testData(
      'country=US&currency=USD&payout_method_type=credit_card&provider=northwind_pay',
    );
    expect(known.body.errors?.[0]?.pointer).not.toBe('/currency');
    expect(orchestratorCalls).toBeGreaterThan(before);
  });

  it('sends a test payout: stored as test, the exchange shown masked, out of default lists', async () => {
    const { body } = await testData(
      'country=BE&currency=EUR&payout_method_type=credit_card&provider=northwind_pay',
    );
    const res = await send(admin, body.payout);
    expect(res.status).toBe(201);
    const reply = await readJson(res);
    expect(reply.payout).toMatchObject({
      order_id: body.payout.order_id,
      is_test: true,
      status: expect.stringMatching(/^(pending|in_process)$/),
      metadata: expect.objectContaining({ creditCardNumber: '411111******1111' }),
    });
    expect(reply.exchange).toMatchObject({
      request: {
        method: 'POST',
        path: '/v2/{api_key}/payouts',
        body: expect.objectContaining({
          order_id: body.payout.order_id,
          metadata: expect.objectContaining({ creditCardNumber: '411111******1111' }),
        }),
      },
      response: { http_status: 200, body: expect.objectContaining({ result: expect.any(Object) }) },
      duration_ms: expect.any(Number),
    });
    expect(reply.problem).toBeUndefined();

    const list = async (q: string) =>
      (await readJson(await admin(`/api/payouts${q}`))).items.map((p: { id: string }) => p.id);
    expect(await list('')).not.toContain(reply.payout.id);
    expect(await list('?include_test=1')).toContain(reply.payout.id);
    expect(await list('?is_test=1')).toEqual([reply.payout.id]);
    const csv = await (await admin('/api/payouts/export.csv')).text();
    expect(csv).not.toContain(body.payout.order_id);
    const csvTest = await (await admin('/api/payouts/export.csv?is_test=1')).text();
    expect(csvTest).toContain(body.payout.order_id);
    const detail = await readJson(await admin(`/api/payouts/${reply.payout.id}`));
    expect(detail.payout.is_test).toBe(true);

    const audit = await readJson(await admin('/api/audit?what=lab.payout'));
    expect(audit.items[0]).toMatchObject({ target: { id: reply.payout.id } });
  });

  it('answers a refused test payout with 200, the problem and the failed ledger row', async () => {
    const { body } = await testData(
      'country=BE&currency=EUR&payout_method_type=bank_account&provider=northwind_pay',
    );
    const res = await send(admin, { ...body.payout, amount: '10.18' });
    expect(res.status).toBe(200);
    const reply = await readJson(res);
    expect(reply.payout).toMatchObject({ status: 'failed', is_test: true });
    expect(reply.problem).toMatchObject({
      status: expect.any(Number),
      code: expect.stringMatching(/^orchestrator_/),
    });
    expect(reply.exchange.response.http_status).toBeGreaterThanOrEqual(400);
  });

  it('answers malformed input with a normal problem and sends nothing', async () => {
    const before = t.sandbox.inspect.createCalls().length;
    const res = await send(admin, { country: 'BE', currency: 'EUR', provider: 'northwind_pay' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    const noKey = await admin('/api/lab/payouts', { method: 'POST', json: {} });
    expect(noKey.status).toBe(400);
    expect(t.sandbox.inspect.createCalls().length).toBe(before);
  });
});
