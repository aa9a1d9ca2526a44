/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Harness } from '../testing/sandboxHarness.js';

let h: Harness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(async () => {
  await h.close();
});

const entries = (json: any): string[] =>
  json.result.providers.map((p: any) => `${p.name}/${p.payout_method_type}`);

describe('GET /payouts/metadata', () => {
  it('lists one entry per enabled (PSP, type) for the corridor, under v1 and v2', async () => {
    for (const version of ['v1', 'v2']) {
      const reply = await h.call('GET', h.payouts('/metadata?country=US&currency=USD', version));
      expect(reply.status).toBe(200);
      expect(reply.json.response).toEqual({ status: 'OK', code: 200, message: 'OK' });
      // Harbor's card type is off and Atlas's Payouts feature is off: both silently absent.
      expect(entries(reply.json)).toEqual([
        'harbor_payments/bank_account',
        'meridian_transfers/credit_card',
        'meridian_transfers/bank_account',
        'lumen_cards/credit_card',
      ]);
    }
  });

  it('sends only name and title for most PSPs, and hints for Meridian', async () => {
    const reply = await h.call('GET', h.payouts('/metadata?country=US&currency=USD'));
    const harbor = reply.json.result.providers[0];
    expect(harbor.title).toBe('Harbor Payments');
    for (const field of harbor.fields) expect(Object.keys(field).sort()).toEqual(['name', 'title']);
    const meridianBank = reply.json.result.providers.find(
      (p: any) => p.name === 'meridian_transfers' && p.payout_method_type === 'bank_account',
    );
    const accountType = meridianBank.fields.find((f: any) => f.name === 'bankAccountType');
    expect(accountType.options).toEqual([
      { value: 'checking', title: 'Checking' },
      { value: 'savings', title: 'Savings' },
    ]);
    const hinted = meridianBank.fields.flatMap((f: any) => Object.keys(f));
    for (const hint of ['type', 'required', 'pattern', 'min_length', 'max_length', 'options']) {
      expect(hinted).toContain(hint);
    }
  });

  it('lists crypto corridors', async () => {
    const eth = await h.call('GET', h.payouts('/metadata?country=DE&currency=ETH'));
    expect(entries(eth.json)).toEqual(['coinbridge/crypto', 'saltmarsh_digital/crypto']);
    const usdt = await h.call('GET', h.payouts('/metadata?country=US&currency=USDT'));
    expect(entries(usdt.json)).toEqual(['saltmarsh_digital/crypto']);
  });

  it('answers an empty list for a corridor nobody serves (MX/MXN: only Atlas, whose Payouts are off)', async () => {
    for (const query of [
      'country=MX&currency=MXN',
      'country=FR&currency=JPY',
      'country=NO&currency=EUR',
    ]) {
      const reply = await h.call('GET', h.payouts(`/metadata?${query}`));
      expect(reply.status).toBe(200);
      expect(reply.json.result).toEqual({ providers: [] });
    }
  });

  it('answers 400 with the validation list for missing or malformed parameters', async () => {
    const missing = await h.call('GET', h.payouts('/metadata'));
    expect(missing.status).toBe(400);
    expect(missing.json.response).toEqual({ status: 'BadRequest', code: 400, message: '400' });
    expect(missing.json.result).toEqual([
      { type: 'validation_error', field: 'country', message: 'country is required' },
      { type: 'validation_error', field: 'currency', message: 'currency is required' },
    ]);
    const malformed = await h.call('GET', h.payouts('/metadata?country=usa&currency=usd'));
    expect(malformed.status).toBe(400);
    expect(malformed.json.result.map((i: any) => i.field)).toEqual(['country', 'currency']);
  });
});
