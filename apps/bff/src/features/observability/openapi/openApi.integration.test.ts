import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBeneficiary } from '../../../testing/bankBeneficiary.js';
import { batchCsv, northwindBankRow, uploadBatch } from '../../../testing/batchFiles.js';
import { checkReplyConforms, operationOf } from '../../../testing/openApiConformance.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../../testing/testApp.js';
import { TEST_CARD_METADATA } from '../../../testing/testCardMetadata.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../testing/testDatabase.js';
import { mountedRoutes, openApiPath } from '../mountedRoutes.js';
import { openApiDocument } from './openApiDocument.js';
import { API_OPERATIONS } from './operations.js';

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}

describe.each(testDatabaseKinds)('the OpenAPI document (%s)', (kind) => {
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
    const documented = API_OPERATIONS.map(key).sort();
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
    expect(checked.length).toBe(14);
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
