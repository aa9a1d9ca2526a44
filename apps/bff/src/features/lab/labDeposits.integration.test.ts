import type { OrchestratorClient } from '@payouts/orchestrator-client';
import { SANDBOX_TEST_CARDS } from '@payouts/orchestrator-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { FINGERPRINT_CSP } from './labRouter.js';

const CVV = '9173';
let seq = 0;

function deposit(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    order_id: `dep-${Date.now().toString(36)}-${seq}`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    currency: 'EUR',
    country: 'BE',
    state: null,
    address1: '1 Rue Haute',
    city: 'Brussels',
    zip_code: '1000',
    amount: '19.99',
    phone: '+32470123456',
    card_holder_name: 'ADA LOVELACE',
    credit_card_number: SANDBOX_TEST_CARDS.approve.number,
    expire_month: 12,
    expire_year: 2036,
    cvv2: CVV,
    ddc: { northwind_pay: 'device-data' },
    ...overrides,
  };
}

describe.each(appTestDatabaseKinds)('lab card deposits (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  const logLines: string[] = [];
  const calls = { getFingerprint: 0, createCardDeposit: 0 };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      logDestination: { write: (line: string) => logLines.push(line) },
      wrapOrchestrator: (client): OrchestratorClient => ({
        ...client,
        getFingerprint: (q, o) => {
          calls.getFingerprint += 1;
          return client.getFingerprint(q, o);
        },
        createCardDeposit: (d, o) => {
          calls.createCardDeposit += 1;
          return client.createCardDeposit(d, o);
        },
      }),
    });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const post = (client: ApiFetch, body: unknown) =>
    client('/api/lab/deposits', { method: 'POST', json: body });

  it('is admin only', async () => {
    const finance = await t.signIn('finance');
    expect((await post(finance, { mode: 'routed', deposit: deposit() })).status).toBe(403);
    expect(
      (await finance('/api/lab/fingerprint?country=BE&currency=EUR&card_bin=411111')).status,
    ).toBe(403);
    expect((await finance('/api/lab/deposits/abc')).status).toBe(403);
    expect(calls.createCardDeposit).toBe(0);
  });

  it('lists the deposit PSPs with their MID aliases, and the corridors', async () => {
    const options = await readJson(await admin('/api/lab/deposits/options'));
    expect(options.psps).toEqual([
      {
        name: 'northwind_pay',
        title: 'Northwind Pay',
        mids: ['northwind-eu-main', 'northwind-eu-highrisk', 'northwind-uk'],
        needs_fingerprint: true,
      },
      {
        name: 'harbor_payments',
        title: 'Harbor Payments',
        mids: ['harbor-default'],
        needs_fingerprint: false,
      },
    ]);
    expect(options.corridors).toEqual([
      { country: 'BE', currency: 'EUR' },
      { country: 'US', currency: 'USD' },
    ]);
  });

  it('serves the fingerprint content under its own sandboxing policy, 204 when none is needed', async () => {
    const res = await admin('/api/lab/fingerprint?country=BE&currency=EUR&card_bin=411111');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(FINGERPRINT_CSP);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(await res.text()).toContain('<');

    const none = await admin('/api/lab/fingerprint?country=US&currency=USD&card_bin=555555');
    expect(none.status).toBe(204);
    expect(await none.text()).toBe('');
  });

  it('refuses a missing or malformed BIN with a problem on /card_bin, without calling', async () => {
    const before = calls.getFingerprint;
    for (const q of [
      'country=BE&currency=EUR',
      'country=BE&currency=EUR&card_bin=41x111',
      'country=BE&currency=EUR&card_bin=41111',
    ]) {
      const res = await admin(`/api/lab/fingerprint?${q}`);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await readJson(res)).errors).toEqual([
        { pointer: '/card_bin', message: expect.any(String) },
      ]);
    }
    expect(calls.getFingerprint).toBe(before);
  });

  it('serves test data for a corridor that a deposit accepts as it is', async () => {
    const res = await admin('/api/lab/deposits/test-data?country=US&currency=USD');
    expect(res.status).toBe(200);
    const data = await readJson(res);
    expect(data).toMatchObject({ first_name: 'Jane', phone: '+12133734253', state: 'CA' });
    // Never a card number or a CVV: the admin types their PSP's test card.
    expect(data).not.toHaveProperty('credit_card_number');
    expect(data).not.toHaveProperty('cvv2');
    const sent = await post(admin, {
      mode: 'routed',
      deposit: deposit({
        ...data,
        country: 'US',
        currency: 'USD',
        expire_month: Number(data.expire_month),
        expire_year: Number(data.expire_year),
      }),
    });
    expect(sent.status).toBe(200);
    expect((await readJson(sent)).result.status).toBe('approved');
    // Only the merchant's corridors; admins only.
    expect((await admin('/api/lab/deposits/test-data?country=JP&currency=JPY')).status).toBe(422);
    const support = await t.signIn('support');
    expect((await support('/api/lab/deposits/test-data?country=US&currency=USD')).status).toBe(403);
  });

  it('sends a routed deposit: the result, the exchange masked without CVV, audited by BIN and last 4', async () => {
    const body = deposit();
    const res = await post(admin, { mode: 'routed', deposit: body });
    expect(res.status).toBe(200);
    const reply = await readJson(res);
    expect(reply.result).toMatchObject({ id: expect.any(String), status: 'approved' });
    expect(reply.exchange.request).toMatchObject({
      method: 'POST',
      path: '/mpi/v2/{api_key}/deposit/credit-card',
      body: expect.objectContaining({
        order_id: body.order_id,
        credit_card_number: '411111******1111',
        cashier_key: '[redacted]',
      }),
    });
    expect(reply.exchange.request.body).not.toHaveProperty('cvv2');
    expect(reply.exchange.response.http_status).toBe(200);
    expect(Number.isInteger(reply.duration_ms)).toBe(true);

    const audit = await readJson(await admin('/api/audit?what=lab.deposit'));
    expect(audit.items[0]).toMatchObject({
      action: 'lab.deposit',
      data: {
        card_bin: '411111',
        card_last4: '1111',
        mode: 'routed',
        status: 'approved',
        order_id: body.order_id,
      },
    });
    // The CVV as a value of its own: a random id (hex, in hyphenated groups) may hold its digits.
    const cvvValue = new RegExp(`(?<![\\w-])${CVV}(?![\\w-])`);
    expect(JSON.stringify(audit)).not.toMatch(cvvValue);
    // Neither the card number nor the CVV reaches a log line (the harness scans for the card).
    const logs = logLines.join('\n');
    expect(logs).not.toContain(SANDBOX_TEST_CARDS.approve.number);
    expect(logs).not.toMatch(cvvValue);
  });

  it('sends to one PSP with one of its MIDs and shows a decline with its details', async () => {
    const res = await post(admin, {
      mode: 'single',
      psp_name: 'northwind_pay',
      single_payment_mid_alias: 'northwind-eu-main',
      deposit: deposit({ credit_card_number: SANDBOX_TEST_CARDS.decline.number }),
    });
    expect(res.status).toBe(200);
    const reply = await readJson(res);
    expect(reply.result).toMatchObject({
      status: 'declined',
      decline_code: 'do_not_honor',
      decline_reason: 'Do not honor',
    });
    expect(reply.exchange.request.path).toBe('/mpi/v2/{api_key}/deposit/credit-card/northwind_pay');
    expect(reply.exchange.request.body.single_payment_mid_alias).toBe('northwind-eu-main');
  });

  it('needs a MID alias only where the PSP has several merchant accounts', async () => {
    const before = calls.createCardDeposit;
    const several = await post(admin, {
      mode: 'single',
      psp_name: 'northwind_pay',
      deposit: deposit(),
    });
    expect(several.status).toBe(422);
    expect((await readJson(several)).errors).toEqual([
      { pointer: '/single_payment_mid_alias', message: 'Choose a merchant account' },
    ]);
    expect(calls.createCardDeposit).toBe(before);

    const one = await post(admin, {
      mode: 'single',
      psp_name: 'harbor_payments',
      deposit: deposit(),
    });
    expect(one.status).toBe(200);
    const reply = await readJson(one);
    expect(reply.result.status).toBe('approved');
    expect(reply.exchange.request.body).not.toHaveProperty('single_payment_mid_alias');
  });

  it('refuses an unknown MID alias and a malformed card number with problems, without calling', async () => {
    const before = calls.createCardDeposit;
    const alias = await post(admin, {
      mode: 'single',
      psp_name: 'northwind_pay',
      single_payment_mid_alias: 'harbor-default',
      deposit: deposit(),
    });
    expect(alias.status).toBe(422);
    expect((await readJson(alias)).errors).toEqual([
      { pointer: '/single_payment_mid_alias', message: expect.any(String) },
    ]);

    const card = await post(admin, {
      mode: 'routed',
      deposit: deposit({ credit_card_number: '4111111111111112' }),
    });
    expect(card.status).toBe(422);
    const problem = await readJson(card);
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/deposit/credit_card_number',
    ]);
    expect(JSON.stringify(problem)).not.toContain('4111111111111112');

    const unknownPsp = await post(admin, {
      mode: 'single',
      psp_name: 'nobody',
      single_payment_mid_alias: 'x',
      deposit: deposit(),
    });
    expect(unknownPsp.status).toBe(422);
    expect((await readJson(unknownPsp)).errors[0].pointer).toBe('/psp_name');
    expect(calls.createCardDeposit).toBe(before);
  });

  it('follows an in_process (3-D Secure) deposit until it is final', async () => {
    const res = await post(admin, {
      mode: 'routed',
      deposit: deposit({ credit_card_number: SANDBOX_TEST_CARDS.threeDSecure.number }),
    });
    const { result } = await readJson(res);
    expect(result).toMatchObject({ status: 'in_process', mpi_url: expect.stringMatching(/^http/) });
    const looked = await readJson(await admin(`/api/lab/deposits/${result.id}`));
    expect(looked).toMatchObject({ id: result.id, status: 'in_process', last_four_digits: '3220' });
    await t.sandbox.settle(result.id);
    const final = await readJson(await admin(`/api/lab/deposits/${result.id}`));
    expect(['approved', 'declined']).toContain(final.status);
    expect((await admin('/api/lab/deposits/no such id')).status).toBe(404);
  });
});
