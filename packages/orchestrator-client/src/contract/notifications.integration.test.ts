import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotification } from '../notifications/parseNotification.js';
import {
  bankPayout,
  cardDeposit,
  ethPayout,
  startSandboxFixture,
  type SandboxFixture,
} from '../testing/sandboxFixture.js';

/* parseNotification against what the sandbox really POSTs for payouts and deposits. */

let f: SandboxFixture;
let receiver: Server;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  f = await startSandboxFixture({ notifyUrl: `http://127.0.0.1:${port}/hooks/orchestrator` });
});
afterAll(async () => {
  await f.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('parseNotification on sandbox notifications', () => {
  it('reads every payout and deposit notification, amounts digit for digit', async () => {
    const eth = await f.client.createPayout(ethPayout({ amount: '0.000000000000000001' }));
    const bank = await f.client.createPayout(bankPayout({ amount: '10.13' }));
    const deposit = await f.client.createCardDeposit(cardDeposit(f.sandbox.credentials.cashierKey));
    await f.sandbox.settle();
    await f.sandbox.notifications.idle();

    expect(received.length).toBeGreaterThanOrEqual(5);
    const parsed = received.map((body) => parseNotification(body));
    const forEth = parsed.filter((n) => n.data.charge?.id === eth.id);
    expect(forEth.map((n) => n.data.charge?.attributes.status)).toEqual(['pending', 'approved']);
    expect(forEth.every((n) => n.data.charge?.attributes.amount === '0.000000000000000001')).toBe(
      true,
    );
    expect(forEth[0]?.data.charge?.operation_type).toBe('payout');

    const declined = parsed.find(
      (n) => n.data.charge?.id === bank.id && n.webhook.type === 'declined',
    );
    expect(declined?.data.charge?.attributes).toMatchObject({
      decline_code: 'account_closed',
      amount: '10.13',
    });

    const dep = parsed.find((n) => n.data.charge?.id === deposit.id);
    expect(dep?.data.charge?.operation_type).toBe('deposit');
    expect(dep?.data.charge?.attributes.card_masked_number).toBe('411111******1111');
    expect(dep?.meta.api_version).toBe('v2');
    expect(typeof dep?.meta.server_time).toBe('number');
  });
});
