/* eslint-disable @typescript-eslint/no-explicit-any -- replies are untyped JSON, asserted field by field */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bankPayout,
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

/** A raw request, for headers `fetch` will not let a caller set (Host). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(`${h.sandbox.url}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function control(
  method: string,
  path: string,
  body?: unknown,
): Promise<Awaited<ReturnType<typeof toReply>>> {
  return toReply(
    await fetch(`${h.sandbox.url}/_sandbox${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

describe('/_sandbox control API', () => {
  it('adds and clears fault rules', async () => {
    h = await startSandbox();
    const added = await control('POST', '/faults', {
      kind: 'http_503',
      route: 'list_payouts',
      times: 2,
    });
    expect(added.status).toBe(201);
    expect(added.json.faults).toEqual([{ kind: 'http_503', route: 'list_payouts', times: 2 }]);
    expect((await h.call('GET', h.payouts())).status).toBe(503);
    await control('DELETE', '/faults');
    expect((await h.call('GET', h.payouts())).status).toBe(200);
  });

  it('refuses an invalid rule', async () => {
    h = await startSandbox();
    const reply = await control('POST', '/faults', { kind: 'explode' });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('invalid_request');
  });

  it('switches the notification mode and URL', async () => {
    receiver = await startReceiver();
    h = await startSandbox({ settleAfterMs: 3_600_000 });
    expect((await control('POST', '/notifications/url', { url: receiver.url })).status).toBe(200);
    expect((await control('POST', '/notifications/mode', { mode: 'duplicate' })).json).toEqual({
      ok: true,
      mode: 'duplicate',
    });
    await h.call('POST', h.payouts(), bankPayout());
    await h.sandbox.notifications.idle();
    expect(receiver.received).toHaveLength(2);
    expect((await control('POST', '/notifications/mode', { mode: 'loud' })).status).toBe(400);
  });

  it('settles and inspects', async () => {
    h = await startSandbox({ settleAfterMs: 3_600_000 });
    const id: string = (
      await h.call('POST', h.payouts(), bankPayout({ order_id: 'ctl-1', amount: 4.14 }))
    ).json.result.id;
    expect((await control('POST', '/settle', { id: 'nope' })).status).toBe(404);
    expect((await control('POST', '/settle', { id })).status).toBe(200);
    const inspected = await control('GET', '/inspect');
    expect(inspected.json.payouts).toMatchObject([
      { id, order_id: 'ctl-1', status: 'approved', amount: '4.14' },
    ]);
    expect(inspected.json.createCalls).toMatchObject([
      { order_id: 'ctl-1', outcome: 'created', payout_id: id },
    ]);
    expect(inspected.json.deposits).toEqual([]);
    expect(inspected.json.mode).toBe('normal');
    expect((await control('POST', '/settle', {})).status).toBe(200);
  });

  it('serves the provider configuration', async () => {
    h = await startSandbox();
    const reply = await control('GET', '/config');
    expect(reply.json.psps.map((p: any) => p.name)).toContain('atlas_remit');
  });

  it('is gone with controlApi: false', async () => {
    h = await startSandbox({ controlApi: false });
    const reply = await control('GET', '/inspect');
    expect(reply.status).toBe(404);
    expect(reply.json.response.code).toBe(404);
  });

  it('answers only requests naming its own loopback address (no DNS rebinding)', async () => {
    h = await startSandbox();
    const port = new URL(h.sandbox.url).port;
    const rebound = await rawGet('/_sandbox/inspect', { Host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('payouts');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await rawGet('/_sandbox/inspect', { Host: host })).status).toBe(200);
    }
  });

  it('wants its bearer secret when one is configured', async () => {
    const secret = 'control-secret-for-tests-only';
    h = await startSandbox({ controlSecret: secret });
    expect((await control('GET', '/inspect')).status).toBe(401);
    const wrong = await fetch(`${h.sandbox.url}/_sandbox/inspect`, {
      headers: { authorization: 'Bearer control-secret-for-tests-onlX' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${h.sandbox.url}/_sandbox/inspect`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(right.status).toBe(200);
    // The orchestrator API itself is unaffected.
    expect((await h.call('GET', h.payouts())).status).toBe(200);
  });
});
