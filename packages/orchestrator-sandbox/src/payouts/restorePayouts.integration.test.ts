import { afterEach, describe, expect, it } from 'vitest';
import type { RestoredPayout } from '../types.js';
import { bankPayout, startSandbox, type Harness } from '../testing/sandboxHarness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

function restored(overrides: Partial<RestoredPayout> = {}): RestoredPayout {
  return {
    id: '2b0c7f36-55f1-4a57-9c8e-4f0c1d0e9a11',
    transaction_id: 'LUM-123456789012',
    psp_order_id: 'lum_ord_0123456789abcdef',
    order_id: 'DEMO-20300110-00042',
    psp_name: 'lumen_cards',
    country: 'US',
    state: 'NY',
    currency: 'USD',
    amount: '250.40',
    payout_method_type: 'credit_card',
    status: 'in_process',
    metadata: { creditCardNumber: '411111******1111', email: 'ada@example.com' },
    created_at: '2030-01-10T09:00:00.000Z',
    updated_at: '2030-01-10T09:00:02.000Z',
    ...overrides,
  };
}

describe('restorePayouts (payouts from before this in-memory sandbox started)', () => {
  it('knows them again: check-status and the order id lookup find them, held in their status', async () => {
    h = await startSandbox({ settleAfterMs: 10 });
    expect(h.sandbox.restorePayouts([restored()])).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    const check = await h.call('GET', h.payouts(`/${restored().id}/check-status`));
    expect(check.status).toBe(200);
    expect(check.json.result).toMatchObject({
      id: restored().id,
      merchant_order_id: 'DEMO-20300110-00042',
      status: 'InProcess',
      amount: 250.4,
    });
    const list = await h.call('GET', h.payouts('?merchant_order_id=DEMO-20300110-00042'));
    expect(JSON.stringify(list.json)).toContain(restored().id);
    // Its order id is taken: a re-send with it is refused as a duplicate.
    const again = await h.call(
      'POST',
      h.payouts(),
      bankPayout({ order_id: 'DEMO-20300110-00042' }),
    );
    expect(again.status).toBe(409);
    // settle() takes it to approved, as a held payout.
    await h.sandbox.settle(restored().id);
    const settled = await h.call('GET', h.payouts(`/${restored().id}/check-status`));
    expect(settled.json.result.status).toBe('Approved');
  });

  it('skips ids and order ids it knows, keeps a masked card number as it is, masks a full one', async () => {
    h = await startSandbox();
    expect(h.sandbox.restorePayouts([restored(), restored()])).toBe(1);
    expect(
      h.sandbox.restorePayouts([
        restored({ id: 'c6a4f3a2-1d5e-4b7f-8a9c-0d1e2f3a4b5c' }),
        restored({
          id: '9f1e2d3c-4b5a-4c6d-8e7f-a0b1c2d3e4f5',
          order_id: 'DEMO-2',
          metadata: { creditCardNumber: '4111111111111111' },
        }),
      ]),
    ).toBe(1);
    const cards = h.sandbox.inspect.payouts().map((p) => p.metadata.creditCardNumber);
    expect(cards).toEqual(['411111******1111', '411111******1111']);
  });
});
