import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bankPayout,
  ethPayoutJson,
  startReceiver,
  startSandbox,
  type Harness,
  type Receiver,
} from '../testing/sandboxHarness.js';
import type { SandboxOptions } from '../types.js';

let h: Harness | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await h?.close();
  await receiver?.close();
  h = undefined;
  receiver = undefined;
});

async function setUp(options: SandboxOptions = {}): Promise<{ h: Harness; receiver: Receiver }> {
  receiver = await startReceiver();
  h = await startSandbox({
    notifyUrl: receiver.url,
    settleAfterMs: 3_600_000,
    notificationRetry: { maxAttempts: 3, baseDelayMs: 10 },
    ...options,
  });
  return { h, receiver };
}

describe('notifications', () => {
  it('POSTs the section-5 body, amount as a JSON number with every digit', async () => {
    const { h, receiver } = await setUp({ now: () => new Date('2031-02-03T04:05:06Z') });
    const amount = '0.123456789012345678';
    const created = await h.call('POST', h.payouts(), undefined, {
      raw: ethPayoutJson('note-1', amount),
    });
    await h.sandbox.notifications.idle();
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first?.body).toContain(`"amount":${amount},`);
    expect(first?.json).toEqual({
      webhook: { type: 'pending' },
      data: {
        order_id: 'note-1',
        psp_name: 'coinbridge',
        charge: {
          type: 'payout',
          id: created.json.result.id,
          psp_order_id: expect.stringMatching(/^coi_ord_/),
          operation_type: 'payout',
          attributes: {
            payout_method_type: 'crypto',
            status: 'pending',
            amount: expect.any(Number),
            currency: 'ETH',
            decline_code: null,
            decline_reason: null,
            created_at: Date.UTC(2031, 1, 3, 4, 5, 6) / 1000,
            updated_at: Date.UTC(2031, 1, 3, 4, 5, 6) / 1000,
          },
        },
      },
      meta: { server_time: Date.UTC(2031, 1, 3, 4, 5, 6) / 1000, api_version: 'v2', sandbox: true },
    });
    const [sent] = h.sandbox.notifications.sent();
    expect(sent).toMatchObject({
      url: receiver.url,
      attempts: 1,
      delivered: true,
      httpStatus: 200,
    });
    expect(sent?.notification.data.charge.attributes.amount).toBe(amount);
  });

  it('retries non-2xx answers with backoff, then gives up after maxAttempts', async () => {
    const { h, receiver } = await setUp();
    receiver.answerWith(500, 503);
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.notifications.idle();
    expect(receiver.received).toHaveLength(1);
    expect(h.sandbox.notifications.sent()[0]).toMatchObject({ attempts: 3, delivered: true });

    receiver.answerWith(500, 500, 500);
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.notifications.idle();
    expect(receiver.received).toHaveLength(1);
    expect(h.sandbox.notifications.sent()[1]).toMatchObject({
      attempts: 3,
      delivered: false,
      httpStatus: 500,
      error: 'HTTP 500',
    });
  });

  it('retries network errors', async () => {
    const { h } = await setUp();
    h.sandbox.notifications.setUrl('http://127.0.0.1:9/unreachable');
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.notifications.idle();
    expect(h.sandbox.notifications.sent()[0]).toMatchObject({
      attempts: 3,
      delivered: false,
      httpStatus: null,
    });
  });

  it('sends nothing without a URL, and starts when one is set', async () => {
    const { h, receiver } = await setUp();
    h.sandbox.notifications.setUrl(null);
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.notifications.idle();
    expect(h.sandbox.notifications.sent()).toEqual([]);
    h.sandbox.notifications.setUrl(receiver.url);
    await h.sandbox.settle();
    await h.sandbox.notifications.idle();
    expect(receiver.received.map((n) => n.json.webhook.type)).toEqual(['approved']);
  });

  it('delivers every notification twice in duplicate mode', async () => {
    const { h, receiver } = await setUp();
    h.sandbox.notifications.setMode('duplicate');
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.settle();
    await h.sandbox.notifications.idle();
    expect(receiver.received.map((n) => n.json.webhook.type)).toEqual([
      'pending',
      'pending',
      'approved',
      'approved',
    ]);
  });

  it('delivers the newest first in reorder mode', async () => {
    const { h, receiver } = await setUp({ reorderWindowMs: 50 });
    h.sandbox.notifications.setMode('reorder');
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.settle();
    await h.sandbox.notifications.idle();
    expect(receiver.received.map((n) => n.json.webhook.type)).toEqual(['approved', 'pending']);
  });

  it('shuffles and duplicates in chaos mode, losing nothing', async () => {
    const { h, receiver } = await setUp({ reorderWindowMs: 50, seed: 7 });
    h.sandbox.notifications.setMode('chaos');
    for (let i = 0; i < 4; i += 1) await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.settle();
    await h.sandbox.notifications.idle();
    const keys = receiver.received.map((n) => `${n.json.data.charge.id}:${n.json.webhook.type}`);
    expect(new Set(keys).size).toBe(8);
    expect(keys.length).toBeGreaterThan(8);
  });

  it('never holds up a reply while a receiver hangs', async () => {
    const hanging = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    try {
      const { h } = await setUp();
      h.sandbox.notifications.setUrl(`http://127.0.0.1:${port}/`);
      const started = Date.now();
      const reply = await h.call('POST', h.payouts(), bankPayout());
      expect(reply.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      // close() must not wait for the hung delivery either.
      await h.close();
      const idleAfterClose = await Promise.race([
        h.sandbox.notifications.idle().then(() => 'idle'),
        new Promise((r) => setTimeout(() => r('stuck'), 1000)),
      ]);
      expect(idleAfterClose).toBe('idle');
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
