import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../createSandbox.js';
import { login, startSandbox, toReply, type Harness } from '../testing/sandboxHarness.js';
import type { Sandbox } from '../types.js';

let harness: Harness | undefined;
let bare: Sandbox | undefined;
afterEach(async () => {
  await harness?.close();
  await bare?.close();
  harness = undefined;
  bare = undefined;
});

async function postLogin(url: string, body: unknown): Promise<ReturnType<typeof toReply>> {
  return toReply(
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('login', () => {
  it.each(['/v2/auth/login', '/v1/auth/login', '/auth/login'])(
    'issues a JWT-looking token and a refresh token at %s',
    async (path) => {
      bare = await createSandbox({ logger: false, tokenTtlSeconds: 90 });
      const reply = await postLogin(`${bare.url}${path}`, {
        user_name: 'merchant@sandbox.test',
        password: 'sandbox-password',
      });
      expect(reply.status).toBe(200);
      expect(reply.json.response).toEqual({ status: 'OK', code: 200, message: 'OK' });
      expect(reply.json.result.access_token.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(reply.json.result.access_token.expires_in).toBe(90);
      expect(typeof reply.json.result.refresh_token).toBe('string');
      expect(bare.inspect.issuedTokens()).toEqual([
        reply.json.result.access_token.token,
        reply.json.result.refresh_token,
      ]);
    },
  );

  it('refuses bad credentials with the real service\'s "login_failue" and no result', async () => {
    bare = await createSandbox({ logger: false });
    const reply = await postLogin(`${bare.url}/v2/auth/login`, {
      user_name: 'merchant@sandbox.test',
      password: 'wrong',
    });
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual({
      response: { status: 'Forbidden', code: 403, message: 'login_failue' },
    });
  });

  it('lists missing credentials as validation issues', async () => {
    bare = await createSandbox({ logger: false });
    const reply = await postLogin(`${bare.url}/v2/auth/login`, {});
    expect(reply.status).toBe(400);
    expect(reply.json.result.map((i: { field: string }) => i.field)).toEqual([
      'user_name',
      'password',
    ]);
  });

  it('uses the configured credentials', async () => {
    bare = await createSandbox({ logger: false, userName: 'ops', password: 'pa55' });
    expect(bare.credentials.userName).toBe('ops');
    const ok = await postLogin(`${bare.url}/auth/login`, { user_name: 'ops', password: 'pa55' });
    expect(ok.status).toBe(200);
    const old = await postLogin(`${bare.url}/auth/login`, {
      user_name: 'merchant@sandbox.test',
      password: 'sandbox-password',
    });
    expect(old.status).toBe(403);
  });
});

describe('bearer token', () => {
  it('answers 401 Unauthorized with result null when the token is missing or unknown', async () => {
    harness = await startSandbox();
    const missing = await harness.call('GET', harness.payouts(), undefined, { auth: false });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({
      response: { status: 'Unauthorized', code: 401, message: 'Missing bearer token' },
      result: null,
    });
    const forged = await harness.call('GET', harness.payouts(), undefined, {
      auth: false,
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.status).toBe(401);
    expect(forged.json.response.message).toBe('Invalid access token');
  });

  it('expires tokens by the sandbox clock', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    harness = await startSandbox({ now: () => now, tokenTtlSeconds: 60 });
    expect((await harness.call('GET', harness.payouts())).status).toBe(200);
    now = new Date('2030-01-01T00:00:59Z');
    expect((await harness.call('GET', harness.payouts())).status).toBe(200);
    now = new Date('2030-01-01T00:01:00Z');
    const expired = await harness.call('GET', harness.payouts());
    expect(expired.status).toBe(401);
    expect(expired.json.response).toEqual({
      status: 'Unauthorized',
      code: 401,
      message: 'Access token expired',
    });
    const fresh = await login(harness.sandbox);
    const again = await fetch(`${harness.sandbox.url}${harness.payouts()}`, {
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(again.status).toBe(200);
  });

  it('is needed on MPI routes too, in the same 401 shape', async () => {
    harness = await startSandbox();
    const reply = await harness.call(
      'GET',
      harness.mpi('/fingerprint?country=DE&currency=EUR&cardBin=411111'),
      undefined,
      { auth: false },
    );
    expect(reply.status).toBe(401);
    expect(reply.json.response.status).toBe('Unauthorized');
  });
});

describe('API key in the path', () => {
  it("echoes a wrong key in a 401 without status or result on payout routes (the real service's quirk)", async () => {
    harness = await startSandbox();
    for (const version of ['v1', 'v2']) {
      const reply = await harness.call('GET', `/${version}/not-the-key/payouts`);
      expect(reply.status).toBe(401);
      expect(reply.json).toEqual({
        response: { code: 401, message: "merchant api key 'not-the-key' is invalid" },
      });
    }
  });

  it('answers 403 invalid_api_key on MPI routes, with and without v2', async () => {
    harness = await startSandbox();
    for (const prefix of ['/mpi/v2', '/mpi']) {
      const reply = await harness.call(
        'GET',
        `${prefix}/not-the-key/fingerprint?country=DE&currency=EUR&cardBin=411111`,
      );
      expect(reply.status).toBe(403);
      expect(reply.json).toEqual({
        response: {
          status: 'error',
          type: 'invalid_api_key',
          code: 403,
          message: 'Invalid API key',
        },
        result: null,
      });
    }
  });

  it('checks the token before the key, so a caller without a token learns nothing about keys', async () => {
    harness = await startSandbox();
    const reply = await harness.call('GET', '/v2/not-the-key/payouts', undefined, { auth: false });
    expect(reply.status).toBe(401);
    expect(reply.text).not.toContain('not-the-key');
  });
});
