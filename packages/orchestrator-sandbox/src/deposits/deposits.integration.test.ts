/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, asserted field by field */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  depositBody,
  startReceiver,
  startSandbox,
  toReply,
  type Harness,
  type Receiver,
} from '../testing/sandboxHarness.js';

let h: Harness;
let receiver: Receiver | undefined;
afterEach(async () => {
  await h.close();
  await receiver?.close();
  receiver = undefined;
});

const NOW = new Date('2031-06-15T10:00:00Z');
const MPI_OK = { status: 'success', type: null, code: 200, message: 'OK' };

/** Runs the page's script with a fake browser and returns what it posted to its parent. */
function runFingerprintScript(html: string): { message: any; targetOrigin: string } {
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no script in the page');
  const posted: { message: any; targetOrigin: string }[] = [];
  const window = {
    navigator: {
      userAgent: 'Test/1.0',
      language: 'en',
      languages: ['en'],
      platform: 'x',
      hardwareConcurrency: 4,
    },
    screen: { width: 1280, height: 800, colorDepth: 24 },
    parent: {
      postMessage: (message: unknown, targetOrigin: string) =>
        posted.push({ message, targetOrigin }),
    },
  };
  runInNewContext(script, { window, Intl, Math, Date });
  expect(posted).toHaveLength(1);
  return posted[0]!;
}

describe('GET /mpi/v2/{key}/fingerprint', () => {
  it('serves an HTML page that posts { fingerprint: { <psp>: data } } to its parent, for a PSP that needs one', async () => {
    h = await startSandbox();
    for (const path of [
      h.mpi('/fingerprint'),
      `/mpi/${h.sandbox.credentials.apiKey}/fingerprint`,
    ]) {
      const reply = await h.call('GET', `${path}?country=DE&currency=EUR&cardBin=411111`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).not.toMatch(/cookie|localStorage|sessionStorage/);
      const { message, targetOrigin } = runFingerprintScript(reply.text);
      expect(targetOrigin).toBe('*');
      expect(Object.keys(message.fingerprint)).toEqual(['northwind_pay']);
      expect(message.fingerprint.northwind_pay).toMatch(/^sbx1\.[0-9a-f]+\.[0-9a-z]+$/);
    }
  });

  it('answers an empty body when the PSP that would take the card needs no fingerprint', async () => {
    h = await startSandbox();
    // Mastercard in DE/EUR routes to Harbor, which needs no device data; so does anything in the US.
    for (const query of [
      'country=DE&currency=EUR&cardBin=555555',
      'country=US&currency=USD&cardBin=411111',
    ]) {
      const reply = await h.call('GET', h.mpi(`/fingerprint?${query}`));
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).toBe('');
    }
  });

  it('answers 400 in the MPI shape for missing parameters or a card nobody takes', async () => {
    h = await startSandbox();
    const missing = await h.call('GET', h.mpi('/fingerprint?country=DE'));
    expect(missing.status).toBe(400);
    expect(missing.json.response).toEqual({
      status: 'error',
      type: 'validation_error',
      code: 400,
      message: 'Validation failed',
    });
    expect(missing.json.result.map((i: any) => i.field)).toEqual(['currency', 'cardBin']);
    const noRoute = await h.call(
      'GET',
      h.mpi('/fingerprint?country=JP&currency=JPY&cardBin=411111'),
    );
    expect(noRoute.status).toBe(400);
    expect(noRoute.json.response.type).toBe('no_route');
  });
});

describe('POST /mpi/v2/{key}/deposit/credit-card (routed)', () => {
  it('approves the approve test card and looks it up in the section-6 shape (amount as a string)', async () => {
    receiver = await startReceiver();
    h = await startSandbox({ now: () => NOW, notifyUrl: receiver.url });
    const body = depositBody(NOW, { order_id: 'dep-ok', amount: 49.9 });
    const reply = await h.call('POST', h.mpi('/deposit/credit-card'), body);
    expect(reply.status).toBe(200);
    expect(reply.json.response).toEqual(MPI_OK);
    expect(reply.json.result).toEqual({
      id: expect.any(String),
      status: 'approved',
      mpi_url: null,
      decline_code: null,
      decline_reason: null,
    });
    const lookup = await h.call(
      'GET',
      `/mpi/${h.sandbox.credentials.apiKey}/deposit/transaction/${reply.json.result.id}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.json.response).toEqual(MPI_OK);
    expect(lookup.json.result).toEqual({
      id: reply.json.result.id,
      psp_name: 'northwind_pay',
      country: 'DE',
      email: 'ada@example.com',
      transaction_id: expect.stringMatching(/^NOR-\d{12}$/),
      psp_order_id: expect.any(String),
      merchant_order_id: 'dep-ok',
      amount: '49.9',
      currency: 'EUR',
      decline_reason: null,
      decline_code: null,
      card_type: 'visa',
      last_four_digits: '1111',
      processing_date: '2031-06-15T10:00:00Z',
      payment_method: 'credit_card',
      status: 'approved',
    });
    expect(h.sandbox.inspect.deposits()[0]).toMatchObject({
      mid_alias: 'northwind-eu-main',
      routed: true,
      card_bin: '411111',
    });
    await h.sandbox.notifications.idle();
    expect(receiver.received[0]?.json.data.charge).toMatchObject({
      operation_type: 'deposit',
      attributes: { status: 'approved', card_masked_number: '411111******1111' },
    });
  });

  it.each([
    ['4000000000000002', 'do_not_honor', 'Do not honor'],
    ['4000000000009995', 'insufficient_funds', 'Insufficient funds'],
    ['4000000000000069', 'expired_card', 'The card has expired'],
  ])('declines test card %s with %s', async (card, code, reason) => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, { credit_card_number: card }),
    );
    expect(reply.status).toBe(200);
    expect(reply.json.result).toMatchObject({
      status: 'declined',
      mpi_url: null,
      decline_code: code,
      decline_reason: reason,
    });
  });

  it('routes Mastercard in DE/EUR to Harbor, which needs no device data', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, { credit_card_number: '5555555555554444', ddc: undefined }),
    );
    expect(reply.json.result.status).toBe('approved');
    expect(h.sandbox.inspect.deposits()[0]).toMatchObject({
      psp_name: 'harbor_payments',
      mid_alias: 'harbor-default',
    });
  });

  it('needs the device data of a PSP that asks for a fingerprint', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, { ddc: {} }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.result).toEqual([
      {
        type: 'validation_error',
        field: 'ddc',
        message: 'Device data for northwind_pay is required: run the fingerprint step first',
      },
    ]);
  });

  it('refuses an e-mail over 254 characters and an amount of 16 integer digits', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, {
        email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
        amount: 1_000_000_000_000_000,
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.result.map((i: { field: string }) => i.field)).toEqual(['email', 'amount']);
  });

  it('validates the whole body at once', async () => {
    h = await startSandbox({ now: () => NOW });
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, {
        cashier_key: 'unknown-cashier',
        email: 'nope',
        phone: '0301234',
        credit_card_number: '4111111111111112',
        expire_month: 5,
        expire_year: 2031,
        cvv2: '12',
        amount: 0,
        city: ' ',
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.response.type).toBe('validation_error');
    expect(reply.json.result.map((i: any) => i.field)).toEqual([
      'cashier_key',
      'city',
      'email',
      'amount',
      'phone',
      'credit_card_number',
      'expire_month',
      'cvv2',
    ]);
    expect(reply.json.result).toContainEqual({
      type: 'validation_error',
      field: 'expire_month',
      message: 'The card has expired',
    });
    expect(reply.json.result).toContainEqual({
      type: 'validation_error',
      field: 'cashier_key',
      message: 'cashier_key is not a known cashier configuration',
    });
  });

  it('refuses a card nobody takes with no_route, and a reused order_id with 409', async () => {
    h = await startSandbox({ now: () => NOW });
    const noRoute = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, { country: 'JP', currency: 'JPY', amount: 5000 }),
    );
    expect(noRoute.status).toBe(400);
    expect(noRoute.json).toEqual({
      response: {
        status: 'error',
        type: 'no_route',
        code: 400,
        message: 'No PSP takes visa cards for JP/JPY',
      },
      result: null,
    });
    const body = depositBody(NOW, { order_id: 'dep-dup' });
    expect((await h.call('POST', h.mpi('/deposit/credit-card'), body)).status).toBe(200);
    const again = await h.call('POST', h.mpi('/deposit/credit-card'), body);
    expect(again.status).toBe(409);
    expect(again.json.response).toEqual({
      status: 'error',
      type: 'duplicate_order_id',
      code: 409,
      message: 'order_id already used',
    });
  });

  it('never keeps the full card number or the CVV', async () => {
    h = await startSandbox({ now: () => NOW });
    await h.call('POST', h.mpi('/deposit/credit-card'), depositBody(NOW, { cvv2: '987' }));
    const state = JSON.stringify(h.sandbox.inspect.deposits());
    expect(state).not.toContain('4111111111111111');
    // As a value (quoted or a number), not as three digits of a random id.
    expect(state).not.toMatch(/[":]987["},\]]/);
  });

  it('answers 404 in the MPI shape for an unknown deposit', async () => {
    h = await startSandbox();
    const reply = await h.call('GET', h.mpi('/deposit/transaction/nope'));
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({
      response: { status: 'error', type: 'not_found', code: 404, message: 'Deposit not found' },
      result: null,
    });
  });
});

describe('POST /mpi/v2/{key}/deposit/credit-card/{psp} (single PSP, MIDs)', () => {
  it('needs an alias when the PSP has several MIDs, and picks the one named', async () => {
    h = await startSandbox({ now: () => NOW });
    const path = h.mpi('/deposit/credit-card/northwind_pay');
    const missing = await h.call('POST', path, depositBody(NOW));
    expect(missing.status).toBe(400);
    expect(missing.json.result).toEqual([
      {
        type: 'validation_error',
        field: 'single_payment_mid_alias',
        message:
          'single_payment_mid_alias is required: Northwind Pay has several MIDs (northwind-eu-main, northwind-eu-highrisk, northwind-uk)',
      },
    ]);
    const unknown = await h.call(
      'POST',
      path,
      depositBody(NOW, { single_payment_mid_alias: 'nope' }),
    );
    expect(unknown.json.result).toEqual([
      {
        type: 'validation_error',
        field: 'single_payment_mid_alias',
        message: 'Unknown MID alias for Northwind Pay',
      },
    ]);
    const chosen = await h.call(
      'POST',
      path,
      depositBody(NOW, { single_payment_mid_alias: 'northwind-eu-highrisk' }),
    );
    expect(chosen.status).toBe(200);
    expect(h.sandbox.inspect.deposits()[0]).toMatchObject({
      psp_name: 'northwind_pay',
      mid_alias: 'northwind-eu-highrisk',
      routed: false,
    });
  });

  it('lets the alias out when the PSP has exactly one MID, but checks it when given', async () => {
    h = await startSandbox({ now: () => NOW });
    const path = `/mpi/${h.sandbox.credentials.apiKey}/deposit/credit-card/harbor_payments`;
    const without = await h.call('POST', path, depositBody(NOW, { ddc: undefined }));
    expect(without.status).toBe(200);
    expect(h.sandbox.inspect.deposits()[0]?.mid_alias).toBe('harbor-default');
    const wrong = await h.call(
      'POST',
      path,
      depositBody(NOW, { single_payment_mid_alias: 'other' }),
    );
    expect(wrong.json.result[0].field).toBe('single_payment_mid_alias');
  });

  it('refuses a PSP that takes no deposits or not this card', async () => {
    h = await startSandbox({ now: () => NOW });
    const none = await h.call('POST', h.mpi('/deposit/credit-card/lumen_cards'), depositBody(NOW));
    expect(none.json.result[0]).toMatchObject({ field: 'psp_name' });
    const brand = await h.call(
      'POST',
      h.mpi('/deposit/credit-card/northwind_pay'),
      depositBody(NOW, {
        credit_card_number: '5555555555554444',
        single_payment_mid_alias: 'northwind-uk',
      }),
    );
    expect(brand.json.result).toEqual([
      {
        type: 'validation_error',
        field: 'psp_name',
        message: 'Northwind Pay does not take this card for DE/EUR',
      },
    ]);
  });
});

describe('3-D Secure', () => {
  async function challengeFor(): Promise<{ id: string; mpiUrl: string }> {
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, { credit_card_number: '4000000000003220' }),
    );
    expect(reply.json.result.status).toBe('in_process');
    return { id: reply.json.result.id, mpiUrl: reply.json.result.mpi_url };
  }

  it('serves a challenge page whose Approve button approves the deposit and notifies', async () => {
    receiver = await startReceiver();
    h = await startSandbox({ now: () => NOW, notifyUrl: receiver.url });
    const { id, mpiUrl } = await challengeFor();
    expect(mpiUrl).toBe(`${h.sandbox.url}/mpi/challenge/${id}`);
    const page = await toReply(await fetch(mpiUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toMatch(/<form method="post">/);
    expect(page.text).toContain(
      '<button type="submit" name="outcome" value="approve">Approve</button>',
    );
    expect(page.text).toContain('<button type="submit" name="outcome" value="fail">Fail</button>');
    expect(page.text).not.toContain('<script');

    const answered = await toReply(
      await fetch(mpiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=approve',
      }),
    );
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('Payment approved');
    const lookup = await h.call('GET', h.mpi(`/deposit/transaction/${id}`));
    expect(lookup.json.result.status).toBe('approved');
    await h.sandbox.notifications.idle();
    expect(receiver.received.map((n) => n.json.webhook.type)).toEqual(['in_process', 'approved']);
    // A second answer changes nothing.
    const again = await toReply(
      await fetch(mpiUrl, {
        method: 'POST',
        body: 'outcome=fail',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(again.text).toContain('Payment approved');
  });

  it('declines the deposit with 3ds_failed when the customer presses Fail', async () => {
    h = await startSandbox({ now: () => NOW });
    const { id, mpiUrl } = await challengeFor();
    const answered = await toReply(
      await fetch(mpiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=fail',
      }),
    );
    expect(answered.text).toContain('Payment declined: 3-D Secure authentication failed');
    const lookup = await h.call('GET', h.mpi(`/deposit/transaction/${id}`));
    expect(lookup.json.result).toMatchObject({ status: 'declined', decline_code: '3ds_failed' });
  });

  it('waits for the customer, but settle() approves', async () => {
    h = await startSandbox({ now: () => NOW, settleAfterMs: 10 });
    const { id } = await challengeFor();
    await new Promise((r) => setTimeout(r, 60));
    expect(h.sandbox.inspect.deposits()[0]?.status).toBe('in_process');
    await h.sandbox.settle(id);
    expect(h.sandbox.inspect.deposits()[0]?.status).toBe('approved');
  });

  it('approves the frictionless card by itself after settleAfterMs', async () => {
    h = await startSandbox({ now: () => NOW, settleAfterMs: 20 });
    const reply = await h.call(
      'POST',
      h.mpi('/deposit/credit-card'),
      depositBody(NOW, { credit_card_number: '4000000000003063' }),
    );
    expect(reply.json.result.status).toBe('in_process');
    await vi.waitFor(() => expect(h.sandbox.inspect.deposits()[0]?.status).toBe('approved'), {
      timeout: 2000,
    });
  });

  it('answers 404 for an unknown challenge', async () => {
    h = await startSandbox();
    const page = await fetch(`${h.sandbox.url}/mpi/challenge/nope`);
    expect(page.status).toBe(404);
  });
});
