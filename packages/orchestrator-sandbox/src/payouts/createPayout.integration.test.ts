/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, asserted field by field */
import { afterEach, describe, expect, it } from 'vitest';
import {
  bankPayout,
  cardPayout,
  ethPayoutJson,
  startSandbox,
  type Harness,
} from '../testing/sandboxHarness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

const NOW = new Date('2031-06-15T10:20:30Z');

describe('POST /payouts: success', () => {
  it('answers 200 with the create result, capitalised status and the "YYYY-MM-DD HH:MM:SS" date', async () => {
    h = await startSandbox({ now: () => NOW });
    for (const version of ['v1', 'v2']) {
      const body = bankPayout();
      const reply = await h.call('POST', h.payouts('', version), body);
      expect(reply.status).toBe(200);
      expect(reply.json.response).toEqual({ status: 'OK', code: 200, message: 'OK' });
      expect(reply.json.result).toMatchObject({
        amount: 125.5,
        currency: 'USD',
        status: 'Pending',
        processing_date: '2031-06-15 10:20:30',
        payout_method: 'bank_account',
        failure_code: null,
        merchant_order_id: body.order_id,
      });
      expect(reply.json.result.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.json.result.transaction_id).toMatch(/^HAR-\d{12}$/);
    }
  });

  it('starts card payouts in_process ("InProcess") and keeps no full card number', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call('POST', h.payouts(), cardPayout(NOW));
    expect(reply.status).toBe(200);
    expect(reply.json.result.status).toBe('InProcess');
    const [stored] = h.sandbox.inspect.payouts();
    expect(stored?.status).toBe('in_process');
    expect(stored?.metadata.creditCardNumber).toBe('411111******1111');
    expect(JSON.stringify(h.sandbox.inspect.payouts())).not.toContain('4111111111111111');
  });

  it('accepts the display title as provider, as the real service does', async () => {
    h = await startSandbox();
    const reply = await h.call('POST', h.payouts(), bankPayout({ provider: 'Harbor Payments' }));
    expect(reply.status).toBe(200);
    expect(h.sandbox.inspect.payouts()[0]?.psp_name).toBe('harbor_payments');
  });

  it('keeps an 18-digit ETH amount digit for digit, in and out', async () => {
    h = await startSandbox();
    const amount = '0.123456789012345678';
    const created = await h.call('POST', h.payouts(), undefined, {
      raw: ethPayoutJson('eth-1', amount),
    });
    expect(created.status).toBe(200);
    expect(created.text).toContain(`"amount":${amount},`);
    expect(h.sandbox.inspect.payouts()[0]?.amount).toBe(amount);
    const record = await h.call('GET', h.payouts(`/${created.json.result.id}`));
    expect(record.text).toContain(`"amount":${amount},`);
    const list = await h.call('GET', h.payouts('?merchantOrderId=eth-1'));
    expect(list.text).toContain(`"amount":${amount},`);
  });

  it('reads exponent notation exactly', async () => {
    h = await startSandbox();
    const created = await h.call('POST', h.payouts(), undefined, {
      raw: ethPayoutJson('eth-2', '2.5e-17'),
    });
    expect(created.status).toBe(200);
    expect(created.text).toContain('"amount":0.000000000000000025,');
  });
});

describe('POST /payouts: validation', () => {
  it('collects every issue in the 400 list, in body order', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call('POST', h.payouts(), {
      order_id: '',
      provider: 'harbor_payments',
      country: 'US',
      currency: 'USD',
      amount: '10.00',
      payout_method_type: 'bank_account',
      metadata: { bankName: 'Chase', email: 'not-an-email', phone: '555-1234', iban: 'x' },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.response).toEqual({ status: 'BadRequest', code: 400, message: '400' });
    const fields = reply.json.result.map((i: any) => i.field);
    expect(fields).toEqual([
      'order_id',
      'state',
      'amount',
      'metadata.bankCode',
      'metadata.bankBranch',
      'metadata.bankAddress',
      'metadata.bankZipcode',
      'metadata.bankRoutingNumber',
      'metadata.bankAccountNumber',
      'metadata.bankAccountName',
      'metadata.phone',
      'metadata.customerFirstName',
      'metadata.customerLastName',
      'metadata.email',
      'metadata.iban',
    ]);
    expect(reply.json.result).toContainEqual({
      type: 'validation_error',
      field: 'metadata.email',
      message: 'Email is invalid',
    });
    expect(reply.json.result).toContainEqual({
      type: 'validation_error',
      field: 'amount',
      message: 'amount must be a JSON number',
    });
    expect(h.sandbox.inspect.payouts()).toEqual([]);
    expect(h.sandbox.inspect.createCalls()[0]).toMatchObject({
      outcome: 'validation',
      order_id: '',
    });
  });

  it('spells the issue type "validaton_error" for Lumen Cards, like the real service sometimes does', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call(
      'POST',
      h.payouts(),
      cardPayout(NOW, {}, { creditCardNumber: '4111111111111112', expiryMonth: 13 }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.result).toEqual([
      {
        type: 'validaton_error',
        field: 'metadata.creditCardNumber',
        message: 'Card number is invalid',
      },
      {
        type: 'validaton_error',
        field: 'metadata.expiryMonth',
        message: 'Expiry month must be between 1 and 12',
      },
    ]);
  });

  it.each([
    [{ state: null }, 'state', 'state is required for US'],
    [{ state: 'XX' }, 'state', 'state must be a valid US state or province code'],
    [
      { country: 'DE', currency: 'EUR', state: 'BY', provider: 'northwind_pay' },
      'state',
      'state must be null for DE',
    ],
    [{ amount: 0 }, 'amount', 'amount must be greater than 0'],
    [{ amount: -5 }, 'amount', 'amount must be greater than 0'],
    [{ amount: 10.123 }, 'amount', 'amount must have at most 2 decimal places for USD'],
    [{ order_id: 'x'.repeat(65) }, 'order_id', 'order_id must be at most 64 characters'],
    [
      { payout_method_type: 'wire' },
      'payout_method_type',
      'payout_method_type must be one of credit_card, bank_account, crypto',
    ],
    [{ provider: 'nobody' }, 'provider', 'Unknown provider "nobody"'],
    [
      { provider: 'atlas_remit' },
      'provider',
      'Atlas Remit does not offer bank_account payouts for US/USD',
    ],
    [
      { provider: 'lumen_cards' },
      'provider',
      'Lumen Cards does not offer bank_account payouts for US/USD',
    ],
    [
      { country: 'MX', currency: 'MXN', state: null },
      'currency',
      'No payout provider serves MX/MXN',
    ],
    [{ currency: 'XYZ' }, 'currency', 'currency is not a supported currency code'],
    [{ country: 'U' }, 'country', 'country must be an upper-case ISO 3166-1 alpha-2 code'],
    [{ metadata: 'none' }, 'metadata', 'metadata must be an object'],
  ])('refuses %j on %s', async (override, field, message) => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call('POST', h.payouts(), bankPayout(override));
    expect(reply.status).toBe(400);
    // Lumen Cards spells the type "validaton_error"; the field and message are what matter here.
    expect(reply.json.result).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('takes whole amounts only for 0-decimal currencies (JPY)', async () => {
    h = await startSandbox();
    const base = {
      provider: 'meridian_transfers',
      country: 'JP',
      currency: 'JPY',
      state: null,
      payout_method_type: 'bank_account',
      metadata: {
        bankName: 'MUFG',
        bankRoutingNumber: '0005',
        bankAccountNumber: '1234567',
        bankAccountType: 'savings',
        bankAccountName: 'Yamada Taro',
        customerFirstName: 'Taro',
        customerLastName: 'Yamada',
        email: 'taro@example.jp',
      },
    };
    const ok = await h.call('POST', h.payouts(), { ...base, order_id: 'jp-1', amount: 15000 });
    expect(ok.status).toBe(200);
    const trailingZero = await h.call('POST', h.payouts(), undefined, {
      raw: JSON.stringify({ ...base, order_id: 'jp-2', amount: 0 }).replace(
        '"amount":0',
        '"amount":15000.0',
      ),
    });
    expect(trailingZero.status).toBe(200);
    const bad = await h.call('POST', h.payouts(), { ...base, order_id: 'jp-3', amount: 150.5 });
    expect(bad.json.result).toContainEqual({
      type: 'validation_error',
      field: 'amount',
      message: 'amount must be a whole number for JPY',
    });
  });

  it('honours field hints: optional fields, patterns, lengths and options', async () => {
    h = await startSandbox();
    const base = {
      order_id: 'm-1',
      provider: 'meridian_transfers',
      country: 'US',
      currency: 'USD',
      state: 'TX',
      amount: 75,
      payout_method_type: 'bank_account',
    };
    const metadata = {
      bankName: 'Frost Bank',
      bankRoutingNumber: '114000093',
      bankAccountNumber: '12345678',
      bankAccountType: 'checking',
      bankAccountName: 'Ada Lovelace',
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
    };
    // bankBranch and phone are `required: false`: absent is fine.
    const ok = await h.call('POST', h.payouts(), { ...base, metadata });
    expect(ok.status).toBe(200);
    const bad = await h.call('POST', h.payouts(), {
      ...base,
      order_id: 'm-2',
      metadata: {
        ...metadata,
        bankName: 'X',
        bankAccountNumber: '12ab',
        bankAccountType: 'brokerage',
        phone: '12345',
      },
    });
    expect(bad.json.result).toEqual([
      {
        type: 'validation_error',
        field: 'metadata.bankName',
        message: 'Bank name must be at least 2 characters',
      },
      {
        type: 'validation_error',
        field: 'metadata.bankAccountNumber',
        message: 'Account number must be at least 6 characters',
      },
      {
        type: 'validation_error',
        field: 'metadata.bankAccountType',
        message: 'Account type must be one of checking, savings',
      },
      {
        type: 'validation_error',
        field: 'metadata.phone',
        message: 'Phone must be an international phone number in E.164 format, e.g. +14155552671',
      },
    ]);
  });

  it('checks card expiry against the sandbox clock and lets the card token be empty or absent', async () => {
    h = await startSandbox({ now: () => NOW });
    const past = await h.call('POST', h.payouts(), cardPayout(NOW, {}, { expiryYear: 2030 }));
    expect(past.json.result).toContainEqual({
      type: 'validaton_error',
      field: 'metadata.expiryYear',
      message: 'Expiry year must be between 2031 and 2051',
    });
    const stringMonth = await h.call(
      'POST',
      h.payouts(),
      cardPayout(NOW, {}, { expiryMonth: '12' }),
    );
    expect(stringMonth.json.result).toContainEqual({
      type: 'validaton_error',
      field: 'metadata.expiryMonth',
      message: 'Expiry month must be an integer',
    });
    const { creditCardToken: _omit, ...withoutToken } = cardPayout(NOW).metadata as Record<
      string,
      unknown
    >;
    const noToken = await h.call('POST', h.payouts(), {
      ...cardPayout(NOW),
      metadata: withoutToken,
    });
    expect(noToken.status).toBe(200);
  });

  it('checks wallet addresses for the currency', async () => {
    h = await startSandbox();
    const raw = ethPayoutJson('w-1', '1').replace(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    const reply = await h.call('POST', h.payouts(), undefined, { raw });
    expect(reply.json.result).toEqual([
      {
        type: 'validation_error',
        field: 'metadata.walletAddress',
        message: 'Wallet address is not a valid ETH address',
      },
    ]);
  });

  it('answers a malformed body with a 400 envelope', async () => {
    h = await startSandbox();
    const reply = await h.call('POST', h.payouts(), undefined, { raw: '{"order_id": "x",' });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      response: { status: 'BadRequest', code: 400, message: 'Malformed JSON body' },
      result: null,
    });
    expect(h.sandbox.inspect.createCalls()).toMatchObject([
      { outcome: 'validation', order_id: null },
    ]);
  });
});

describe('POST /payouts: duplicates and refusals', () => {
  it('answers 409 for a reused order_id and creates no second payout', async () => {
    h = await startSandbox();
    const body = bankPayout({ order_id: 'dup-1' });
    expect((await h.call('POST', h.payouts(), body)).status).toBe(200);
    const again = await h.call('POST', h.payouts('', 'v1'), { ...body, amount: 99 });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      response: { status: 'Conflict', code: 409, message: 'order_id already used' },
      result: null,
    });
    expect(h.sandbox.inspect.payouts()).toHaveLength(1);
    expect(h.sandbox.inspect.createCalls().map((c) => c.outcome)).toEqual(['created', 'duplicate']);
  });

  it('creates exactly one payout out of 20 concurrent identical requests', async () => {
    h = await startSandbox();
    const body = bankPayout({ order_id: 'race-1' });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => h.call('POST', h.payouts(), body)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
    expect(h.sandbox.inspect.payouts()).toHaveLength(1);
    const outcomes = h.sandbox.inspect.createCalls().map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
  });

  it('refuses a business rule (magic .18) with 400, result null and the reason, creating nothing', async () => {
    h = await startSandbox();
    const reply = await h.call(
      'POST',
      h.payouts(),
      bankPayout({ order_id: 'big-1', amount: 10.18 }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      response: {
        status: 'BadRequest',
        code: 400,
        message: 'Amount exceeds the per-payout limit configured for this PSP',
      },
      result: null,
    });
    expect(h.sandbox.inspect.payouts()).toEqual([]);
    expect(h.sandbox.inspect.createCalls()[0]?.outcome).toBe('rejected');
    // Nothing was created, so the order id is still free.
    expect((await h.call('POST', h.payouts(), bankPayout({ order_id: 'big-1' }))).status).toBe(200);
  });

  it('switches magic amounts off on request', async () => {
    h = await startSandbox({ magicAmounts: false });
    const reply = await h.call('POST', h.payouts(), bankPayout({ amount: 10.18 }));
    expect(reply.status).toBe(200);
  });
});
