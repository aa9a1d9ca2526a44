import type { PayoutRequest } from '@payouts/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrchestratorClient } from './createOrchestratorClient.js';
import type { OrchestratorCallInfo, OrchestratorClientOptions } from './OrchestratorClient.js';
import { leakedSecrets } from './testing/assertNoSecrets.js';
import {
  failure,
  ok,
  startFakeOrchestrator,
  type FakeOrchestrator,
  type FakeReply,
  type FakeRequest,
} from './testing/startFakeOrchestrator.js';

/*
 * Client behaviour against a scripted server, for what the sandbox cannot be made to do.
 * The contract tests (orchestratorClient.contract.integration.test.ts) cover the real thing.
 */

const API_KEY = 'fake-key-4f1c9e';
const PASSWORD = 'fake-password-77';
const CARD = '4111111111111111';

const fakes: FakeOrchestrator[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function setup(
  handle: (req: FakeRequest) => FakeReply | Promise<FakeReply>,
  options: Partial<OrchestratorClientOptions> = {},
) {
  const fake = await startFakeOrchestrator(handle);
  fakes.push(fake);
  const calls: OrchestratorCallInfo[] = [];
  const client = createOrchestratorClient({
    baseUrl: fake.url,
    apiKey: API_KEY,
    userName: 'merchant',
    password: PASSWORD,
    timeoutMs: 2000,
    onCall: (info) => calls.push(info),
    ...options,
  });
  return { fake, client, calls };
}

const payout: PayoutRequest = {
  order_id: 'ord-1',
  provider: 'cards',
  country: 'US',
  currency: 'USD',
  state: 'NY',
  amount: '10.50',
  payout_method_type: 'credit_card',
  metadata: { creditCardNumber: CARD, expiryMonth: 12, expiryYear: 2030, email: 'a@b.c' },
};

const created = {
  id: 'p1',
  transaction_id: 't1',
  amount: 10.5,
  currency: 'USD',
  status: 'Pending',
  processing_date: '2024-05-01 10:00:00',
  payout_method: 'credit_card',
  failure_code: null,
};

describe('createOrchestratorClient against a scripted server', () => {
  it('sends the documented request: key in path, bearer token, lossless amount, numbers kept', async () => {
    const { fake, client } = await setup(() => ok(created));
    await client.createPayout({ ...payout, amount: '0010.500000000000000001' });
    const [login, create] = fake.requests;
    expect(login?.url).toBe('/v2/auth/login');
    expect(JSON.parse(login!.body)).toEqual({ user_name: 'merchant', password: PASSWORD });
    expect(login?.headers.authorization).toBeUndefined();
    expect(create?.url).toBe(`/v2/${API_KEY}/payouts`);
    expect(create?.headers.authorization).toBe('Bearer fake-token-1');
    expect(create?.headers['content-type']).toBe('application/json');
    expect(create?.body).toContain('"amount":10.500000000000000001');
    expect(create?.body).toContain('"expiryMonth":12');
    expect(create?.body).toContain(`"creditCardNumber":"${CARD}"`);
    await client.close();
  });

  it('honours apiVersion and a base URL with a path prefix', async () => {
    const fake = await startFakeOrchestrator((req) =>
      req.url.includes('/fingerprint')
        ? { headers: { 'content-type': 'text/html' }, body: '<p>fp</p>' }
        : ok({ providers: [] }),
    );
    fakes.push(fake);
    const client = createOrchestratorClient({
      baseUrl: `${fake.url}/gateway/`,
      apiKey: API_KEY,
      userName: 'm',
      password: PASSWORD,
      apiVersion: 'v1',
    });
    expect(await client.getPayoutProviders({ country: 'BE', currency: 'EUR' })).toEqual({
      providers: [],
      unsupported: [],
    });
    expect(
      await client.getFingerprint({ country: 'BE', currency: 'EUR', cardBin: '411111' }),
    ).toEqual({
      html: '<p>fp</p>',
    });
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/gateway/v1/auth/login',
      `/gateway/v1/${API_KEY}/payouts/metadata?country=BE&currency=EUR`,
      `/gateway/mpi/v2/${API_KEY}/fingerprint?country=BE&currency=EUR&cardBin=411111`,
    ]);
    await client.close();
  });

  it('never puts more than a BIN in the fingerprint URL', async () => {
    const { fake, client } = await setup(() => ({
      headers: { 'content-type': 'text/html' },
      body: '',
    }));
    expect(await client.getFingerprint({ country: 'BE', currency: 'EUR', cardBin: CARD })).toEqual({
      html: '',
    });
    expect(fake.requests[1]?.url).toMatch(/cardBin=41111111$/);
    expect(fake.requests[1]?.url).not.toContain(CARD);
    await client.close();
  });

  it('reads a fingerprint wrapped in the JSON envelope', async () => {
    const { client } = await setup(() => ok('<html>fp</html>'));
    expect(
      await client.getFingerprint({ country: 'BE', currency: 'EUR', cardBin: '4111' }),
    ).toEqual({
      html: '<html>fp</html>',
    });
    await client.close();
  });

  it('treats an HTTP 200 whose envelope carries an error code as that error', async () => {
    const { client } = await setup(() => ({
      body: {
        response: { status: 'NotFound', code: 404, message: 'no such payout' },
        result: null,
      },
    }));
    const err = await failure(client.getPayout('p404'));
    expect(err.kind).toBe('not_found');
    expect(err.httpStatus).toBe(404);
    await client.close();
  });

  it('refuses an amount that is not a plain decimal without sending anything', async () => {
    const { fake, client } = await setup(() => ok(created));
    const err = await failure(client.createPayout({ ...payout, amount: '1, "admin": true' }));
    expect(err.kind).toBe('validation');
    expect(err.issues?.[0]?.field).toBe('amount');
    expect(err.outcomeUnknown).toBe(false);
    expect(fake.requests).toHaveLength(0);
    await client.close();
  });

  it('refuses an empty id instead of calling the list route', async () => {
    const { fake, client } = await setup(() => ok({}));
    expect((await failure(client.getPayout(' '))).kind).toBe('validation');
    expect(fake.requests).toHaveLength(0);
    await client.close();
  });

  it('re-logs in once on a 401 and gives up with auth on the second', async () => {
    const { fake, client, calls } = await setup(() => ({
      status: 401,
      body: {
        response: { status: 'Unauthorized', code: 401, message: 'token expired' },
        result: null,
      },
    }));
    const err = await failure(client.listPayouts({}));
    expect(err.kind).toBe('auth');
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/v2/auth/login',
      `/v2/${API_KEY}/payouts`,
      '/v2/auth/login',
      `/v2/${API_KEY}/payouts`,
    ]);
    expect(fake.requests[3]?.headers.authorization).toBe('Bearer fake-token-2');
    expect(
      calls
        .filter((c) => c.operation === 'listPayouts')
        .map((c) => [c.attempt, c.httpStatus, c.errorKind]),
    ).toEqual([
      [1, 401, undefined],
      [2, 401, 'auth'],
    ]);
    await client.close();
  });

  it('maps an unreadable 2xx on a create call to protocol with an unknown outcome', async () => {
    const { client } = await setup(() => ({ body: '{"response": {"status": "OK"' }));
    const err = await failure(client.createPayout(payout));
    expect(err.kind).toBe('protocol');
    expect(err.outcomeUnknown).toBe(true);
    const wrongShape = await setup(() => ok({ id: 'p1' }));
    const err2 = await failure(wrongShape.client.createPayout(payout));
    expect(err2.kind).toBe('protocol');
    expect(err2.outcomeUnknown).toBe(true);
    expect(err2.message).toContain('result.status is not a string');
    await Promise.all([client.close(), wrongShape.client.close()]);
  });

  it('scrubs the token, key, password and card data the orchestrator echoes', async () => {
    const { client } = await setup((req) => ({
      status: 500,
      body: {
        response: {
          status: 'InternalServerError',
          code: 500,
          message: `boom: ${req.headers.authorization ?? ''} ${req.url} ${req.body} pw=${PASSWORD}`,
        },
        result: null,
      },
    }));
    const err = await failure(client.createPayout(payout));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(true);
    expect(leakedSecrets([err], [API_KEY, PASSWORD, 'fake-token-1', CARD])).toEqual([]);
    expect(err.upstreamMessage).toContain('[redacted]');
    await client.close();
  });

  it('passes only safe facts to the logger and the observer', async () => {
    const lines: string[] = [];
    const logger = {
      debug: (obj: object, msg?: string) => lines.push(JSON.stringify(obj) + (msg ?? '')),
      warn: (obj: object, msg?: string) => lines.push(JSON.stringify(obj) + (msg ?? '')),
    };
    const { client, calls } = await setup(
      (req) =>
        req.method === 'POST'
          ? {
              status: 400,
              body: { response: { code: 400, message: `card ${CARD} refused` }, result: null },
            }
          : ok({ next_page_cursor: null, records: [] }),
      { logger },
    );
    await failure(client.createPayout(payout));
    await client.listPayouts({ status: 'approved', limit: 5 });
    const everything = [...lines, JSON.stringify(calls)].join('\n');
    for (const secret of [API_KEY, PASSWORD, 'fake-token', CARD]) {
      expect(everything).not.toContain(secret);
    }
    expect(calls.map((c) => c.path)).toEqual([
      '/v2/auth/login',
      '/v2/{api_key}/payouts',
      '/v2/{api_key}/payouts',
    ]);
    expect(calls.every((c) => c.durationMs >= 0)).toBe(true);
    await client.close();
  });

  it('survives an observer that throws', async () => {
    const { client } = await setup(() => ok({ next_page_cursor: null, records: [] }), {
      onCall: () => {
        throw new Error('observer bug');
      },
    });
    await expect(client.listPayouts({})).resolves.toEqual({
      records: [],
      unreadable: [],
      nextPageCursor: null,
    });
    await client.close();
  });

  it('lets a call give up waiting for a shared login without failing the others', async () => {
    let release: () => void = () => {};
    const loginGate = new Promise<void>((r) => {
      release = r;
    });
    const fake = await startFakeOrchestrator(() => ok({ next_page_cursor: null, records: [] }), {
      loginGate,
    });
    fakes.push(fake);
    const client = createOrchestratorClient({
      baseUrl: fake.url,
      apiKey: API_KEY,
      userName: 'u',
      password: PASSWORD,
      timeoutMs: 5000,
    });
    const controller = new AbortController();
    const impatient = failure(client.createPayout(payout, { signal: controller.signal }));
    const short = failure(client.listPayouts({}, { timeoutMs: 50 }));
    const patient = client.listPayouts({});
    controller.abort();
    const cancelled = await impatient;
    expect(cancelled.kind).toBe('timeout');
    // Nothing was sent for the create call: its outcome is known.
    expect(cancelled.outcomeUnknown).toBe(false);
    expect(cancelled.message).toContain('cancelled by the caller while waiting for the login');
    expect((await short).message).toContain('timed out after 50 ms waiting for the login');
    release();
    await expect(patient).resolves.toEqual({ records: [], unreadable: [], nextPageCursor: null });
    expect(fake.requests.filter((r) => r.url.endsWith('/auth/login'))).toHaveLength(1);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && !r.url.endsWith('/auth/login')),
    ).toHaveLength(0);
    await client.close();
  });

  it('fails calls after close with unavailable', async () => {
    const { client } = await setup(() => ok({}));
    await client.close();
    const err = await failure(client.getPayout('p1'));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(false);
  });

  it('rejects bad options without echoing their values', () => {
    expect(() =>
      createOrchestratorClient({ baseUrl: 'nope', apiKey: '', userName: 'u', password: PASSWORD }),
    ).toThrow(/baseUrl is not a URL, apiKey is required/);
    try {
      createOrchestratorClient({
        baseUrl: 'nope',
        apiKey: API_KEY,
        userName: 'u',
        password: PASSWORD,
      });
    } catch (error) {
      expect(leakedSecrets([error], [API_KEY, PASSWORD])).toEqual([]);
    }
  });
});
