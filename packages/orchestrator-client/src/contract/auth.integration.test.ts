import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrchestratorCallInfo } from '../OrchestratorClient.js';
import { JWT, leakedSecrets } from '../testing/assertNoSecrets.js';
import { bankPayout, startSandboxFixture, type SandboxFixture } from '../testing/sandboxFixture.js';

/*
 * Login, token caching, single-flight, re-login on 401, and the authentication quirks:
 * `login_failue`, the 401 that echoes the API key, the MPI 403 `invalid_api_key`.
 */

const TTL = 600;
let sandboxClock = Date.parse('2030-01-01T00:00:00Z');
let f: SandboxFixture;

beforeAll(async () => {
  f = await startSandboxFixture({ tokenTtlSeconds: TTL, now: () => new Date(sandboxClock) });
});
afterAll(async () => {
  await f.close();
});

const ops = (calls: OrchestratorCallInfo[]) =>
  calls.map((c) => `${c.operation}:${c.httpStatus ?? 'none'}:${c.attempt}`);

describe('authentication', () => {
  it('logs in on first use with POST /v2/auth/login and reuses the token', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({}, calls);
    await client.getPayoutProviders({ country: 'DE', currency: 'EUR' });
    await client.listPayouts({ limit: 1 });
    expect(ops(calls)).toEqual(['login:200:1', 'getPayoutProviders:200:1', 'listPayouts:200:1']);
    expect(calls[0]?.path).toBe('/v2/auth/login');
    expect(calls[0]?.method).toBe('POST');
  });

  it('shares one login among 10 concurrent first calls (single flight)', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({}, calls);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        client.getPayoutProviders({ country: 'DE', currency: 'EUR' }),
      ),
    );
    expect(calls.filter((c) => c.operation === 'login')).toHaveLength(1);
    expect(
      calls.filter((c) => c.operation === 'getPayoutProviders' && c.httpStatus === 200),
    ).toHaveLength(10);
  });

  it('after the token expired at the orchestrator: one re-login, the call retried once', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({}, calls);
    await client.listPayouts({ limit: 1 });
    // Only the sandbox's clock moves: the client still believes its token is valid.
    sandboxClock += (TTL + 1) * 1000;
    const request = bankPayout();
    await client.createPayout(request);
    expect(ops(calls)).toEqual([
      'login:200:1',
      'listPayouts:200:1',
      'createPayout:401:1',
      'login:200:1',
      'createPayout:200:2',
    ]);
    // The 401 was refused before processing: exactly one payout exists.
    expect(f.sandbox.inspect.payouts().filter((p) => p.order_id === request.order_id)).toHaveLength(
      1,
    );
  });

  it('logs in again before expiry, by its own clock, without meeting a 401', async () => {
    let clientClock = sandboxClock;
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({ now: () => clientClock, tokenRefreshMarginSeconds: 60 }, calls);
    await client.listPayouts({ limit: 1 });
    clientClock += (TTL - 61) * 1000;
    sandboxClock += (TTL - 61) * 1000;
    await client.listPayouts({ limit: 1 });
    clientClock += 2000;
    sandboxClock += 2000;
    await client.listPayouts({ limit: 1 });
    expect(ops(calls)).toEqual([
      'login:200:1',
      'listPayouts:200:1',
      'listPayouts:200:1',
      'login:200:1',
      'listPayouts:200:1',
    ]);
  });

  it('maps a bad password to auth: 403 "login_failue" (quirk), without the password', async () => {
    const password = 'wrong-password-8c1d';
    const client = f.makeClient({ password });
    const err = await f.fail(client.listPayouts({}));
    expect(err.kind).toBe('auth');
    expect(err.httpStatus).toBe(403);
    expect(err.operation).toBe('login');
    expect(err.upstreamMessage).toBe('login_failue');
    expect(err.outcomeUnknown).toBe(false);
    expect(leakedSecrets([err], [password])).toEqual([]);
  });

  it('does not cache a failed login: the next call logs in again', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({ userName: 'nobody@sandbox.test' }, calls);
    await f.fail(client.listPayouts({}));
    await f.fail(client.listPayouts({}));
    expect(ops(calls)).toEqual(['login:403:1', 'login:403:1']);
  });

  it('maps a wrong API key (401 echoing the key, quirk) to auth after one re-login, key redacted', async () => {
    const apiKey = 'wrong-api-key-5e7a2b';
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({ apiKey }, calls);
    const err = await f.fail(client.createPayout(bankPayout()));
    expect(err.kind).toBe('auth');
    expect(err.httpStatus).toBe(401);
    expect(err.outcomeUnknown).toBe(false);
    expect(err.upstreamMessage).toBe("merchant api key '[redacted]' is invalid");
    expect(ops(calls)).toEqual([
      'login:200:1',
      'createPayout:401:1',
      'login:200:1',
      'createPayout:401:2',
    ]);
    expect(calls.every((c) => !c.path.includes(apiKey))).toBe(true);
    expect(leakedSecrets([err], [apiKey])).toEqual([]);
  });

  it('maps a wrong API key on an MPI route (403 invalid_api_key) to auth', async () => {
    const apiKey = 'wrong-mpi-key-9d3f';
    const client = f.makeClient({ apiKey });
    const err = await f.fail(client.getDeposit('any'));
    expect(err.kind).toBe('auth');
    expect(err.httpStatus).toBe(403);
    expect(leakedSecrets([err], [apiKey])).toEqual([]);
  });

  it('speaks the v1 routes when configured', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({ apiVersion: 'v1' }, calls);
    expect(
      (await client.getPayoutProviders({ country: 'DE', currency: 'ETH' })).providers,
    ).toHaveLength(2);
    expect(calls.map((c) => c.path)).toEqual(['/v1/auth/login', '/v1/{api_key}/payouts/metadata']);
  });

  it('leaks no secret in any error produced above', () => {
    expect(f.errors.length).toBeGreaterThanOrEqual(5);
    const { apiKey, password } = f.sandbox.credentials;
    expect(leakedSecrets(f.errors, [apiKey, password, JWT])).toEqual([]);
  });
});
