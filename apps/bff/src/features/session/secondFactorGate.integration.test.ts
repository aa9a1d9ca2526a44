import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, staffFactors, users } from '../../db/schema.js';
import { TEST_CARD_METADATA } from '../../testing/testCardMetadata.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const FIVE_MINUTES = 5 * 60_000;

function cardPayout(amount: string) {
  return {
    order_id: `sf-${randomUUID()}`,
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount,
    payout_method_type: 'credit_card',
    metadata: { ...TEST_CARD_METADATA },
  };
}

describe.each(appTestDatabaseKinds)('second factor gate and step-up (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: { APPROVAL_THRESHOLDS: '*=1000', MFA_REQUIRED_ROLES: 'finance,admin' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const userId = async (email: string) => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  /** A confirmed passkey, as the factors routes would store one. */
  const givePasskey = async (email: string) => {
    await t.db.insert(staffFactors).values({
      id: randomUUID(),
      userId: await userId(email),
      kind: 'passkey',
      label: 'Test key',
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: randomBytes(32).toString('base64url'),
      signCount: 0,
      transports: [],
      confirmedAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
  };
  const sessionIdOf = (client: ApiFetch) => client.cookie!.split('=')[1]!;
  /** What `POST /api/session/verify` does once the factor checks out. */
  const verify = (client: ApiFetch) =>
    t.sessionService.recordSecondFactor(sessionIdOf(client), 'passkey');
  const security = async (client: ApiFetch) =>
    (await readJson(await client('/api/session'))).security;
  const payoutCount = async () => (await t.db.select({ n: count() }).from(payouts))[0]!.n;

  it('holds a user whose role requires a factor at enrolment, and lets only enrolment through', async () => {
    const finance = await t.signIn('finance');
    expect(await security(finance)).toMatchObject({
      second_factor: 'enrol',
      methods: [],
      step_up: true,
      step_up_until: null,
    });
    const refused = await finance('/api/payouts');
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({
      code: 'second_factor_required',
      second_factor: 'enrol',
    });
    // Enrolment routes pass the gate (whatever they answer); verifying does not: nothing to verify.
    expect((await finance('/api/me/factors')).status).not.toBe(403);
    const verifying = await finance('/api/session/verify', {
      method: 'POST',
      json: { method: 'totp', code: '123456' },
    });
    expect(verifying.status).toBe(403);
    expect((await finance('/api/session', { method: 'DELETE' })).status).toBe(204);
  });

  it('lets a role that requires no factor work without one, and never asks it to step up', async () => {
    const support = await t.signIn('support');
    expect(await security(support)).toMatchObject({
      second_factor: 'not_required',
      step_up: false,
    });
    expect((await support('/api/payouts')).status).toBe(200);
  });

  it('makes a user with a factor verify it before anything else, and not enrol another instead', async () => {
    await givePasskey('finance@example.com');
    const finance = await t.signIn('finance');
    expect(await security(finance)).toMatchObject({
      second_factor: 'verify',
      methods: ['passkey'],
      step_up_until: null,
    });
    const refused = await finance('/api/payouts');
    expect(await readJson(refused)).toMatchObject({
      code: 'second_factor_required',
      second_factor: 'verify',
    });
    const enrolling = await finance('/api/me/factors/totp', { method: 'POST', json: {} });
    expect(enrolling.status).toBe(403);
    expect((await readJson(enrolling)).code).toBe('second_factor_required');

    await verify(finance);
    const after = await security(finance);
    expect(after).toMatchObject({ second_factor: 'satisfied', step_up_minutes: 5 });
    expect(Date.parse(after.step_up_until as string)).toBe(t.clock.now().getTime() + FIVE_MINUTES);
    expect((await finance('/api/payouts')).status).toBe(200);
  });

  it('asks for a fresh factor before a payout that would need approval, writes nothing, and takes the same request after', async () => {
    const finance = await t.signIn('finance');
    await verify(finance);
    t.clock.advance(FIVE_MINUTES + 1000);
    expect((await security(finance)).step_up_until).toBeNull();

    // Below the threshold: no approval, no step-up.
    const small = await finance('/api/payouts', {
      method: 'POST',
      json: cardPayout('10.00'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(small.status).toBeLessThan(300);

    const before = await payoutCount();
    const body = cardPayout('1500.00');
    const key = randomUUID();
    const big = await finance('/api/payouts', {
      method: 'POST',
      json: body,
      headers: { 'Idempotency-Key': key },
    });
    expect(big.status).toBe(403);
    expect(await readJson(big)).toMatchObject({ code: 'step_up_required', methods: ['passkey'] });
    expect(await payoutCount()).toBe(before);

    await verify(finance);
    const retried = await finance('/api/payouts', {
      method: 'POST',
      json: body,
      headers: { 'Idempotency-Key': key },
    });
    expect(retried.status).toBe(201);
    expect((await readJson(retried)).status).toBe('awaiting_approval');
  });

  it('asks for a fresh factor before approving and before changing users', async () => {
    const finance = await t.signIn('finance');
    await verify(finance);
    const created = await finance('/api/payouts', {
      method: 'POST',
      json: cardPayout('2000.00'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const payoutId = (await readJson(created)).id as string;

    await givePasskey('admin@example.com');
    const admin = await t.signIn('admin');
    await verify(admin);
    t.clock.advance(FIVE_MINUTES);

    const stale = await admin(`/api/payouts/${payoutId}/approve`, { method: 'POST', json: {} });
    expect(stale.status).toBe(403);
    expect((await readJson(stale)).code).toBe('step_up_required');
    const rename = await admin(`/api/users/${await userId('support@example.com')}`, {
      method: 'PATCH',
      json: { name: 'Renamed Without Factor' },
    });
    expect(rename.status).toBe(403);
    const [support] = await t.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, 'support@example.com'));
    expect(support!.name).not.toBe('Renamed Without Factor');

    await verify(admin);
    const approved = await admin(`/api/payouts/${payoutId}/approve`, { method: 'POST', json: {} });
    expect(approved.status).toBe(200);
  });
});
