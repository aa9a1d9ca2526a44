/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, asserted field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { bankPayout, startSandbox, type Harness } from '../testing/sandboxHarness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('payout records', () => {
  it('returns a record with every section-4 field, as the real service spells them', async () => {
    let now = new Date('2031-03-01T08:00:00Z');
    h = await startSandbox({ now: () => now, settleAfterMs: 3_600_000 });
    const created = await h.call('POST', h.payouts(), bankPayout({ order_id: 'rec-1' }));
    const id: string = created.json.result.id;
    now = new Date('2031-03-01T09:00:00Z');
    await h.sandbox.settle(id);
    for (const version of ['v1', 'v2']) {
      const reply = await h.call('GET', h.payouts(`/${id}`, version));
      expect(reply.status).toBe(200);
      expect(reply.json.result).toEqual({
        id,
        transaction_id: created.json.result.transaction_id,
        psp_name: 'harbor_payments',
        psp_order_id: expect.stringMatching(/^har_ord_[0-9a-f]{16}$/),
        merchant_order_id: 'rec-1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        country: 'US',
        state: 'NY',
        amount: 125.5,
        currency: 'USD',
        payout_method_type: 'BankAccount',
        status: 'Approved',
        decline_code: null,
        decline_reason: null,
        processing_date: '2031-03-01T08:00:00Z',
        processing_date_timestamp: Date.UTC(2031, 2, 1, 8) / 1000,
        psp_response_json: expect.objectContaining({ psp_status: 'SETTLED' }),
      });
    }
  });

  it('answers 404 with the envelope for an unknown id', async () => {
    h = await startSandbox();
    for (const suffix of ['/nope', '/nope/check-status']) {
      const reply = await h.call('GET', h.payouts(suffix));
      expect(reply.status).toBe(404);
      expect(reply.json).toEqual({
        response: { status: 'NotFound', code: 404, message: 'Payout not found' },
        result: null,
      });
    }
  });

  it('lets a stored record lag while check-status asks "the PSP" and finalizes what is due', async () => {
    let now = new Date('2031-03-01T08:00:00Z');
    // Timers far away; only the clock moves.
    h = await startSandbox({ now: () => now, settleAfterMs: 60_000 });
    const created = await h.call('POST', h.payouts(), bankPayout({ amount: 20.13 }));
    const id: string = created.json.result.id;
    now = new Date('2031-03-01T08:00:59Z');
    expect((await h.call('GET', h.payouts(`/${id}/check-status`))).json.result.status).toBe(
      'Pending',
    );
    now = new Date('2031-03-01T08:01:00Z');
    expect((await h.call('GET', h.payouts(`/${id}`))).json.result.status).toBe('Pending');
    const checked = await h.call('GET', h.payouts(`/${id}/check-status`, 'v1'));
    expect(checked.json.result).toMatchObject({
      status: 'Declined',
      decline_code: 'account_closed',
      decline_reason: 'The beneficiary account is closed',
    });
    expect((await h.call('GET', h.payouts(`/${id}`))).json.result.status).toBe('Declined');
  });

  it('filters, sorts and pages the list', async () => {
    let now = new Date('2031-01-01T00:00:00Z');
    h = await startSandbox({ now: () => now, settleAfterMs: 3_600_000 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      now = new Date(Date.UTC(2031, 0, 1, 0, 0, i * 10));
      const reply = await h.call('POST', h.payouts(), bankPayout({ order_id: `list-${i}` }));
      ids.push(reply.json.result.id);
    }
    now = new Date(Date.UTC(2031, 0, 1, 1));
    await h.call('POST', h.payouts(), {
      ...bankPayout({ order_id: 'list-card' }),
      provider: 'meridian_transfers',
      metadata: {
        bankName: 'Frost Bank',
        bankRoutingNumber: '114000093',
        bankAccountNumber: '12345678',
        bankAccountType: 'checking',
        bankAccountName: 'Ada Lovelace',
        customerFirstName: 'Ada',
        customerLastName: 'Lovelace',
        email: 'ada@example.com',
      },
    });
    await h.sandbox.settle(ids[1]);

    const orderIds = async (query: string): Promise<string[]> => {
      const reply = await h.call('GET', h.payouts(query));
      expect(reply.status).toBe(200);
      expect(reply.json.result.next_page_cursor).toBeNull();
      return reply.json.result.records.map((r: any) => r.merchant_order_id);
    };
    expect(await orderIds('')).toEqual([
      'list-card',
      'list-4',
      'list-3',
      'list-2',
      'list-1',
      'list-0',
    ]);
    expect(await orderIds('?sortField=processing_date&sortDir=asc&limit=2')).toEqual([
      'list-0',
      'list-1',
    ]);
    expect(await orderIds('?sortDir=asc&limit=2&page=3')).toEqual(['list-4', 'list-card']);
    expect(await orderIds('?sortDir=asc&limit=2&page=4')).toEqual([]);
    expect(await orderIds('?merchantOrderId=list-3')).toEqual(['list-3']);
    expect(await orderIds('?pspName=meridian_transfers')).toEqual(['list-card']);
    expect(await orderIds('?status=approved')).toEqual(['list-1']);
    expect(await orderIds('?status=pending&sortDir=asc&limit=1')).toEqual(['list-0']);
    const from = Date.UTC(2031, 0, 1, 0, 0, 10) / 1000;
    const to = Date.UTC(2031, 0, 1, 0, 0, 30) / 1000;
    expect(await orderIds(`?from=${from}&to=${to}&sortDir=asc`)).toEqual([
      'list-1',
      'list-2',
      'list-3',
    ]);
  });

  it('defaults the page size to 24', async () => {
    h = await startSandbox({ settleAfterMs: 3_600_000 });
    for (let i = 0; i < 26; i += 1) {
      await h.call('POST', h.payouts(), bankPayout({ order_id: `many-${i}` }));
    }
    const first = await h.call('GET', h.payouts());
    expect(first.json.result.records).toHaveLength(24);
    const second = await h.call('GET', h.payouts('?page=2'));
    expect(second.json.result.records).toHaveLength(2);
  });

  it('refuses malformed list parameters with the validation list', async () => {
    h = await startSandbox();
    const reply = await h.call(
      'GET',
      h.payouts('?page=0&limit=abc&status=paid&sortDir=up&sortField=amount&from=x'),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.result.map((i: any) => i.field)).toEqual([
      'page',
      'limit',
      'from',
      'status',
      'sortField',
      'sortDir',
    ]);
  });
});
