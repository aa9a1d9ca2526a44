/* eslint-disable @typescript-eslint/no-explicit-any -- the notification variants edit parsed JSON in place */
import type { CardDepositRequest, PayoutRequest } from '@payouts/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrchestratorClient } from '../createOrchestratorClient.js';
import { parseNotification } from '../notifications/parseNotification.js';
import type { OrchestratorCallInfo, OrchestratorExchange } from '../OrchestratorClient.js';
import { standalone } from '../testing/assertNoSecrets.js';
import {
  failure,
  startFakeOrchestrator,
  type FakeOrchestrator,
  type FakeReply,
} from '../testing/startFakeOrchestrator.js';
import {
  DOC_PAYOUT_RECORD,
  recordWith,
  UPSTREAM,
  type UpstreamFixture,
} from '../testing/upstream/upstreamFixtures.js';

/*
 * The orchestrator's documented replies and the conformance review's variants (its section 5),
 * replayed by a scripted server to the real client: each row of that table is a test here, with
 * the behaviour decided for it (decision 039: tolerant reading, strict writing).
 */

const API_KEY = 'replay-key-5d2a91';
const fakes: FakeOrchestrator[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

const reply = (fixture: UpstreamFixture): FakeReply => ({
  status: fixture.status,
  body: fixture.body.replace('<API_KEY>', API_KEY),
  ...(fixture.contentType ? { headers: { 'content-type': fixture.contentType } } : {}),
});
const envelope = (result: string): UpstreamFixture => ({
  source: 'variant',
  status: 200,
  body: `{ "response": { "status": "OK", "code": 200, "message": "OK" }, "result": ${result} }`,
});
const mpi = (result: string): UpstreamFixture => ({
  source: 'variant',
  status: 200,
  body: `{ "response": { "status": "success", "type": null, "code": 200, "message": "OK" }, "result": ${result} }`,
});

/** A client whose every non-login call is answered with `fixture`. */
async function replaying(fixture: UpstreamFixture) {
  const fake = await startFakeOrchestrator(() => reply(fixture));
  fakes.push(fake);
  const calls: OrchestratorCallInfo[] = [];
  const client = createOrchestratorClient({
    baseUrl: fake.url,
    apiKey: API_KEY,
    userName: 'merchant',
    password: 'replay-password',
    timeoutMs: 2000,
    onCall: (info) => calls.push(info),
  });
  return { fake, client, calls };
}

const corridor = { country: 'BE', currency: 'EUR' };
const payout: PayoutRequest = {
  order_id: 'a17331a4',
  provider: 'PspName',
  country: 'BE',
  currency: 'EUR',
  state: null,
  amount: '2723.00',
  payout_method_type: 'bank_account',
  metadata: { bankAccountNumber: 'BE71096123456769', customerFirstName: 'John' },
};
const deposit: CardDepositRequest = {
  cashier_key: 'cashier',
  order_id: 'g173aa11',
  first_name: 'John',
  last_name: 'Smith',
  email: 'john.smith@example.com',
  currency: 'EUR',
  country: 'BE',
  state: null,
  address1: 'Rue 1',
  city: 'Brussels',
  zip_code: '1000',
  amount: '15.10',
  phone: '+3225550100',
  card_holder_name: 'John Smith',
  credit_card_number: '4012888888881881',
  expire_month: 12,
  expire_year: 2034,
  cvv2: '123',
  ddc: {},
};

describe('documented replies, replayed', () => {
  it('metadata, the documented example (fields with name and title only): read', async () => {
    const { client } = await replaying(UPSTREAM.metadata);
    const read = await client.getPayoutProviders(corridor);
    expect(read.providers.map((p) => [p.name, p.payout_method_type])).toEqual([
      ['psp_name1', 'bank_account'],
      ['psp_name2', 'credit_card'],
    ]);
    expect(read.providers[0]?.fields).toEqual([{ name: 'bankCode', title: 'Bank code' }]);
    expect(read.unsupported).toEqual([]);
  });

  it('create, the documented 200 (Pending, a date without a zone): pending, ISO date', async () => {
    const { client } = await replaying(UPSTREAM.createOk);
    expect(await client.createPayout(payout)).toMatchObject({
      id: '3c107b2c',
      transaction_id: '9d4d9cdb',
      amount: '2723',
      status: 'pending',
      status_raw: 'Pending',
      processing_date: '2020-08-04T10:31:20.000Z',
    });
  });

  it('list and check-status, the documented record (BankAccount, Approved, 5 fraction digits)', async () => {
    const listed = await (
      await replaying(UPSTREAM.list)
    ).client.listPayouts({
      merchantOrderId: '676',
    });
    expect(listed.records).toEqual([
      expect.objectContaining({
        id: 'aeea2a03',
        psp_name: 'PspName',
        merchant_order_id: '676',
        payout_method_type: 'bank_account',
        status: 'approved',
        status_raw: 'Approved',
        amount: '4',
        processing_date: '2020-07-30T14:03:48.781Z',
      }),
    ]);
    const checked = await (
      await replaying(UPSTREAM.checkStatus)
    ).client.checkPayoutStatus('ca8bb1d8');
    expect(checked).toMatchObject({ id: 'ca8bb1d8', merchant_order_id: 'e17331a4', amount: '50' });
  });

  it('get deposit at the documented path (/mpi without v2) when so configured', async () => {
    const fake = await startFakeOrchestrator(() => reply(UPSTREAM.mpiGetDeposit));
    fakes.push(fake);
    const client = createOrchestratorClient({
      baseUrl: fake.url,
      apiKey: API_KEY,
      userName: 'merchant',
      password: 'replay-password',
      depositLookupPrefix: '/mpi',
    });
    expect((await client.getDeposit('aeea2a03')).id).toBe('aeea2a03');
    expect(fake.requests.at(-1)?.url).toBe(`/mpi/${API_KEY}/deposit/transaction/aeea2a03`);
  });

  it('get deposit, the documented MPI body ("success", amount "15.1"): read', async () => {
    const { client } = await replaying(UPSTREAM.mpiGetDeposit);
    expect(await client.getDeposit('aeea2a03')).toMatchObject({
      id: 'aeea2a03',
      amount: '15.1',
      status: 'in_process',
      last_four_digits: '1881',
    });
  });

  it('deposit in_process with mpi_url, and approved with mpi_url: both read', async () => {
    const inProcess = mpi(
      '{ "id": "d1", "status": "in_process", "mpi_url": "https://acs.example/3ds" }',
    );
    expect(await (await replaying(inProcess)).client.createCardDeposit(deposit)).toMatchObject({
      status: 'in_process',
      mpi_url: 'https://acs.example/3ds',
    });
    const approved = mpi(
      '{ "id": "d2", "status": "approved", "mpi_url": "https://psp.example/done" }',
    );
    expect(await (await replaying(approved)).client.createCardDeposit(deposit)).toMatchObject({
      status: 'approved',
      mpi_url: 'https://psp.example/done',
    });
  });

  it('a deposit’s exchange, answered or refused as documented: no CVV, the card masked 6+4', async () => {
    const approved = mpi('{ "id": "d2", "status": "approved", "mpi_url": null }');
    for (const fixture of [approved, UPSTREAM.mpiInvalidApiKey]) {
      const seen: OrchestratorExchange[] = [];
      await (
        await replaying(fixture)
      ).client
        .createCardDeposit(deposit, { onExchange: (x) => seen.push(x) })
        .catch(() => undefined);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.httpStatus).toBe(fixture.status);
      expect(seen[0]!.requestBody).not.toHaveProperty('cvv2');
      expect(seen[0]!.requestBody).toMatchObject({ credit_card_number: '401288******1881' });
      const text = JSON.stringify(seen);
      expect(text).not.toMatch(standalone(deposit.cvv2));
      expect(text).not.toContain(deposit.credit_card_number);
      expect(text).not.toContain(API_KEY);
    }
  });

  it('a 400 list with the documented `validaton_error` typo: validation, every issue kept', async () => {
    const { client } = await replaying(UPSTREAM.createValidation);
    const error = await failure(client.createPayout(payout));
    expect(error.kind).toBe('validation');
    expect(error.issues?.map((i) => i.field)).toEqual([
      'metadata.bankAccountName',
      'metadata.email',
    ]);
    expect(error.outcomeUnknown).toBe(false);
  });

  it('401 for an invalid API key (no status, no result): auth, the key never echoed', async () => {
    const { client, calls } = await replaying(UPSTREAM.invalidApiKey);
    const error = await failure(client.listPayouts({ merchantOrderId: '676' }));
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain(API_KEY);
    expect(calls.filter((c) => c.operation === 'login')).toHaveLength(2);
  });

  it('MPI 403 invalid_api_key, a business 400 with result null, a 404 with HTML', async () => {
    const mpiRefused = await failure(
      (await replaying(UPSTREAM.mpiInvalidApiKey)).client.getDeposit('d1'),
    );
    expect(mpiRefused.kind).toBe('auth');
    const business = await failure(
      (await replaying(UPSTREAM.businessRefusal)).client.createPayout(payout),
    );
    expect([business.kind, business.outcomeUnknown]).toEqual(['rejected', false]);
    const html: UpstreamFixture = {
      source: 'variant',
      status: 404,
      contentType: 'text/html',
      body: '<html><body>Not Found</body></html>',
    };
    expect((await failure((await replaying(html)).client.checkPayoutStatus('x'))).kind).toBe(
      'not_found',
    );
  });
});

describe('the review’s variants, replayed', () => {
  it('metadata with an e-wallet entry: that PSP is left out and named, the corridor works', async () => {
    const { client } = await replaying(
      envelope(`{ "providers": [
        { "name": "wallets", "title": "Wallets", "payout_method_type": "ewallet", "fields": [] },
        { "name": "chain", "title": "Chain", "payout_method_type": "crypto_wallet", "fields": [] },
        { "name": "bank", "title": "Bank", "payout_method_type": "bank_account", "fields": [] } ] }`),
    );
    const read = await client.getPayoutProviders(corridor);
    expect(read.providers.map((p) => [p.name, p.payout_method_type])).toEqual([
      ['chain', 'crypto'],
      ['bank', 'bank_account'],
    ]);
    expect(read.unsupported).toEqual([
      {
        name: 'wallets',
        title: 'Wallets',
        payout_method_type: 'ewallet',
        reason: 'type not supported: ewallet',
      },
    ]);
  });

  it('metadata whose fields are strings: that entry is left out, with why', async () => {
    const { client } = await replaying(
      envelope(`{ "providers": [
        { "name": "odd", "title": "Odd", "payout_method_type": "bank_account", "fields": ["iban"] },
        { "name": "bank", "title": "Bank", "payout_method_type": "bank_account", "fields": [] } ] }`),
    );
    const read = await client.getPayoutProviders(corridor);
    expect(read.providers.map((p) => p.name)).toEqual(['bank']);
    expect(read.unsupported[0]).toMatchObject({
      name: 'odd',
      reason: expect.stringMatching(/fields\[0\]/),
    });
  });

  it.each(['Cancelled', 'Voided', 'ApprovedOnHold', 'Refunded', 'Failed', 'Error', 'Processing'])(
    'check-status with status %s: unrecognized, the raw value kept, never a guess',
    async (status) => {
      const { client } = await replaying(envelope(recordWith({ status })));
      expect(await client.checkPayoutStatus('aeea2a03')).toMatchObject({
        status: 'unrecognized',
        status_raw: status,
      });
    },
  );

  it('a record with type EWallet or null, or psp_name null: read, those fields null', async () => {
    for (const fields of [
      { payout_method_type: 'EWallet' },
      { payout_method_type: null },
      { psp_name: null },
    ]) {
      const { client } = await replaying(envelope(recordWith(fields)));
      const record = await client.checkPayoutStatus('aeea2a03');
      expect(record.status).toBe('approved');
      if ('psp_name' in fields) expect(record.psp_name).toBeNull();
      else expect(record.payout_method_type).toBeNull();
    }
  });

  it('a list with one Cancelled record among good ones: every record read', async () => {
    const { client } = await replaying(
      envelope(`{ "next_page_cursor": null, "records": [ ${DOC_PAYOUT_RECORD},
        ${recordWith({ id: 'c2', merchant_order_id: '677', status: 'Cancelled' })},
        { "merchant_order_id": "678", "status": 7 } ] }`),
    );
    const page = await client.listPayouts({});
    expect(page.records.map((r) => [r.merchant_order_id, r.status])).toEqual([
      ['676', 'approved'],
      ['677', 'unrecognized'],
    ]);
    expect(page.unreadable).toEqual([
      { index: 2, merchant_order_id: '678', problem: expect.any(String) },
    ]);
  });

  it('create 200 with status Failed, or without amount and currency: created, nothing guessed', async () => {
    const failed = await (
      await replaying(
        envelope('{ "id": "p9", "amount": 10, "currency": "EUR", "status": "Failed" }'),
      )
    ).client.createPayout(payout);
    expect(failed).toMatchObject({ id: 'p9', status: 'unrecognized', status_raw: 'Failed' });
    const bare = await (
      await replaying(envelope('{ "id": "p10", "status": "Pending" }'))
    ).client.createPayout(payout);
    expect(bare).toMatchObject({ id: 'p10', status: 'pending', amount: null, currency: null });
  });

  it('a re-send refused with the usual 400 list: validation (the BFF reads it as "may exist")', async () => {
    const refused: UpstreamFixture = {
      source: 'variant',
      status: 400,
      body: `{ "response": { "status": "BadRequest", "code": 400, "message": "400" }, "result": [
        { "type": "validation_error", "field": "order_id", "message": "Order id already exists" } ] }`,
    };
    const error = await failure((await replaying(refused)).client.createPayout(payout));
    // payoutChanges.resendRefused and fourEyesAndReconciler cover what the BFF does with it.
    expect([error.kind, error.outcomeUnknown]).toEqual(['validation', false]);
  });

  it('fingerprint as JSON {url}, JSON null and text/html', async () => {
    const query = { country: 'BE', currency: 'EUR', cardBin: '40128888' };
    const url = envelope('{ "url": "https://collector.example/ddc" }');
    expect((await failure((await replaying(url)).client.getFingerprint(query))).kind).toBe(
      'protocol',
    );
    expect(await (await replaying(envelope('null'))).client.getFingerprint(query)).toEqual({
      html: '',
    });
    const html: UpstreamFixture = {
      source: 'variant',
      status: 200,
      contentType: 'text/html',
      body: '<script>parent.postMessage({fingerprint:{}}, "*")</script>',
    };
    expect((await (await replaying(html)).client.getFingerprint(query)).html).toContain('script');
  });

  it('a declined deposit without an id, a deposit status pending: protocol, outcome unknown', async () => {
    for (const result of [
      '{ "status": "declined", "mpi_url": null }',
      '{ "id": "d3", "status": "pending", "mpi_url": null }',
    ]) {
      const error = await failure((await replaying(mpi(result))).client.createCardDeposit(deposit));
      expect([error.kind, error.outcomeUnknown]).toEqual(['protocol', true]);
    }
  });
});

describe('documented notifications, and sparse ones', () => {
  it('the documented approved deposit, and a payout: read', () => {
    const read = parseNotification(UPSTREAM.notificationDeposit.body);
    expect(read.data.charge).toMatchObject({
      id: '8ac7ad8f',
      operation_type: 'deposit',
      attributes: { amount: '22.96', status: 'approved', updated_at: 0 },
    });
    const asPayout = parseNotification(
      UPSTREAM.notificationDeposit.body.replace(
        '"operation_type": "deposit"',
        '"operation_type": "payout"',
      ),
    );
    expect(asPayout.data.charge?.operation_type).toBe('payout');
  });

  it.each([
    ['psp_name null', (n: Record<string, any>) => (n.data.psp_name = null)],
    ['no operation_type', (n: Record<string, any>) => delete n.data.charge.operation_type],
    ['updated_at null', (n: Record<string, any>) => (n.data.charge.attributes.updated_at = null)],
    ['amount null', (n: Record<string, any>) => (n.data.charge.attributes.amount = null)],
    ['charge.id null', (n: Record<string, any>) => (n.data.charge.id = null)],
    ['no meta.api_version', (n: Record<string, any>) => delete n.meta.api_version],
  ])('%s: read, that field null (never refused)', (_label, change) => {
    const body = JSON.parse(UPSTREAM.notificationDeposit.body) as Record<string, any>;
    change(body);
    const read = parseNotification(JSON.stringify(body));
    expect(read.data.order_id).toBe('640790367');
    expect(read.data.charge?.attributes.status).toBe('approved');
  });
});
