import { randomUUID } from 'node:crypto';
import { OrchestratorError } from '@payouts/orchestrator-client';
import { eq } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, payouts } from '../../db/schema.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { luhnValid } from '@payouts/contracts';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { chargeNotification } from '../../testing/chargeNotification.js';

let orderSeq = 0;
function cardPayout(
  overrides: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
) {
  orderSeq += 1;
  return {
    order_id: `ord-${Date.now().toString(36)}-${orderSeq}`,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount: '125.50',
    payout_method_type: 'credit_card',
    ...overrides,
    metadata: {
      ...TEST_CARD_METADATA,
      ...metadata,
    },
  };
}

function create(client: ApiFetch, body: unknown, key: string = randomUUID()) {
  return client('/api/payouts', {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': key },
  });
}

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(appTestDatabaseKinds)('payouts (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let finance: ApiFetch;
  let support: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: { ORCHESTRATOR_TIMEOUT_MS: '1500' },
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
        { country: 'DE', currency: 'BTC' },
        { country: 'JP', currency: 'JPY' },
      ],
    });
    finance = await t.signIn('finance');
    support = await t.signIn('support');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const createCalls = () => t.sandbox.inspect.createCalls().length;

  describe('create', () => {
    it('records, submits and answers the ledger payout with the card masked 6+4', async () => {
      const body = cardPayout({}, { cvv2: undefined });
      const res = await create(finance, body);
      expect(res.status).toBe(201);
      const payout = await readJson(res);
      expect(payout).toMatchObject({
        id: expect.any(String),
        order_id: body.order_id,
        amount: '125.50',
        status: 'in_process',
        orchestrator_status: expect.any(String),
        orchestrator_id: expect.any(String),
        psp_transaction_id: expect.any(String),
        recipient: { name: 'Jan Peeters', email: 'jan.peeters@example.be' },
        created_by: { email: 'finance@example.com' },
        is_test: false,
      });
      expect(payout.metadata.creditCardNumber).toBe('411111******1111');
      const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
      expect(JSON.stringify(row)).not.toContain('4111111111111111');
      expect(row!.amount).toBe('125.50');
      // The orchestrator got the real number, from us and nobody else.
      expect(
        t.sandbox.inspect.payouts().find((p) => p.id === payout.orchestrator_id)?.order_id,
      ).toBe(body.order_id);
    });

    it('keeps amounts exact to the last digit (crypto scale)', async () => {
      const res = await create(finance, {
        order_id: `btc-${randomUUID().slice(0, 8)}`,
        provider: 'coinbridge',
        country: 'DE',
        currency: 'BTC',
        state: null,
        amount: '0.12345678',
        payout_method_type: 'crypto',
        metadata: {
          walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          customerFirstName: 'Ada',
          customerLastName: 'Lovelace',
          email: 'ada@example.com',
        },
      });
      const payout = await readJson(res);
      if (res.status !== 201) throw new Error(JSON.stringify(payout));
      expect(payout.amount).toBe('0.12345678');
      expect(t.sandbox.inspect.payouts().find((p) => p.id === payout.orchestrator_id)?.amount).toBe(
        '0.12345678',
      );
    });

    it('refuses an invalid payout with field pointers before storing or sending anything', async () => {
      const before = createCalls();
      const body = cardPayout({ amount: '-3' }, { email: 'not-an-email', surprise: 'x' });
      const res = await create(finance, body);
      expect(res.status).toBe(422);
      const problem = await readJson(res);
      expect(problem.code).toBe('validation_failed');
      const pointers = problem.errors.map((e: { pointer: string }) => e.pointer);
      expect(pointers).toEqual(expect.arrayContaining(['/amount', '/metadata/email']));
      expect(createCalls()).toBe(before);
      expect(await t.db.select().from(payouts).where(eq(payouts.orderId, body.order_id))).toEqual(
        [],
      );
    });

    it('refuses a card number in a free-text field, naming each field, and writes nothing', async () => {
      const before = createCalls();
      const body = cardPayout(
        {},
        { customerFirstName: '4111 1111 1111 1111', cardHolderName: 'Jan 4111-1111-1111-1111' },
      );
      const key = randomUUID();
      const res = await create(finance, body, key);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = await readJson(res);
      expect(problem.code).toBe('validation_failed');
      const message = 'Looks like a card number: card numbers go only in the card number field.';
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/metadata/customerFirstName', message },
          { pointer: '/metadata/cardHolderName', message },
        ]),
      );
      // Only those two: the same number in the card number field is where it belongs.
      expect(problem.errors).toHaveLength(2);
      // The request id is random hex, which may hold the digits: it is left out of the check.
      expect(JSON.stringify({ ...problem, requestId: null })).not.toContain('1111');
      expect(createCalls()).toBe(before);
      expect(await t.db.select().from(payouts).where(eq(payouts.orderId, body.order_id))).toEqual(
        [],
      );
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual(
        [],
      );

      // The same payout with the number only in its card field goes through.
      const fixed = await create(finance, cardPayout({ order_id: body.order_id }), key);
      expect(fixed.status).toBe(201);
      expect((await readJson(fixed)).metadata.creditCardNumber).toBe('411111******1111');
    });

    it('takes a numeric order id that passes the Luhn check, and finds it by search', async () => {
      // One in ten 16-digit order ids passes the Luhn check: an identifier, not a card number.
      const orderId = `${2025112500000013n + BigInt(orderSeq) * 10n}`.slice(0, 15);
      const cardLike = [...'0123456789']
        .map((d) => orderId + d)
        .find((candidate) => luhnValid(candidate))!;
      const res = await create(finance, cardPayout({ order_id: cardLike }));
      expect(res.status).toBe(201);
      const page = await readJson(await finance(`/api/payouts?q=${cardLike}`));
      expect(page.items.map((p: { order_id: string }) => p.order_id)).toEqual([cardLike]);
    });

    it('requires an Idempotency-Key header', async () => {
      const res = await finance('/api/payouts', { method: 'POST', json: cardPayout() });
      expect(res.status).toBe(400);
      expect((await readJson(res)).code).toBe('malformed_request');
    });

    it('same key and same body: the same reply, and no second orchestrator call', async () => {
      const key = randomUUID();
      const body = cardPayout();
      const first = await create(finance, body, key);
      expect(first.status).toBe(201);
      const calls = createCalls();
      const again = await create(finance, body, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await readJson(again)).toEqual(await readJson(first));
      expect(createCalls()).toBe(calls);
    });

    it('same key and a different body: 422, nothing sent', async () => {
      const key = randomUUID();
      const body = cardPayout();
      expect((await create(finance, body, key)).status).toBe(201);
      const calls = createCalls();
      const res = await create(finance, { ...body, amount: '999.00' }, key);
      expect(res.status).toBe(422);
      expect((await readJson(res)).code).toBe('idempotency_key_reused');
      expect(createCalls()).toBe(calls);
    });

    it('same key while the first request is still in flight: 409', async () => {
      t.sandbox.faults.add({ kind: 'latency', ms: 800, route: 'create_payout', times: 1 });
      const key = randomUUID();
      const body = cardPayout();
      const first = create(finance, body, key);
      // Wait until the first request holds the key (it is then waiting on the orchestrator).
      await until(
        () => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
        (rows) => rows.length > 0,
      );
      const second = await create(finance, body, key);
      expect(second.status).toBe(409);
      expect((await readJson(second)).code).toBe('request_in_flight');
      expect((await first).status).toBe(201);
    });

    it('20 concurrent identical requests: exactly one orchestrator payout', async () => {
      const key = randomUUID();
      const body = cardPayout();
      const before = t.sandbox.inspect.createCalls().length;
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => create(finance, body, key)),
      );
      const statuses = replies.map((r) => r.status);
      // Each is either the payout or "still in flight, retry with the same key".
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses).toContain(201);
      const created = await Promise.all(
        replies.filter((r) => r.status === 201).map((r) => readJson(r)),
      );
      expect(new Set(created.map((p: { id: string }) => p.id)).size).toBe(1);
      const calls = t.sandbox.inspect.createCalls().slice(before);
      expect(calls.filter((c) => c.order_id === body.order_id)).toHaveLength(1);
      // A retry after the storm answers the same payout, still without a second call.
      const retry = await create(finance, body, key);
      expect(retry.status).toBe(201);
      expect((await readJson(retry)).id).toBe(created[0].id);
      expect(t.sandbox.inspect.createCalls().length).toBe(before + 1);
    });

    it('a second payout with a used order id is a conflict on /order_id', async () => {
      const body = cardPayout();
      expect((await create(finance, body)).status).toBe(201);
      const res = await create(finance, body);
      expect(res.status).toBe(409);
      expect((await readJson(res)).errors).toEqual([
        { pointer: '/order_id', message: 'This order id is already used' },
      ]);
    });

    it('an orchestrator refusal fails the payout, says why, and frees the order id', async () => {
      const body = cardPayout({ amount: '10.18' });
      const res = await create(finance, body);
      expect(res.status).toBe(422);
      const problem = await readJson(res);
      expect(problem).toMatchObject({
        code: 'orchestrator_rejected',
        payout_id: expect.any(String),
      });
      expect(problem.detail).toContain('per-payout limit');
      const detail = await readJson(await finance(`/api/payouts/${problem.payout_id}`));
      expect(detail.payout.status).toBe('failed');
      expect(detail.events.map((e: { type: string }) => e.type)).toEqual([
        'created',
        'submit_failed',
      ]);
      expect((await create(finance, { ...body, amount: '10.00' })).status).toBe(201);
    });

    it('a timeout leaves the payout unknown (never failed); a status check reconciles it by order id', async () => {
      const body = cardPayout({ amount: '10.15' });
      // Without notifications, nothing but our own status check can tell us what happened.
      t.sandbox.notifications.setUrl(null);
      const res = await create(finance, body).finally(() =>
        t.sandbox.notifications.setUrl(
          `${t.baseUrl}/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
        ),
      );
      expect(res.status).toBe(202);
      const payout = await readJson(res);
      expect(payout.status).toBe('unknown');
      expect(payout.orchestrator_id).toBeNull();

      const checked = await support(`/api/payouts/${payout.id}/check-status`, { method: 'POST' });
      expect(checked.status).toBe(200);
      const reconciled = await readJson(checked);
      expect(reconciled.orchestrator_id).toEqual(expect.any(String));
      expect(['pending', 'in_process']).toContain(reconciled.status);
      const { events } = await readJson(await support(`/api/payouts/${payout.id}`));
      expect(events.map((e: { type: string }) => e.type)).toEqual(
        expect.arrayContaining([
          'created',
          'submit_outcome_unknown',
          'status_check',
          'status_changed',
        ]),
      );
    });

    it('a 500 from the orchestrator is an unknown outcome too; a check that finds nothing keeps it unknown', async () => {
      const res = await create(finance, cardPayout({ amount: '10.16' }));
      expect(res.status).toBe(202);
      const payout = await readJson(res);
      expect(payout.status).toBe('unknown');
      const checked = await readJson(
        await finance(`/api/payouts/${payout.id}/check-status`, { method: 'POST' }),
      );
      expect(checked.status).toBe('unknown');
    });

    it('maps an orchestrator field error onto the payout field', async () => {
      const fake = await startTestApp({
        database,
        wrapOrchestrator: (client) => ({
          ...client,
          createPayout: () =>
            Promise.reject(
              new OrchestratorError({
                kind: 'validation',
                message: 'createPayout: validation failed',
                httpStatus: 400,
                issues: [
                  { type: 'validaton_error', field: 'metadata.email', message: 'Email is invalid' },
                ],
              }),
            ),
        }),
      });
      try {
        const client = await fake.signIn('admin');
        const res = await create(client, cardPayout());
        expect(res.status).toBe(422);
        const problem = await readJson(res);
        expect(problem.code).toBe('orchestrator_rejected');
        expect(problem.errors).toEqual([
          { pointer: '/metadata/email', message: 'Email is invalid' },
        ]);
      } finally {
        await fake.close();
      }
    });
  });

  describe('notifications', () => {
    it('records each notification once and confirms it with a status check before changing the payout', async () => {
      t.sandbox.notifications.setMode('duplicate');
      try {
        const payout = await readJson(await create(finance, cardPayout({ amount: '10.14' })));
        await t.sandbox.settle(payout.orchestrator_id);
        await t.sandbox.notifications.idle();
        const detail = await until(
          async () => readJson(await support(`/api/payouts/${payout.id}`)),
          (d) => d.payout.status === 'approved',
        );
        expect(detail.payout.status).toBe('approved');
        const types = detail.events.map((e: { type: string }) => e.type);
        const sent = t.sandbox.notifications
          .sent()
          .filter((n) => n.notification.data.charge?.id === payout.orchestrator_id);
        expect(sent.length).toBeGreaterThan(new Set(sent.map((n) => n.body)).size);
        expect(types.filter((type: string) => type === 'notification')).toHaveLength(
          new Set(sent.map((n) => n.body)).size,
        );
        expect(types).toContain('status_changed');
      } finally {
        t.sandbox.notifications.setMode('normal');
      }
    });

    it('keeps the decline code and reason', async () => {
      const payout = await readJson(await create(finance, cardPayout({ amount: '10.13' })));
      await t.sandbox.settle(payout.orchestrator_id);
      await t.sandbox.notifications.idle();
      const detail = await until(
        async () => readJson(await support(`/api/payouts/${payout.id}`)),
        (d) => d.payout.status === 'declined',
      );
      expect(detail.payout).toMatchObject({
        status: 'declined',
        decline_code: 'account_closed',
        decline_reason: 'The beneficiary account is closed',
      });
    });

    it('acknowledges notifications that are not about our payouts without touching the ledger', async () => {
      const url = `/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`;
      const meta = { server_time: 1_900_000_000, api_version: 'v2' };
      const post = (body: unknown) => t.api(url, { method: 'POST', json: body, crossSite: true });
      const session = await post({
        webhook: { type: 'cashier.session.init' },
        data: { order_id: 'cashier-1', psp_name: 'northwind_pay' },
        meta,
      });
      expect(session.status).toBe(200);
      expect(await readJson(session)).toEqual({ outcome: 'ignored' });
      const charge = (operationType: string, chargeId: string) =>
        chargeNotification({ orderId: 'not-ours-1', chargeId, operationType });
      expect(await readJson(await post(charge('deposit', 'dep-1')))).toEqual({
        outcome: 'ignored',
      });
      expect(await readJson(await post(charge('payout', 'nobody-knows-1')))).toEqual({
        outcome: 'unknown_payout',
      });
    });

    it('refuses a wrong token as an unknown route, and a body that is not a notification', async () => {
      const wrong = await t.api('/api/orchestrator/notifications/not-the-token', {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(wrong.status).toBe(404);
      const garbage = await t.api(
        `/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
        {
          method: 'POST',
          body: '{"webhook":',
          headers: { 'Content-Type': 'application/json' },
          crossSite: true,
        },
      );
      expect(garbage.status).toBe(400);
      // Well-formed JSON we cannot use: acknowledged, so the orchestrator does not retry it.
      const unusable = await t.api(
        `/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
        {
          method: 'POST',
          body: '{"webhook":1}',
          headers: { 'Content-Type': 'application/json' },
          crossSite: true,
        },
      );
      expect(unusable.status).toBe(200);
      expect(await readJson(unusable)).toEqual({ outcome: 'ignored' });
    });

    it('takes a sparse notification about a payout of ours as a hint and checks its status', async () => {
      const payout = await readJson(await create(finance, cardPayout({ amount: '10.20' })));
      await t.sandbox.notifications.idle();
      t.sandbox.notifications.setUrl(null);
      await t.sandbox.settle(payout.orchestrator_id);
      t.sandbox.notifications.setUrl(
        `${t.baseUrl}/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
      );
      const checksBefore = t.sandbox.inspect
        .statusCalls()
        .filter((c) => c.payout_id === payout.orchestrator_id).length;
      // No charge id, no operation type, no amount or times, a null psp_name, no meta.
      const res = await t.api(
        `/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`,
        {
          method: 'POST',
          json: {
            webhook: { type: 'approved' },
            data: {
              order_id: payout.order_id,
              psp_name: null,
              charge: { type: 'approved', attributes: { status: 'Approved' } },
            },
          },
          crossSite: true,
        },
      );
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({ outcome: 'confirmed' });
      expect(
        t.sandbox.inspect.statusCalls().filter((c) => c.payout_id === payout.orchestrator_id)
          .length,
      ).toBe(checksBefore + 1);
      const detail = await readJson(await support(`/api/payouts/${payout.id}`));
      expect(detail.payout.status).toBe('approved');
    });
  });

  describe('list and detail', () => {
    let mine: string[];
    beforeAll(async () => {
      mine = [];
      for (const [amount, email] of [
        ['20.01', 'list-a@example.com'],
        ['20.02', 'list-b@example.com'],
        ['20.03', 'list-c@example.com'],
        ['1000.04', 'list-d@example.com'],
      ] as const) {
        t.clock.advance(60_000);
        const res = await create(finance, cardPayout({ amount, country: 'BE' }, { email }));
        mine.push((await readJson(res)).id);
      }
    });

    it('exports what the filters select as CSV, to support too, streamed in list order', async () => {
      const res = await support('/api/payouts/export.csv?q=list-&sort=amount&order=asc');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="payouts-\d{8}-\d{6}\.csv"$/,
      );
      const rows: Record<string, string>[] = parseCsv(await res.text(), { columns: true });
      expect(rows.map((r) => r['recipient_email'])).toEqual([
        'list-a@example.com',
        'list-b@example.com',
        'list-c@example.com',
        'list-d@example.com',
      ]);
      expect(rows.map((r) => r['amount'])).toEqual(['20.01', '20.02', '20.03', '1000.04']);
      expect(rows.map((r) => r['id']).sort()).toEqual([...mine].sort());
    });

    it('refuses a bad export filter with a pointer, before writing any CSV', async () => {
      const res = await support('/api/payouts/export.csv?amount_min=ten');
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((await readJson(res)).errors[0].pointer).toBe('/amount_min');
    });

    it('pages through everything with a cursor, newest first, without repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let previous = Infinity;
      do {
        const page: { items: { id: string; created_at: string }[]; next_cursor: string | null } =
          await readJson(await support(`/api/payouts?limit=3${cursor ? `&cursor=${cursor}` : ''}`));
        for (const item of page.items) {
          const at = Date.parse(item.created_at);
          expect(at).toBeLessThanOrEqual(previous);
          previous = at;
          seen.push(item.id);
        }
        cursor = page.next_cursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(mine));
    });

    it('filters by amount range, search and status, and sorts by amount', async () => {
      const byAmount = await readJson(
        await support('/api/payouts?amount_min=20.01&amount_max=20.03&sort=amount&order=asc'),
      );
      expect(byAmount.items.map((p: { amount: string }) => p.amount)).toEqual([
        '20.01',
        '20.02',
        '20.03',
      ]);
      const paged = await readJson(
        await support(
          '/api/payouts?amount_min=20.01&amount_max=20.03&sort=amount&order=asc&limit=2',
        ),
      );
      const rest = await readJson(
        await support(
          `/api/payouts?amount_min=20.01&amount_max=20.03&sort=amount&order=asc&limit=2&cursor=${paged.next_cursor}`,
        ),
      );
      expect(rest.items.map((p: { amount: string }) => p.amount)).toEqual(['20.03']);
      expect(rest.next_cursor).toBeNull();

      const search = await readJson(await support('/api/payouts?q=LIST-D@example'));
      expect(search.items.map((p: { id: string }) => p.id)).toEqual([mine[3]]);
      const failed = await readJson(await support('/api/payouts?status=failed,unknown'));
      expect(
        failed.items.every((p: { status: string }) => ['failed', 'unknown'].includes(p.status)),
      ).toBe(true);
      const bad = await support('/api/payouts?status=lost&limit=500');
      expect(bad.status).toBe(422);
      expect(
        (await readJson(bad)).errors.map((e: { pointer: string }) => e.pointer).sort(),
      ).toEqual(['/limit', '/status/0']);
    });

    it('searches the beginning of an order id, e-mail, name or surname in any case, and a whole orchestrator id', async () => {
      const orderId = `Search-037-${orderSeq}`;
      const created = await readJson(
        await create(
          finance,
          cardPayout(
            { order_id: orderId },
            {
              customerFirstName: 'Ottilie',
              customerLastName: 'Zebedee',
              email: 'ottilie.zebedee@example.com',
            },
          ),
        ),
      );
      const found = async (q: string): Promise<string[]> =>
        (await readJson(await support(`/api/payouts?q=${encodeURIComponent(q)}`))).items.map(
          (p: { id: string }) => p.id,
        );
      expect(await found(orderId)).toEqual([created.id]);
      expect(await found('SEARCH-037')).toEqual([created.id]);
      expect(await found('Ottilie.Zebedee@example.com')).toEqual([created.id]);
      expect(await found('ottilie.zeb')).toEqual([created.id]);
      expect(await found('ottilie zebedee')).toEqual([created.id]);
      expect(await found('ZEBED')).toEqual([created.id]);
      expect(created.orchestrator_id).toEqual(expect.any(String));
      expect(await found(created.orchestrator_id)).toEqual([created.id]);
      // Not a substring anywhere (its end is: `-${orderSeq}` would find it), and a wildcard
      // character is only itself.
      expect(await found('037-')).toEqual([]);
      expect(await found('bedee')).toEqual([]);
      expect(await found('@example.com')).toEqual([]);
      expect(await found(created.orchestrator_id.slice(0, -1))).toEqual([]);
      expect(await found('ottilie_zebedee')).toEqual([]);
      expect(await found('%')).toEqual([]);
    });

    it('searches the end of an order id, the beginning of the PSP’s id, and the last 4 digits of the card', async () => {
      const seq = orderSeq;
      const orderId = `Tail-${seq}-90817`;
      const created = await readJson(
        await create(
          finance,
          cardPayout({ order_id: orderId }, { creditCardNumber: '5555 5555 5555 4444' }),
        ),
      );
      const found = async (q: string): Promise<string[]> =>
        (await readJson(await support(`/api/payouts?q=${encodeURIComponent(q)}`))).items.map(
          (p: { id: string }) => p.id,
        );
      expect(await found('90817')).toEqual([created.id]);
      expect(await found(`-${seq}-90817`.toUpperCase())).toEqual([created.id]);
      // The other payouts of this suite pay a card ending 1111.
      expect(await found('4444')).toEqual([created.id]);
      expect(await found('**** 4444')).toEqual([created.id]);
      expect(await found('5555 5555 5555 4444')).toEqual([created.id]);
      expect(created.psp_transaction_id).toEqual(expect.any(String));
      const psp = created.psp_transaction_id as string;
      expect(await found(psp)).toEqual([created.id]);
      expect(await found(psp.slice(0, -2).toLowerCase())).toContain(created.id);
      // Three digits are no last digits; the middle of an order id is not its end.
      expect(await found('444')).toEqual([]);
      expect(await found('9081')).toEqual([]);
    });

    it('shows one payout with its timeline, and 404 for an unknown one', async () => {
      const res = await support(`/api/payouts/${mine[0]}`);
      expect(res.status).toBe(200);
      const { payout, events } = await readJson(res);
      expect(payout.id).toBe(mine[0]);
      expect(events[0]).toMatchObject({ type: 'created', actor: 'finance@example.com' });
      expect((await support(`/api/payouts/${randomUUID()}`)).status).toBe(404);
      expect((await support('/api/payouts/not-a-uuid')).status).toBe(404);
    });
  });

  describe('providers and corridors', () => {
    it('lists the configured corridors', async () => {
      expect(await readJson(await support('/api/corridors'))).toEqual({
        corridors: [
          { country: 'BE', currency: 'EUR' },
          { country: 'US', currency: 'USD' },
          { country: 'DE', currency: 'BTC' },
          { country: 'JP', currency: 'JPY' },
        ],
      });
    });

    it('caches providers per corridor and refreshes on request', async () => {
      const first = await readJson(await support('/api/providers?country=us&currency=usd'));
      expect(first).toMatchObject({
        country: 'US',
        currency: 'USD',
        fetched_at: expect.any(String),
      });
      expect(first.providers.length).toBeGreaterThan(0);
      t.clock.advance(1000);
      const cached = await readJson(await support('/api/providers?country=US&currency=USD'));
      expect(cached.fetched_at).toBe(first.fetched_at);
      const refreshed = await readJson(
        await support('/api/providers?country=US&currency=USD&refresh=1'),
      );
      expect(refreshed.fetched_at).not.toBe(first.fetched_at);
      const bad = await support('/api/providers?country=Belgium');
      expect(bad.status).toBe(422);
    });

    it('refuses a corridor that is not the merchant’s before asking the orchestrator', async () => {
      const calls = t.sandbox.inspect.createCalls().length;
      const res = await finance('/api/providers?country=ZA&currency=ZAR');
      expect(res.status).toBe(422);
      expect((await readJson(res)).errors).toEqual([
        { pointer: '/currency', message: 'ZA / ZAR is not a configured corridor' },
      ]);
      const created = await create(finance, cardPayout({ country: 'ZA', currency: 'ZZZ' }));
      expect(created.status).toBe(422);
      expect(t.sandbox.inspect.createCalls()).toHaveLength(calls);
    });

    it('maps an orchestrator outage to a stable problem code', async () => {
      t.sandbox.faults.add({ kind: 'http_503', route: 'metadata', times: 1 });
      const res = await support('/api/providers?country=JP&currency=JPY&refresh=1');
      expect(res.status).toBe(503);
      expect((await readJson(res)).code).toBe('orchestrator_unavailable');
    });
  });
});
