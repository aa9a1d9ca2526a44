import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestratorClient } from '../createOrchestratorClient.js';
import type { OrchestratorCallInfo } from '../OrchestratorClient.js';
import { JWT, leakedSecrets } from '../testing/assertNoSecrets.js';
import { createTcpCounter } from '../testing/createTcpCounter.js';
import { bankPayout, startSandboxFixture, type SandboxFixture } from '../testing/sandboxFixture.js';

/*
 * Transport and server faults injected by the sandbox: each maps to one error kind, and create
 * calls say whether their outcome is unknown. The client never retries them by itself.
 */

let f: SandboxFixture;

beforeAll(async () => {
  f = await startSandboxFixture();
  // Log in once so that faults aimed at a route never hit the login.
  await f.client.listPayouts({ limit: 1 });
});
afterEach(() => {
  f.sandbox.faults.clear();
});
afterAll(async () => {
  await f.close();
});

const createCallsFor = (orderId: string) =>
  f.sandbox.inspect.createCalls().filter((c) => c.order_id === orderId);

describe('faults', () => {
  it('maps 429 to rate_limited with Retry-After in seconds', async () => {
    f.sandbox.faults.add({ kind: 'http_429', ms: 3000, route: 'list_payouts', times: 1 });
    const err = await f.fail(f.client.listPayouts({}));
    expect(err.kind).toBe('rate_limited');
    expect(err.httpStatus).toBe(429);
    expect(err.retryAfterSeconds).toBe(3);
    // Not retried by the client: the next call goes through.
    await expect(f.client.listPayouts({ limit: 1 })).resolves.toBeDefined();
  });

  it.each(['http_500', 'http_502', 'http_503'] as const)(
    'maps %s on a read to unavailable with a known outcome',
    async (kind) => {
      f.sandbox.faults.add({ kind, route: 'get_payout', times: 1 });
      const err = await f.fail(f.client.getPayout('whatever'));
      expect(err.kind).toBe('unavailable');
      expect(err.httpStatus).toBe(Number(kind.slice(5)));
      expect(err.outcomeUnknown).toBe(false);
    },
  );

  it('maps 503 on a create to unavailable with an unknown outcome, and sends it once', async () => {
    f.sandbox.faults.add({ kind: 'http_503', route: 'create_payout', times: 1 });
    const request = bankPayout();
    const err = await f.fail(f.client.createPayout(request));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(true);
    expect(createCallsFor(request.order_id)).toHaveLength(1);
  });

  it('maps a hanging read to timeout after timeoutMs', async () => {
    f.sandbox.faults.add({ kind: 'hang', route: 'list_payouts', times: 1 });
    const started = performance.now();
    const err = await f.fail(f.client.listPayouts({}, { timeoutMs: 200 }));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('maps a hanging create to timeout with an unknown outcome (even before commit)', async () => {
    f.sandbox.faults.add({ kind: 'hang', route: 'create_payout', times: 1 });
    const request = bankPayout();
    const err = await f.fail(f.client.createPayout(request, { timeoutMs: 200 }));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(createCallsFor(request.order_id)).toHaveLength(1);
  });

  it('maps hang_after_commit on create to timeout; the payout exists', async () => {
    f.sandbox.faults.add({ kind: 'hang_after_commit', route: 'create_payout', times: 1 });
    const request = bankPayout();
    const err = await f.fail(f.client.createPayout(request, { timeoutMs: 200 }));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(
      (await f.client.listPayouts({ merchantOrderId: request.order_id })).records,
    ).toHaveLength(1);
  });

  it('maps a reset on a read to unavailable', async () => {
    f.sandbox.faults.add({ kind: 'reset', route: 'get_payout', times: 1 });
    const err = await f.fail(f.client.getPayout('x'));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(false);
    expect(err.httpStatus).toBeUndefined();
  });

  it('maps a reset on a create to timeout with an unknown outcome', async () => {
    f.sandbox.faults.add({ kind: 'reset', route: 'create_payout', times: 1 });
    const request = bankPayout();
    const err = await f.fail(f.client.createPayout(request));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(createCallsFor(request.order_id)).toHaveLength(1);
  });

  it('maps reset_after_commit on a create the same way; the payout exists', async () => {
    f.sandbox.faults.add({ kind: 'reset_after_commit', route: 'create_payout', times: 1 });
    const request = bankPayout();
    const err = await f.fail(f.client.createPayout(request));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(
      (await f.client.listPayouts({ merchantOrderId: request.order_id })).records,
    ).toHaveLength(1);
  });

  it('maps malformed JSON on a read to protocol', async () => {
    f.sandbox.faults.add({ kind: 'malformed_json', route: 'metadata', times: 1 });
    const err = await f.fail(f.client.getPayoutProviders({ country: 'DE', currency: 'EUR' }));
    expect(err.kind).toBe('protocol');
    expect(err.httpStatus).toBe(200);
    expect(err.outcomeUnknown).toBe(false);
  });

  it('maps malformed JSON on a create to protocol with an unknown outcome', async () => {
    f.sandbox.faults.add({ kind: 'malformed_json', route: 'create_payout', times: 1 });
    const err = await f.fail(f.client.createPayout(bankPayout()));
    expect(err.kind).toBe('protocol');
    expect(err.outcomeUnknown).toBe(true);
  });

  it('maps a fault on the login to the login error, with a known outcome for the call', async () => {
    const client = f.makeClient();
    f.sandbox.faults.add({ kind: 'http_503', route: 'login', times: 1 });
    const err = await f.fail(client.createPayout(bankPayout()));
    expect(err.kind).toBe('unavailable');
    expect(err.operation).toBe('login');
    expect(err.outcomeUnknown).toBe(false);
  });

  it('reports each exchange and its duration to onCall (latency)', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({}, calls);
    await client.listPayouts({ limit: 1 });
    f.sandbox.faults.add({ kind: 'latency', ms: 150, route: 'list_payouts', times: 1 });
    await client.listPayouts({ limit: 1 });
    const last = calls.at(-1);
    expect(last).toMatchObject({
      operation: 'listPayouts',
      method: 'GET',
      path: '/v2/{api_key}/payouts',
      httpStatus: 200,
      attempt: 1,
    });
    expect(last?.durationMs).toBeGreaterThanOrEqual(140);
  });

  it('lets the caller cancel a call with its own signal', async () => {
    f.sandbox.faults.add({ kind: 'hang', route: 'list_payouts', times: 1 });
    const controller = new AbortController();
    const pending = f.fail(f.client.listPayouts({}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const err = await pending;
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('cancelled by the caller');
  });

  it('maps a refused connection to unavailable with a known outcome, also for a create', async () => {
    const port = await freePort();
    const client = createOrchestratorClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: f.sandbox.credentials.apiKey,
      userName: 'u',
      password: f.sandbox.credentials.password,
    });
    const err = await f.fail(client.createPayout(bankPayout()));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(false);
    expect(err.message).toContain('ECONNREFUSED');
    await client.close();
  });

  it('reuses one keep-alive connection for sequential calls and closes it on close()', async () => {
    const counter = await createTcpCounter(f.sandbox.url);
    try {
      const client = createOrchestratorClient({
        baseUrl: counter.url,
        apiKey: f.sandbox.credentials.apiKey,
        userName: f.sandbox.credentials.userName,
        password: f.sandbox.credentials.password,
      });
      for (let i = 0; i < 20; i += 1) await client.listPayouts({ limit: 1 });
      await client.getPayoutProviders({ country: 'DE', currency: 'EUR' });
      expect(counter.connections()).toBe(1);
      await client.close();
      const err = await f.fail(client.listPayouts({}));
      expect(err.kind).toBe('unavailable');
      expect(counter.connections()).toBe(1);
    } finally {
      await counter.close();
    }
  });

  it('leaks no secret in any error produced above', () => {
    expect(f.errors.length).toBeGreaterThanOrEqual(15);
    const { apiKey, password } = f.sandbox.credentials;
    expect(leakedSecrets(f.errors, [apiKey, password, JWT])).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
