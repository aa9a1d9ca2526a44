import { afterEach, describe, expect, it } from 'vitest';
import { bankPayout, startSandbox, type Harness } from '../testing/sandboxHarness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

async function rawPost(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 2000,
): Promise<Response> {
  return fetch(`${h.sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

describe('faults before processing (nothing is created)', () => {
  it.each([
    ['http_500', 500, 'InternalServerError'],
    ['http_502', 502, 'BadGateway'],
    ['http_503', 503, 'ServiceUnavailable'],
  ] as const)('%s answers %i in the envelope', async (kind, code, status) => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind, route: 'create_payout', times: 1 });
    const reply = await h.call('POST', h.payouts(), bankPayout({ order_id: 'f-1' }));
    expect(reply.status).toBe(code);
    expect(reply.json.response).toMatchObject({ status, code });
    expect(reply.json.result).toBeNull();
    expect(h.sandbox.inspect.payouts()).toEqual([]);
    expect(h.sandbox.inspect.createCalls()).toMatchObject([
      { order_id: 'f-1', outcome: 'fault', fault: kind },
    ]);
    // times: 1 -> the next call goes through, and the order id is still free.
    expect((await h.call('POST', h.payouts(), bankPayout({ order_id: 'f-1' }))).status).toBe(200);
  });

  it('http_429 carries Retry-After (ms rounded up to seconds)', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'http_429', ms: 2500, route: 'list_payouts' });
    const reply = await h.call('GET', h.payouts());
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('3');
    expect(reply.json.response).toMatchObject({ status: 'TooManyRequests', code: 429 });
  });

  it('answers MPI routes in the MPI error shape', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'http_503', route: 'fingerprint' });
    const reply = await h.call('GET', h.mpi('/fingerprint?country=DE&currency=EUR&cardBin=411111'));
    expect(reply.status).toBe(503);
    expect(reply.json).toEqual({
      response: {
        status: 'error',
        type: 'service_unavailable',
        code: 503,
        message: 'Service Unavailable',
      },
      result: null,
    });
  });

  it('malformed_json answers 200 with a body that does not parse', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'malformed_json', route: 'get_payout' });
    const reply = await h.call('GET', h.payouts('/anything'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(reply.text) as unknown).toThrow();
  });

  it('reset destroys the socket without a reply', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'reset', route: 'create_payout' });
    await expect(rawPost(h.payouts(), bankPayout())).rejects.toThrow();
    expect(h.sandbox.inspect.payouts()).toEqual([]);
    expect(h.sandbox.inspect.createCalls()[0]?.outcome).toBe('fault');
  });

  it('hang never answers, and close() still returns', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'hang' });
    await expect(
      fetch(`${h.sandbox.url}${h.payouts()}`, {
        headers: { authorization: `Bearer ${h.token}` },
        signal: AbortSignal.timeout(150),
      }),
    ).rejects.toThrow();
    const pending = fetch(`${h.sandbox.url}${h.payouts()}`, {
      headers: { authorization: `Bearer ${h.token}` },
    });
    const outcome = pending.then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 50));
    await h.close();
    expect(await outcome).toBe('failed');
  });

  it('latency delays the answer', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'latency', ms: 150, route: 'list_payouts', times: 1 });
    const started = Date.now();
    const reply = await h.call('GET', h.payouts());
    expect(reply.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('scopes rules by route and can be cleared', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'http_500', route: 'metadata' });
    expect((await h.call('GET', h.payouts())).status).toBe(200);
    expect((await h.call('GET', h.payouts('/metadata?country=US&currency=USD'))).status).toBe(500);
    expect((await h.call('GET', h.payouts('/metadata?country=US&currency=USD'))).status).toBe(500);
    h.sandbox.faults.clear();
    expect((await h.call('GET', h.payouts('/metadata?country=US&currency=USD'))).status).toBe(200);
  });

  it('strikes before authentication, like a failing proxy', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'http_502', route: 'login' });
    const reply = await h.call(
      'POST',
      '/v2/auth/login',
      { user_name: 'x', password: 'y' },
      { auth: false },
    );
    expect(reply.status).toBe(502);
  });
});

describe('faults after commit (the payout IS created: unknown outcome)', () => {
  it('http_500_after_commit creates the payout, then answers 500', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'http_500_after_commit', route: 'create_payout', times: 1 });
    const reply = await h.call('POST', h.payouts(), bankPayout({ order_id: 'ac-1' }));
    expect(reply.status).toBe(500);
    expect(h.sandbox.inspect.payouts().map((p) => p.order_id)).toEqual(['ac-1']);
    expect(h.sandbox.inspect.createCalls()[0]).toMatchObject({
      outcome: 'created',
      fault: 'http_500_after_commit',
      payout_id: h.sandbox.inspect.payouts()[0]?.id,
    });
    // Re-sending is refused: reconcile by merchantOrderId instead.
    expect((await h.call('POST', h.payouts(), bankPayout({ order_id: 'ac-1' }))).status).toBe(409);
    const found = await h.call('GET', h.payouts('?merchantOrderId=ac-1'));
    expect(found.json.result.records).toHaveLength(1);
  });

  it('reset_after_commit creates the payout, then destroys the socket', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'reset_after_commit', route: 'create_payout' });
    await expect(rawPost(h.payouts(), bankPayout({ order_id: 'ac-2' }))).rejects.toThrow();
    expect(h.sandbox.inspect.payouts().map((p) => p.order_id)).toEqual(['ac-2']);
  });

  it('hang_after_commit creates the payout and never answers', async () => {
    h = await startSandbox();
    h.sandbox.faults.add({ kind: 'hang_after_commit', route: 'create_payout' });
    await expect(rawPost(h.payouts(), bankPayout({ order_id: 'ac-3' }), {}, 200)).rejects.toThrow();
    expect(h.sandbox.inspect.payouts().map((p) => p.order_id)).toEqual(['ac-3']);
  });
});

describe('X-Sandbox-Fault header', () => {
  it('applies a fault to that one request', async () => {
    h = await startSandbox();
    const reply = await h.call('GET', h.payouts(), undefined, {
      headers: { 'x-sandbox-fault': 'http_503' },
    });
    expect(reply.status).toBe(503);
    expect((await h.call('GET', h.payouts())).status).toBe(200);
  });

  it('takes ms for latency and 429', async () => {
    h = await startSandbox();
    const started = Date.now();
    const slow = await h.call('GET', h.payouts(), undefined, {
      headers: { 'x-sandbox-fault': 'latency;ms=120' },
    });
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    const limited = await h.call('GET', h.payouts(), undefined, {
      headers: { 'x-sandbox-fault': 'http_429; ms=4000' },
    });
    expect(limited.headers.get('retry-after')).toBe('4');
  });

  it('can fail after commit', async () => {
    h = await startSandbox();
    const reply = await h.call('POST', h.payouts(), bankPayout({ order_id: 'hdr-1' }), {
      headers: { 'x-sandbox-fault': 'http_500_after_commit' },
    });
    expect(reply.status).toBe(500);
    expect(h.sandbox.inspect.payouts()).toHaveLength(1);
  });

  it('refuses an unknown fault loudly', async () => {
    h = await startSandbox();
    const reply = await h.call('GET', h.payouts(), undefined, {
      headers: { 'x-sandbox-fault': 'http_418' },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.response.message).toContain('Unknown X-Sandbox-Fault "http_418"');
  });
});

describe('magic fault amounts', () => {
  it('.15 creates the payout and hangs', async () => {
    h = await startSandbox();
    await expect(
      rawPost(h.payouts(), bankPayout({ order_id: 'mg-15', amount: 10.15 }), {}, 200),
    ).rejects.toThrow();
    expect(h.sandbox.inspect.payouts().map((p) => p.order_id)).toEqual(['mg-15']);
    expect(h.sandbox.inspect.createCalls()[0]).toMatchObject({
      outcome: 'created',
      fault: 'hang_after_commit',
    });
  });

  it('.16 answers 500 and creates nothing', async () => {
    h = await startSandbox();
    const reply = await h.call('POST', h.payouts(), bankPayout({ amount: 10.16 }));
    expect(reply.status).toBe(500);
    expect(h.sandbox.inspect.payouts()).toEqual([]);
    expect(h.sandbox.inspect.createCalls()[0]).toMatchObject({
      outcome: 'fault',
      fault: 'http_500',
    });
  });

  it('.17 creates the payout, then answers 500', async () => {
    h = await startSandbox();
    const reply = await h.call('POST', h.payouts(), bankPayout({ amount: 1017 / 100 }));
    expect(reply.status).toBe(500);
    expect(h.sandbox.inspect.payouts()).toHaveLength(1);
    expect(h.sandbox.inspect.createCalls()[0]).toMatchObject({
      outcome: 'created',
      fault: 'http_500_after_commit',
    });
  });
});
