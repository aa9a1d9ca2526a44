import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bankPayout,
  cardPayout,
  sleep,
  startReceiver,
  startSandbox,
  type Harness,
  type Receiver,
} from '../testing/sandboxHarness.js';

let h: Harness;
let receiver: Receiver;
afterEach(async () => {
  await h.close();
  await receiver.close();
});

async function setUp(settleAfterMs = 30): Promise<void> {
  receiver = await startReceiver();
  h = await startSandbox({ notifyUrl: receiver.url, settleAfterMs });
}

const statusesOf = (r: Receiver, id: string): string[] =>
  r.received
    .filter((n) => n.json.data.charge.id === id)
    .map((n) => n.json.data.charge.attributes.status as string);

async function statusOf(id: string): Promise<string> {
  return (await h.call('GET', h.payouts(`/${id}`))).json.result.status;
}

describe('status progression', () => {
  it('takes a payout from pending to approved after settleAfterMs, one notification per change', async () => {
    await setUp();
    const created = await h.call('POST', h.payouts(), bankPayout());
    const id: string = created.json.result.id;
    expect(created.json.result.status).toBe('Pending');
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('Approved'), { timeout: 2000 });
    await h.sandbox.notifications.idle();
    expect(statusesOf(receiver, id)).toEqual(['pending', 'approved']);
    expect(h.sandbox.inspect.payouts()[0]?.history.map((c) => c.status)).toEqual([
      'pending',
      'approved',
    ]);
  });

  it('declines amounts ending in 13 with a code and a reason', async () => {
    await setUp();
    const id: string = (await h.call('POST', h.payouts(), bankPayout({ amount: 7.13 }))).json.result
      .id;
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('Declined'), { timeout: 2000 });
    await h.sandbox.notifications.idle();
    const last = receiver.received.at(-1)?.json;
    expect(last.webhook).toEqual({ type: 'declined' });
    expect(last.data.charge.attributes).toMatchObject({
      status: 'declined',
      decline_code: 'account_closed',
      decline_reason: 'The beneficiary account is closed',
    });
  });

  it('keeps amounts ending in 14 pending until settle()', async () => {
    await setUp(10);
    const id: string = (await h.call('POST', h.payouts(), bankPayout({ amount: 1014 }))).json.result
      .id;
    await sleep(80);
    expect(await statusOf(id)).toBe('Pending');
    expect((await h.call('GET', h.payouts(`/${id}/check-status`))).json.result.status).toBe(
      'Pending',
    );
    await h.sandbox.settle(id);
    expect(await statusOf(id)).toBe('Approved');
    await h.sandbox.notifications.idle();
    expect(statusesOf(receiver, id)).toEqual(['pending', 'approved']);
  });

  it('walks amounts ending in 12 through authorized', async () => {
    await setUp(20);
    const id: string = (await h.call('POST', h.payouts(), bankPayout({ amount: 3.12 }))).json.result
      .id;
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('Approved'), { timeout: 2000 });
    await h.sandbox.notifications.idle();
    expect(statusesOf(receiver, id)).toEqual(['pending', 'authorized', 'approved']);
  });

  it('approves amounts ending in 19 at once', async () => {
    await setUp();
    const created = await h.call('POST', h.payouts(), bankPayout({ amount: 5.19 }));
    expect(created.json.result.status).toBe('Approved');
    await h.sandbox.notifications.idle();
    expect(statusesOf(receiver, created.json.result.id)).toEqual(['approved']);
  });

  it('declines card payouts to the decline test card', async () => {
    await setUp();
    const now = new Date();
    const created = await h.call(
      'POST',
      h.payouts(),
      cardPayout(now, {}, { creditCardNumber: '4000000000000002' }),
    );
    const id: string = created.json.result.id;
    expect(created.json.result.status).toBe('InProcess');
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('Declined'), { timeout: 2000 });
    const record = (await h.call('GET', h.payouts(`/${id}`))).json.result;
    expect(record.decline_code).toBe('do_not_honor');
    expect(record.payout_method_type).toBe('CreditCard');
  });

  it('settles everything at once with settle()', async () => {
    await setUp(3_600_000);
    const a = (await h.call('POST', h.payouts(), bankPayout())).json.result.id;
    const b = (await h.call('POST', h.payouts(), bankPayout({ amount: 2.13 }))).json.result.id;
    await h.sandbox.settle();
    expect(await statusOf(a)).toBe('Approved');
    expect(await statusOf(b)).toBe('Declined');
    await expect(h.sandbox.settle('no-such-id')).rejects.toThrow('No payout or deposit');
  });
});
