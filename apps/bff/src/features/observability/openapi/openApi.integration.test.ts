import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBeneficiary } from '../../../testing/bankBeneficiary.js';
import { batchCsv, northwindBankRow, uploadBatch } from '../../../testing/batchFiles.js';
import { chargeNotification } from '../../../testing/chargeNotification.js';
import {
  checkReplyConforms,
  operationOf,
  requestBodyProblems,
} from '../../../testing/openApiConformance.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../../testing/testApp.js';
import { TEST_CARD_METADATA } from '../../../testing/testCardMetadata.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../../testing/testDatabase.js';
import { mountedRoutes, openApiPath } from '../mountedRoutes.js';
import { openApiDocument } from './openApiDocument.js';
import { ENDPOINTS, type Endpoint } from '@payouts/contracts/endpoints';

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}

/**
 * A schema that accepts about anything: no keys, only a type, or an object with no member
 * described and any extra allowed (the old "some JSON" placeholder, `{ type: 'object' }`).
 */
function saysNothing(schema: Record<string, unknown>): boolean {
  const { description: _d, title: _t, ...rest } = schema;
  const keys = Object.keys(rest);
  if (keys.every((k) => k === 'type')) return true;
  const open = rest.additionalProperties;
  return (
    rest.type === 'object' &&
    keys.every((k) => k === 'type' || k === 'additionalProperties') &&
    (open === undefined ||
      open === true ||
      (typeof open === 'object' && open !== null && Object.keys(open).length === 0))
  );
}

const card = { ...TEST_CARD_METADATA };
const cardPayout = (orderId: string) => ({
  order_id: orderId,
  provider: 'northwind_pay',
  country: 'BE',
  currency: 'EUR',
  state: null,
  amount: '12.50',
  payout_method_type: 'credit_card',
  metadata: card,
});
// The browser's WebAuthn JSON as testing/softAuthenticator.ts makes it.
const webauthnRegistration = {
  id: 'q2V5LWlk',
  rawId: 'q2V5LWlk',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['usb'] },
  clientExtensionResults: {},
  authenticatorAttachment: 'cross-platform',
};
const someId = '3f0c8a52-6f7e-4d8b-9c1a-2b3c4d5e6f70';

/**
 * Bodies the integration suites send (and the routes accept), per documented JSON body: the
 * document must accept each. A new body row needs examples here. Lab payouts are added from
 * the lab's own test data in the test below.
 */
const REAL_BODIES: Record<string, unknown[]> = {
  // session/sessionRouter.integration.test.ts, users/seedUsers.integration.test.ts
  'POST /api/session': [{ email: 'finance@example.com', password: 'a-new-password-for-finance' }],
  // factors/*.integration.test.ts
  'POST /api/session/verify/options': [{}],
  'POST /api/session/verify': [
    { method: 'totp', code: '123456' },
    { method: 'recovery_code', code: 'abcd-efgh-ijkl' },
    { method: 'passkey', response: webauthnRegistration },
  ],
  'POST /api/me/factors/totp': [{}, { label: 'Phone' }],
  'POST /api/me/factors/totp/:id/confirm': [{ code: '123456' }],
  'POST /api/me/factors/passkeys/options': [{}],
  'POST /api/me/factors/passkeys': [
    { response: webauthnRegistration },
    { label: 'YubiKey', response: webauthnRegistration },
  ],
  // users/usersRouter.integration.test.ts
  'POST /api/users': [{ email: 'temp@example.com', name: 'Temp', role: 'finance' }],
  // users/invitations.integration.test.ts
  'POST /api/invitations/lookup': [{ token: 'A'.repeat(43) }],
  'POST /api/password-resets': [{ email: 'nobody@example.com' }],
  'POST /api/invitations/accept': [{ token: 'A'.repeat(43), password: 'my-own-long-password' }],
  'PATCH /api/users/:id': [{ disabled: true }, { role: 'support', name: 'Temp Orary' }],
  'POST /api/users/:id/password': [{ password: 'another-long-password' }],
  // payouts/payoutsRouter.integration.test.ts, payouts/beneficiaryPayouts.integration.test.ts
  'POST /api/payouts': [
    cardPayout('ord-lq3k2-1'),
    {
      order_id: 'btc-1a2b3c4d',
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
    },
    { beneficiary_id: someId, amount: '120.50', order_id: 'ben-1a2b3c4d' },
    { beneficiary_id: someId, amount: '10.00' },
  ],
  'POST /api/payouts/:id/reject': [{ reason: 'Not this month' }],
  'POST /api/payouts/:id/cancel': [{}, { reason: 'Cut by a restart' }],
  // staffNotifications/staffNotifications.integration.test.ts
  'POST /api/me/notifications/read': [{ ids: [someId] }, { all: true }],
  'PATCH /api/me/notification-settings': [{ digest: 'hourly' }, { digest: 'immediate' }],
  // notifications/notificationReplays.integration.test.ts (testing/chargeNotification.ts)
  'POST /api/orchestrator/notifications/:token': [
    chargeNotification({ orderId: 'ord-1', chargeId: 'ch_1' }),
    chargeNotification({
      orderId: 'ord-2',
      chargeId: 'ch_2',
      webhookType: 'declined',
      status: 'declined',
    }),
  ],
  // lab/labDeposits.integration.test.ts
  'POST /api/lab/deposits': [
    {
      mode: 'single',
      psp_name: 'northwind_pay',
      single_payment_mid_alias: 'northwind-eu-main',
      deposit: { order_id: 'dep-1', amount: '19.99', currency: 'EUR', country: 'BE', cvv2: '9173' },
    },
    { mode: 'routed', deposit: { order_id: 'dep-2', amount: '19.99' } },
  ],
};

const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINTS);

describe.each(appTestDatabaseKinds)('the OpenAPI document (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  let finance: ApiFetch;
  let support: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    [admin, finance, support] = await Promise.all([
      t.signIn('admin'),
      t.signIn('finance'),
      t.signIn('support'),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('describes every mounted /api route, and only those, with the same method and path', () => {
    const mounted = mountedRoutes(t.app, '/api').map(key).sort();
    const documented = ALL_ENDPOINTS.map(key).sort();
    expect(mounted.length).toBeGreaterThan(50);
    // A route missing here needs one row in features/observability/openapi/operations.ts.
    expect(
      mounted.filter((r) => !documented.includes(r)),
      'mounted, not documented',
    ).toEqual([]);
    expect(
      documented.filter((r) => !mounted.includes(r)),
      'documented, not mounted',
    ).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);

    const doc = openApiDocument();
    const inDocument = Object.entries(doc.paths ?? {})
      .flatMap(([path, item]) =>
        Object.keys(item as object).map((m) => `${m.toUpperCase()} /api${path}`),
      )
      .sort();
    expect(inDocument).toEqual(
      documented.map((r) => r.replace(/ (.*)$/, (_m, p: string) => ` ${openApiPath(p)}`)).sort(),
    );
    expect(doc.openapi).toBe('3.1.0');

    // Every JSON reply has a schema that says something (an empty one accepts anything).
    const vague = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { responses: Record<string, ResponseObject> }>)
        .flatMap(([method, operation]) =>
          Object.entries(operation.responses)
            .filter(([status]) => status.startsWith('2'))
            .map(([status, response]) => ({
              where: `${method.toUpperCase()} ${path} ${status}`,
              schema: response.content?.['application/json']?.schema,
            })),
        )
        .filter(({ schema }) => schema !== undefined && Object.keys(schema).length === 0)
        .map(({ where }) => where),
    );
    expect(vague, 'JSON replies without a schema').toEqual([]);

    // Every JSON request body has a schema that says something: no "some JSON" placeholder.
    const bodies = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(
        item as Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>,
      ).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        return schema ? [{ where: `${method.toUpperCase()} /api${path}`, schema }] : [];
      }),
    );
    expect(bodies.length).toBeGreaterThan(30);
    const resolve = (schema: object): Record<string, unknown> => {
      const ref = (schema as { $ref?: string }).$ref;
      return ref
        ? (doc.components?.schemas?.[ref.replace('#/components/schemas/', '')] as Record<
            string,
            unknown
          >)
        : (schema as Record<string, unknown>);
    };
    expect(
      bodies.filter(({ schema }) => saysNothing(resolve(schema))).map(({ where }) => where),
      'JSON request bodies without a schema',
    ).toEqual([]);
    expect(saysNothing({ type: 'object' })).toBe(true);
    expect(saysNothing({ type: 'object', additionalProperties: {} })).toBe(true);
    expect(saysNothing({ type: 'object', properties: {}, additionalProperties: false })).toBe(
      false,
    );
  });

  it('each documented request body accepts bodies the suites really send, and refuses bad ones', async () => {
    // The examples name documented JSON bodies, and cover the bodies the suites send: a wrong
    // schema for any of them fails here.
    const jsonBodies = ALL_ENDPOINTS.filter((op) => op.body !== undefined && op.body !== 'csv');
    expect(Object.keys(REAL_BODIES).filter((k) => !jsonBodies.some((op) => key(op) === k))).toEqual(
      [],
    );
    expect(Object.keys(REAL_BODIES).length + 1).toBe(21);
    for (const [where, examples] of Object.entries(REAL_BODIES)) {
      const op = ALL_ENDPOINTS.find((o) => key(o) === where)!;
      for (const body of examples) {
        expect(requestBodyProblems(op, body), `${where} ${JSON.stringify(body)}`).toEqual([]);
      }
    }

    // A lab payout: the body the lab's own test data offers, as the lab page sends it.
    const path =
      '/api/lab/test-data?country=BE&currency=EUR&payout_method_type=credit_card&provider=northwind_pay';
    // Read past the harness's card-number scan: the test data holds the public test card.
    const res = await fetch(t.baseUrl + path, { headers: { cookie: admin.cookie! } });
    expect(res.status).toBe(200);
    const testData = (await res.json()) as { payout: unknown };
    const lab = ALL_ENDPOINTS.find((o) => key(o) === 'POST /api/lab/payouts')!;
    expect(requestBodyProblems(lab, testData.payout)).toEqual([]);
    const sent = await admin('/api/lab/payouts', {
      method: 'POST',
      json: testData.payout,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    // Not vacuous: each refuses what its route refuses.
    const refused: [string, unknown][] = [
      ['POST /api/session', { email: 'a@example.com', password: 'x', remember: true }],
      ['POST /api/session/verify', { method: 'sms', code: '123456' }],
      // A password is the invited person's to choose, never the admin's.
      [
        'POST /api/users',
        { email: 'x@example.com', name: 'X', role: 'support', password: 'a-long-enough-password' },
      ],
      ['POST /api/invitations/accept', { token: 'hello', password: 'my-own-long-password' }],
      ['POST /api/users/:id/password', { password: 'short' }],
      ['POST /api/payouts/:id/reject', {}],
      ['POST /api/payouts', { ...cardPayout('ord-1'), beneficiary_id: someId }],
      ['POST /api/payouts', { ...cardPayout('ord-1'), amount: 12.5 }],
      ['POST /api/payouts', { ...cardPayout('ord-1'), metadata: 'card' }],
      ['POST /api/payouts', { beneficiary_id: someId, order_id: 'ben-1' }],
      ['POST /api/lab/payouts', { beneficiary_id: someId, amount: '1.00' }],
      ['POST /api/me/notifications/read', { ids: [] }],
      ['PATCH /api/me/notification-settings', { digest: 'weekly' }],
      ['POST /api/orchestrator/notifications/:token', { webhook: { type: 'approved' }, data: {} }],
      ['POST /api/lab/deposits', { mode: 'routed' }],
    ];
    for (const [where, body] of refused) {
      const op = ALL_ENDPOINTS.find((o) => key(o) === where)!;
      expect(requestBodyProblems(op, body), `${where} ${JSON.stringify(body)}`).not.toEqual([]);
    }
  });

  it('serves the document to every signed-in role, and to no one else', async () => {
    for (const client of [admin, finance, support]) {
      const res = await client('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const doc = await readJson(res);
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.paths['/payouts/{id}'].get.responses['200']).toBeDefined();
    }
    expect((await t.api('/api/openapi.json')).status).toBe(401);
  });

  it('renders the reference for admins only, without any script (strict CSP)', async () => {
    const res = await admin('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('/api/payouts/{id}');
    expect(html).toContain('PayoutDetail');
    expect((await finance('/api/docs')).status).toBe(403);
    expect((await support('/api/docs')).status).toBe(403);
    expect((await t.api('/api/docs')).status).toBe(401);
  });

  it('real replies of the main routes match their documented schemas', async () => {
    // Every JSON reply through the test app is checked (testing/openApiConformance.ts); these
    // calls make sure the main described ones are met at least once, with data in them.
    const checked: string[] = [];
    const call = async (client: ApiFetch, path: string, init?: Parameters<ApiFetch>[1]) => {
      const res = await client(path, init);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
      const op = operationOf(init?.method ?? 'GET', path);
      expect(op && 'json' in op.reply, path).toBe(true);
      checked.push(key(op!));
      return (await readJson(res)) as { id: string };
    };
    await call(finance, '/api/session');
    await call(finance, '/api/corridors');
    await call(finance, '/api/providers?country=BE&currency=EUR');
    const payout = await call(finance, '/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        order_id: `oa-${randomUUID()}`,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '12.50',
        payout_method_type: 'credit_card',
        metadata: TEST_CARD_METADATA,
      },
    });
    await call(support, '/api/payouts');
    await call(support, `/api/payouts/${payout.id}`);
    await call(support, '/api/payouts/summary');
    await call(support, '/api/payouts/totals?status=approved,pending');
    await call(support, `/api/payouts/${payout.id}/check-status`, { method: 'POST' });
    const beneficiary = await call(finance, '/api/beneficiaries', {
      method: 'POST',
      json: bankBeneficiary(),
    });
    await call(support, '/api/beneficiaries');
    await call(support, `/api/beneficiaries/${beneficiary.id}`);
    const upload = await uploadBatch(finance, batchCsv([northwindBankRow(1), northwindBankRow(2)]));
    expect(upload.status, await upload.clone().text()).toBe(201);
    const batch = await readJson(upload);
    await call(support, '/api/batches');
    await call(support, `/api/batches/${batch.id}`);
    await call(support, `/api/batches/${batch.id}/rows`);
    expect(checked.length).toBe(15);
  });

  it('the conformance hook refuses a reply that does not match', () => {
    expect(() =>
      checkReplyConforms(
        'GET',
        '/api/payouts/summary',
        200,
        'application/json',
        '{"needs_attention":1}',
      ),
    ).toThrow(/awaiting_my_approval/);
    expect(() =>
      checkReplyConforms(
        'GET',
        '/api/payouts/summary',
        200,
        'application/json',
        '{"awaiting_my_approval":0,"needs_attention":1,"extra":true}',
      ),
    ).toThrow(/additional/);
    // Problems and CSV pass unchecked; JSON from a route documented without a schema does not.
    expect(() =>
      checkReplyConforms('GET', '/api/payouts/summary', 404, 'application/problem+json', '{}'),
    ).not.toThrow();
    expect(() =>
      checkReplyConforms('GET', '/api/payouts/export.csv', 200, 'text/csv', 'id\n'),
    ).not.toThrow();
    expect(() =>
      checkReplyConforms('GET', '/api/payouts/export.csv', 200, 'application/json', '{}'),
    ).toThrow(/documented as csv/);
  });
});
