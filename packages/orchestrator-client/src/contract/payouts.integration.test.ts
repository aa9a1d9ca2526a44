import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT, leakedSecrets } from '../testing/assertNoSecrets.js';
import {
  bankPayout,
  cardPayout,
  ethPayout,
  orderId,
  startSandboxFixture,
  type SandboxFixture,
} from '../testing/sandboxFixture.js';

/*
 * Contract tests: the client against a live sandbox over HTTP, for the payout endpoints and
 * every status path. The sandbox clock is ours, so check-status can be moved along in time.
 */

const SETTLE_MS = 60_000;
let clock = Date.parse('2030-03-01T09:00:00Z');
let f: SandboxFixture;

beforeAll(async () => {
  f = await startSandboxFixture({ settleAfterMs: SETTLE_MS, now: () => new Date(clock) });
});
afterAll(async () => {
  await f.close();
});

describe('getPayoutProviders', () => {
  it('lists the (PSP, type) pairs of a corridor, with field names and titles', async () => {
    const { providers } = await f.client.getPayoutProviders({ country: 'BE', currency: 'EUR' });
    expect(providers.map((p) => [p.name, p.payout_method_type]).sort()).toEqual([
      ['northwind_pay', 'bank_account'],
      ['northwind_pay', 'credit_card'],
    ]);
    const bank = providers.find((p) => p.payout_method_type === 'bank_account');
    expect(bank?.title).toBe('Northwind Pay');
    expect(bank?.fields).toContainEqual({ name: 'bankAccountNumber', title: 'IBAN' });
  });

  it('keeps the optional field hints a PSP sends', async () => {
    const { providers } = await f.client.getPayoutProviders({ country: 'JP', currency: 'JPY' });
    const bank = providers.find(
      (p) => p.name === 'meridian_transfers' && p.payout_method_type === 'bank_account',
    );
    expect(bank?.fields).toContainEqual({
      name: 'bankAccountNumber',
      title: 'Account number',
      type: 'string',
      pattern: '^[0-9]{6,17}$',
      min_length: 6,
      max_length: 17,
    });
    expect(bank?.fields.find((x) => x.name === 'bankAccountType')?.options).toEqual([
      { value: 'checking', title: 'Checking' },
      { value: 'savings', title: 'Savings' },
    ]);
  });

  it('silently leaves out a PSP whose payouts are switched off', async () => {
    expect(await f.client.getPayoutProviders({ country: 'MX', currency: 'MXN' })).toEqual({
      providers: [],
      unsupported: [],
    });
  });

  it('maps bad query parameters to a validation error with the field list', async () => {
    const err = await f.fail(f.client.getPayoutProviders({ country: 'germany', currency: 'EUR' }));
    expect(err.kind).toBe('validation');
    expect(err.issues?.map((i) => i.field)).toEqual(['country']);
  });
});

describe('createPayout and the payout records', () => {
  it('creates a bank payout: pending, then approved, normalized all the way', async () => {
    const request = bankPayout({ amount: '125.40' });
    const created = await f.client.createPayout(request);
    expect(created).toMatchObject({
      amount: '125.4',
      currency: 'EUR',
      status: 'pending',
      status_raw: 'Pending',
      payout_method: 'bank_account',
      failure_code: null,
      processing_date: new Date(clock).toISOString(),
    });
    expect(created.id).not.toBe('');

    const record = await f.client.getPayout(created.id);
    expect(record).toMatchObject({
      id: created.id,
      transaction_id: created.transaction_id,
      psp_name: 'northwind_pay',
      merchant_order_id: request.order_id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      country: 'DE',
      state: null,
      amount: '125.4',
      payout_method_type: 'bank_account',
      status: 'pending',
      status_raw: 'Pending',
      decline_code: null,
      processing_date: new Date(clock).toISOString(),
      processing_date_timestamp: Math.floor(clock / 1000),
    });
    expect(record.psp_response_json).toMatchObject({ psp_status: 'PENDING' });

    await f.sandbox.settle(created.id);
    const settled = await f.client.checkPayoutStatus(created.id);
    expect(settled.status).toBe('approved');
    expect(settled.status_raw).toBe('Approved');
  });

  it('starts a card payout in_process (sent as "InProcess")', async () => {
    const created = await f.client.createPayout(cardPayout());
    expect(created.status).toBe('in_process');
    expect(created.status_raw).toBe('InProcess');
    const record = await f.client.getPayout(created.id);
    expect(record.payout_method_type).toBe('credit_card');
    expect(record.status).toBe('in_process');
  });

  it('moves pending -> authorized -> approved as check-status asks the PSP over time', async () => {
    const created = await f.client.createPayout(bankPayout({ amount: '10.12' }));
    expect((await f.client.checkPayoutStatus(created.id)).status).toBe('pending');
    clock += SETTLE_MS;
    expect((await f.client.checkPayoutStatus(created.id)).status).toBe('authorized');
    // The stored record may lag behind check-status, never the other way round.
    expect(['authorized', 'pending']).toContain((await f.client.getPayout(created.id)).status);
    clock += SETTLE_MS;
    const approved = await f.client.checkPayoutStatus(created.id);
    expect(approved.status).toBe('approved');
    expect(approved.status_raw).toBe('Approved');
  });

  it('reports a decline with its code and reason', async () => {
    const created = await f.client.createPayout(bankPayout({ amount: '10.13' }));
    await f.sandbox.settle(created.id);
    const record = await f.client.checkPayoutStatus(created.id);
    expect(record).toMatchObject({
      status: 'declined',
      status_raw: 'Declined',
      decline_code: 'account_closed',
      decline_reason: 'The beneficiary account is closed',
    });
  });

  it('reports a declined card payout (test card) with its code', async () => {
    const created = await f.client.createPayout(
      cardPayout({ metadata: { ...cardPayout().metadata, creditCardNumber: '4000000000000002' } }),
    );
    await f.sandbox.settle(created.id);
    expect(await f.client.getPayout(created.id)).toMatchObject({
      status: 'declined',
      decline_code: 'do_not_honor',
    });
  });

  it('reads an approval the create reply already carries', async () => {
    const created = await f.client.createPayout(bankPayout({ amount: '10.19' }));
    expect(created.status).toBe('approved');
    expect(created.status_raw).toBe('Approved');
  });

  it('sends integer metadata as JSON numbers (expiry month/year are accepted)', async () => {
    const created = await f.client.createPayout(cardPayout());
    const stored = f.sandbox.inspect.payouts().find((p) => p.id === created.id);
    expect(typeof stored?.metadata.expiryMonth).toBe('number');
    expect(stored?.metadata.expiryMonth).toBe(12);
  });

  it('keeps 18 fraction digits through create, get and list', async () => {
    const request = ethPayout({ amount: '1.000000000000000001' });
    const created = await f.client.createPayout(request);
    expect(created.amount).toBe('1.000000000000000001');
    expect((await f.client.getPayout(created.id)).amount).toBe('1.000000000000000001');
    const page = await f.client.listPayouts({ merchantOrderId: request.order_id });
    expect(page.records.map((r) => r.amount)).toEqual(['1.000000000000000001']);
    expect(page.records[0]?.payout_method_type).toBe('crypto');
  });
});

describe('listPayouts', () => {
  it('filters by order id, PSP and status, sorts and pages', async () => {
    const tag = orderId('list');
    const ids: string[] = [];
    for (const [i, amount] of ['20.01', '20.02', '20.03'].entries()) {
      clock += 1000;
      ids.push((await f.client.createPayout(bankPayout({ order_id: `${tag}-${i}`, amount }))).id);
    }
    await f.sandbox.settle(ids[1]);

    const one = await f.client.listPayouts({ merchantOrderId: `${tag}-0` });
    expect(one.records.map((r) => r.id)).toEqual([ids[0]]);
    expect(one.nextPageCursor).toBeNull();

    const asc = await f.client.listPayouts({
      pspName: 'northwind_pay',
      from: Math.floor(clock / 1000) - 2,
      sortField: 'processing_date',
      sortDir: 'asc',
    });
    expect(asc.records.map((r) => r.id)).toEqual(ids);

    const desc = await f.client.listPayouts({
      from: Math.floor(clock / 1000) - 2,
      to: Math.floor(clock / 1000),
      sortDir: 'desc',
      limit: 2,
      page: 1,
    });
    expect(desc.records.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await f.client.listPayouts({
      from: Math.floor(clock / 1000) - 2,
      sortDir: 'desc',
      limit: 2,
      page: 2,
    });
    expect(second.records.map((r) => r.id)).toEqual([ids[0]]);

    const approved = await f.client.listPayouts({
      status: 'approved',
      from: Math.floor(clock / 1000) - 2,
    });
    expect(approved.records.map((r) => r.id)).toEqual([ids[1]]);
    expect(approved.records[0]?.status_raw).toBe('Approved');
  });

  it('maps a bad filter to validation', async () => {
    const err = await f.fail(f.client.listPayouts({ limit: 0 }));
    expect(err.kind).toBe('validation');
    expect(err.issues?.[0]?.field).toBe('limit');
  });
});

describe('payout errors', () => {
  it('returns the validation list with fields', async () => {
    const request = bankPayout();
    const { email: _email, ...metadata } = request.metadata;
    const err = await f.fail(
      f.client.createPayout({ ...request, metadata: { ...metadata, bankAccountName: '' } }),
    );
    expect(err.kind).toBe('validation');
    expect(err.httpStatus).toBe(400);
    expect(err.outcomeUnknown).toBe(false);
    expect(err.issues).toEqual([
      { type: 'validation_error', field: 'metadata.bankAccountName', message: expect.any(String) },
      { type: 'validation_error', field: 'metadata.email', message: expect.any(String) },
    ]);
  });

  it('accepts the real misspelling "validaton_error" (quirk)', async () => {
    const err = await f.fail(
      f.client.createPayout(
        cardPayout({ metadata: { ...cardPayout().metadata, email: 'not-an-email' } }),
      ),
    );
    expect(err.kind).toBe('validation');
    expect(err.issues).toEqual([
      { type: 'validaton_error', field: 'metadata.email', message: expect.any(String) },
    ]);
  });

  it('maps a business-rule refusal (400, result null) to rejected with the reason', async () => {
    const request = bankPayout({ amount: '10.18' });
    const err = await f.fail(f.client.createPayout(request));
    expect(err.kind).toBe('rejected');
    expect(err.httpStatus).toBe(400);
    expect(err.outcomeUnknown).toBe(false);
    expect(err.upstreamMessage).toBe('Amount exceeds the per-payout limit configured for this PSP');
    expect(err.issues).toBeUndefined();
    expect((await f.client.listPayouts({ merchantOrderId: request.order_id })).records).toEqual([]);
  });

  it('maps a duplicate order_id to conflict and creates no second payout', async () => {
    const request = bankPayout();
    await f.client.createPayout(request);
    const err = await f.fail(f.client.createPayout({ ...request, amount: '99.99' }));
    expect(err.kind).toBe('conflict');
    expect(err.httpStatus).toBe(409);
    expect(err.outcomeUnknown).toBe(false);
    expect(f.sandbox.inspect.payouts().filter((p) => p.order_id === request.order_id)).toHaveLength(
      1,
    );
  });

  it('maps unknown ids to not_found', async () => {
    expect((await f.fail(f.client.getPayout('no-such-payout'))).kind).toBe('not_found');
    const err = await f.fail(f.client.checkPayoutStatus('no-such-payout'));
    expect(err.kind).toBe('not_found');
    expect(err.httpStatus).toBe(404);
  });

  it('says the outcome is unknown after a 500 on create, even when nothing was created', async () => {
    const request = bankPayout({ amount: '10.16' });
    const err = await f.fail(f.client.createPayout(request));
    expect(err.kind).toBe('unavailable');
    expect(err.httpStatus).toBe(500);
    expect(err.outcomeUnknown).toBe(true);
    expect((await f.client.listPayouts({ merchantOrderId: request.order_id })).records).toEqual([]);
  });

  it('says the outcome is unknown after a 500 that followed the commit; reconciling finds the payout', async () => {
    const request = bankPayout({ amount: '10.17' });
    const err = await f.fail(f.client.createPayout(request));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(true);
    const found = await f.client.listPayouts({ merchantOrderId: request.order_id });
    expect(found.records).toHaveLength(1);
    expect(
      f.sandbox.inspect.createCalls().filter((c) => c.order_id === request.order_id),
    ).toHaveLength(1);
  });

  it('times out on a create whose reply never comes, and never re-sends it', async () => {
    const request = bankPayout({ amount: '10.15' });
    const started = Date.now();
    const err = await f.fail(f.client.createPayout(request, { timeoutMs: 300 }));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(err.httpStatus).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(
      f.sandbox.inspect.createCalls().filter((c) => c.order_id === request.order_id),
    ).toHaveLength(1);
    expect(
      (await f.client.listPayouts({ merchantOrderId: request.order_id })).records,
    ).toHaveLength(1);
  });

  it('leaks no secret in any error produced above', () => {
    expect(f.errors.length).toBeGreaterThanOrEqual(10);
    const { apiKey, password } = f.sandbox.credentials;
    expect(
      leakedSecrets(f.errors, [apiKey, password, JWT, '4111111111111111', '4000000000000002']),
    ).toEqual([]);
  });
});
