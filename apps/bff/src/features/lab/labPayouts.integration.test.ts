import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReplyConforms } from '../../testing/openApiConformance.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

describe.each(appTestDatabaseKinds)('lab payouts (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  /** Every call the app makes to the orchestrator (the sandbox does not count metadata calls). */
  let orchestratorCalls = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      // Below the lab's maximum, above the threshold: the four-eyes test fits between them.
      env: { APPROVAL_THRESHOLDS: 'EUR=50', LAB_MAX_AMOUNT: 'EUR=100,*=20' },
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
   * as is), so this one reply is read past the harness's card-number scan (not past its
   * OpenAPI conformance check).
   */
  async function testData(
    query: string,
  ): Promise<{ status: number; body: Awaited<ReturnType<typeof readJson>> }> {
    const path = `/api/lab/test-data?${query}`;
    const res = await fetch(t.baseUrl + path, { headers: { cookie: admin.cookie! } });
    const text = await res.text();
    checkReplyConforms('GET', path, res.status, res.headers.get('content-type'), text);
    return { status: res.status, body: JSON.parse(text) };
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

  it('sends a test payout: stored as test, the exchange shown masked, badged in default lists', async () => {
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

    // A lab payout is real money: finance sees it by default, badged, and can filter either way.
    const finance = await t.signIn('finance');
    const list = async (q: string) => {
      const res = await finance(`/api/payouts${q}`);
      expect(res.status).toBe(200);
      return (await readJson(res)).items as { id: string; is_test: boolean }[];
    };
    expect(await list('')).toContainEqual(
      expect.objectContaining({ id: reply.payout.id, is_test: true }),
    );
    expect((await list('?is_test=0')).map((p) => p.id)).not.toContain(reply.payout.id);
    expect((await list('?is_test=0')).every((p) => !p.is_test)).toBe(true);
    const only = await list('?is_test=1');
    expect(only.map((p) => p.id)).toContain(reply.payout.id);
    expect(only.every((p) => p.is_test)).toBe(true);
    // Old links: include_test=1 still answers (everything, the default now).
    expect((await list('?include_test=1')).map((p) => p.id)).toContain(reply.payout.id);

    const csv = async (q: string) => {
      const res = await finance(`/api/payouts/export.csv${q}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await csv('')).toContain(body.payout.order_id);
    expect(await csv('?is_test=0')).not.toContain(body.payout.order_id);
    expect(await csv('?is_test=1')).toContain(body.payout.order_id);
    const detail = await readJson(await admin(`/api/payouts/${reply.payout.id}`));
    expect(detail.payout.is_test).toBe(true);

    const audit = await readJson(await admin('/api/audit?what=lab.payout'));
    expect(audit.items[0]).toMatchObject({ target: { id: reply.payout.id } });
  });

  it('refuses a test payout above the lab maximum with 422 on /amount, writing nothing', async () => {
    const { body } = await testData(
      'country=BE&currency=EUR&payout_method_type=credit_card&provider=northwind_pay',
    );
    const finance = await t.signIn('finance');
    // Newest first: any new row would show up at the head of these.
    const ids = async (path: string) =>
      ((await readJson(await admin(path))).items as { id: string }[]).map((item) => item.id);
    const before = {
      sent: t.sandbox.inspect.createCalls().length,
      payouts: await ids('/api/payouts?limit=100'),
      audit: await ids('/api/audit?limit=100'),
      summary: await readJson(await finance('/api/payouts/summary')),
    };
    const key = randomUUID();
    for (const amount of ['100.01', '5000', '1000000000']) {
      const res = await send(admin, { ...body.payout, amount }, key);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      const problem = await readJson(res);
      expect(problem).toMatchObject({ code: 'validation_failed' });
      expect(problem.errors).toEqual([
        { pointer: '/amount', message: expect.stringMatching(/100 EUR/) },
      ]);
    }
    expect(t.sandbox.inspect.createCalls().length).toBe(before.sent);
    expect(await ids('/api/payouts?limit=100')).toEqual(before.payouts);
    expect(await ids('/api/audit?limit=100')).toEqual(before.audit);
    expect(await readJson(await finance('/api/payouts/summary'))).toEqual(before.summary);
    expect(await ids(`/api/payouts?q=${body.payout.order_id}`)).toEqual([]);

    // No idempotency row either: the same key now sends the allowed amount as a new payout.
    const allowed = await send(admin, { ...body.payout, amount: '100' }, key);
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await readJson(allowed)).payout).toMatchObject({ amount: '100', is_test: true });
  });

  it('applies the currency’s own maximum, else the catch-all one', async () => {
    const { body } = await testData(
      'country=US&currency=USD&payout_method_type=credit_card&provider=meridian_transfers',
    );
    expect(body.payout).toMatchObject({ currency: 'USD' });
    const res = await send(admin, { ...body.payout, amount: '20.01' });
    expect(res.status).toBe(422);
    expect((await readJson(res)).errors[0]).toMatchObject({
      pointer: '/amount',
      message: expect.stringMatching(/20 USD/),
    });
  });

  it('holds a test payout above the approval threshold for a second person, unsent', async () => {
    const { body } = await testData(
      'country=BE&currency=EUR&payout_method_type=credit_card&provider=northwind_pay',
    );
    const before = t.sandbox.inspect.createCalls().length;
    const res = await send(admin, { ...body.payout, amount: '75.00' });
    expect(res.status).toBe(201);
    const reply = await readJson(res);
    expect(reply.payout).toMatchObject({
      status: 'awaiting_approval',
      is_test: true,
      approval_threshold: '50',
    });
    expect(reply.exchange).toBeNull();
    expect(t.sandbox.inspect.createCalls().length).toBe(before);
    const detail = await readJson(await admin(`/api/payouts/${reply.payout.id}`));
    expect(detail.payout.status).toBe('awaiting_approval');

    // The menu's badge and the list it opens count the same payouts, this one included.
    const finance = await t.signIn('finance');
    const summary = await readJson(await finance('/api/payouts/summary'));
    const awaiting = await readJson(await finance('/api/payouts?needs_my_approval=1&limit=100'));
    const ids = (awaiting.items as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(reply.payout.id);
    expect(summary.awaiting_my_approval).toBe(ids.length);
    expect(t.sandbox.inspect.createCalls().length).toBe(before);
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
