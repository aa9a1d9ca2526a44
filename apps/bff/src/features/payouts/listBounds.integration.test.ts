import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';

const cursorOf = (value: unknown, id: unknown) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

/** Dates outside years 1-9999 and hand-made cursors were 500s (and an empty CSV). */
describe.each(testDatabaseKinds)('list dates and cursors (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    admin = await t.signIn('admin');
    const res = await admin('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        order_id: `bounds-${randomUUID()}`,
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '12.00',
        payout_method_type: 'credit_card',
        metadata: TEST_CARD_METADATA,
      },
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it.each([
    ['/api/payouts?created_from=0000-01-01', '/created_from'],
    ['/api/payouts?created_to=10000-01-01', '/created_to'],
    ['/api/payouts?created_from=%2B275760-09-13T00:00:00Z', '/created_from'],
    ['/api/payouts?created_to=9999-12-31T23:59:59-14:00', '/created_to'],
    ['/api/payouts/export.csv?created_from=0000-01-01', '/created_from'],
    ['/api/audit?from=0000-01-01T00:00:00Z', '/from'],
    ['/api/audit?to=%2B010000-01-01T00:00:00Z', '/to'],
  ])('%s: 422 naming %s', async (path, pointer) => {
    const res = await admin(path);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await readJson(res)).errors[0].pointer).toBe(pointer);
  });

  it('takes the first and last storable days as the ends of a range, in the list and the CSV', async () => {
    const range = 'created_from=0001-01-01&created_to=9999-12-31';
    const list = await admin(`/api/payouts?${range}`);
    expect(list.status).toBe(200);
    expect((await readJson(list)).items).toHaveLength(1);
    const csv = await admin(`/api/payouts/export.csv?${range}`);
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\n')).toHaveLength(2);
    const audit = await admin('/api/audit?from=0001-01-01&to=9999-12-31');
    expect(audit.status).toBe(200);
  });

  it.each([
    ['payouts, instant sort', '/api/payouts', cursorOf('0000-01-01T00:00:00.000Z', randomUUID())],
    ['payouts, year 275760', '/api/payouts', cursorOf('+275760-09-13T00:00:00.000Z', randomUUID())],
    ['payouts, a word', '/api/payouts', cursorOf('Sat', randomUUID())],
    ['payouts, amount sort', '/api/payouts?sort=amount', cursorOf('2024-01-01', randomUUID())],
    ['payouts, id', '/api/payouts', cursorOf('2024-01-01T00:00:00.000Z', 'x')],
    ['audit, instant', '/api/audit', cursorOf('0000-01-01T00:00:00.000Z', 1)],
    ['audit, huge id', '/api/audit', cursorOf('2024-01-01T00:00:00.000Z', '99999999999999999999')],
    ['audit, not JSON', '/api/audit', 'bm90IGpzb24'],
  ])('a forged cursor (%s) is a 422 on /cursor', async (_name, path, cursor) => {
    const res = await admin(`${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
    expect(res.status).toBe(422);
    expect((await readJson(res)).errors[0].pointer).toBe('/cursor');
  });
});
