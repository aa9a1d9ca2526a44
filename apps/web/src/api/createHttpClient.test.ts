// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, parseRetryAfter } from './ApiError.js';
import { createBatchesApi } from '../features/batches/batchesApi.js';
import { createHttpClient } from './createHttpClient.js';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    const request = { url: input instanceof Request ? input.url : input.toString(), init };
    sent.push(request);
    return Promise.resolve(respond(request));
  };
  return { fetch, sent };
}

function problem(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

describe('createHttpClient', () => {
  it('sends JSON with the headers the BFF expects and returns the parsed reply', async () => {
    const { fetch, sent } = fakeFetch(() =>
      Response.json({ id: 'pay_1', amount: '10.50' }, { status: 201 }),
    );
    const http = createHttpClient({ fetch });
    const reply = await http.request<{ id: string; amount: string }>({
      method: 'POST',
      path: '/payouts',
      body: { amount: '10.50' },
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(reply).toEqual({ id: 'pay_1', amount: '10.50' });
    expect(sent[0]!.url).toBe('/api/payouts');
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('k-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Requested-With']).toBe('fetch');
    expect(sent[0]!.init.credentials).toBe('same-origin');
    expect(sent[0]!.init.body).toBe('{"amount":"10.50"}');
  });

  it('sends a text body (a CSV file) as it is, with its media type', async () => {
    const { fetch, sent } = fakeFetch(() => Response.json({ id: 'bat_1' }, { status: 201 }));
    await createBatchesApi(createHttpClient({ fetch })).upload({
      country: 'BE',
      currency: 'EUR',
      payout_method_type: 'bank_account',
      provider: 'acme_pay',
      file_name: 'june 2026.csv',
      decimal: 'comma',
      csv: 'amount\r\n10.00\r\n',
    });
    expect(sent[0]!.url).toBe(
      '/api/batches?country=BE&currency=EUR&payout_method_type=bank_account&provider=acme_pay&file_name=june+2026.csv&decimal=comma',
    );
    expect((sent[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    expect(sent[0]!.init.body).toBe('amount\r\n10.00\r\n');
  });

  it('leaves empty query values out of the URL', async () => {
    const { fetch, sent } = fakeFetch(() => Response.json({ items: [], next_cursor: null }));
    await createHttpClient({ fetch }).request({
      method: 'GET',
      path: '/payouts',
      query: { status: 'pending,approved', q: '', cursor: undefined, order: 'desc' },
    });
    expect(sent[0]!.url).toBe('/api/payouts?status=pending%2Capproved&order=desc');
  });

  it('turns a problem+json reply into an ApiError with its code, field errors and request id', async () => {
    const { fetch } = fakeFetch(() =>
      problem(422, {
        type: 'urn:payouts:problem:validation_failed',
        title: 'The request has invalid fields',
        status: 422,
        detail: 'Some fields are invalid.',
        code: 'validation_failed',
        requestId: 'req-9',
        errors: [
          { pointer: '/metadata/email', message: 'Enter a valid e-mail address.' },
          { bad: 1 },
        ],
      }),
    );
    const error = await createHttpClient({ fetch })
      .request({ method: 'POST', path: '/payouts', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'validation_failed',
      status: 422,
      message: 'Some fields are invalid.',
      requestId: 'req-9',
      errors: [{ pointer: '/metadata/email', message: 'Enter a valid e-mail address.' }],
    });
  });

  it('reads Retry-After on a 429', async () => {
    const { fetch } = fakeFetch(() =>
      problem(
        429,
        { code: 'rate_limited', detail: 'Too many sign-in attempts.' },
        { 'Retry-After': '120' },
      ),
    );
    const error = await createHttpClient({ fetch })
      .request({ method: 'POST', path: '/session', body: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 120 });
  });

  it('names failures without a problem body by their status', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 503 }));
    const error = await createHttpClient({ fetch })
      .request({ method: 'GET', path: '/payouts' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'orchestrator_unavailable', status: 503 });
  });

  it('reports a request that got no answer as network_error', async () => {
    const fetch = (() =>
      Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    const error = await createHttpClient({ fetch })
      .request({ method: 'GET', path: '/payouts' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network_error', status: 0 });
  });

  it('answers undefined for 204', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(
      createHttpClient({ fetch }).request({ method: 'DELETE', path: '/session' }),
    ).resolves.toBeUndefined();
  });
});

describe('step-up', () => {
  const stepUpRequired = () =>
    problem(403, {
      code: 'step_up_required',
      status: 403,
      title: 'Confirm it is you',
      detail: 'Confirm it is you to continue.',
    });
  const send = (http: ReturnType<typeof createHttpClient>) =>
    http.request<{ ok: boolean }>({
      method: 'POST',
      path: '/users/u_2/factors/reset',
      body: { reason: 'lost phone' },
      headers: { 'Idempotency-Key': 'key-42' },
    });

  it('asks the step-up handler, then sends the same request again', async () => {
    let calls = 0;
    const { fetch, sent } = fakeFetch(() =>
      calls++ === 0 ? stepUpRequired() : Response.json({ ok: true }),
    );
    const asked: ApiError[] = [];
    const http = createHttpClient({
      fetch,
      onStepUp: (problem) => {
        asked.push(problem);
        return Promise.resolve();
      },
    });
    await expect(send(http)).resolves.toEqual({ ok: true });
    expect(asked.map((p) => p.code)).toEqual(['step_up_required']);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.url).toBe(sent[0]!.url);
    expect(sent[1]!.init.method).toBe('POST');
    expect(sent[1]!.init.body).toBe('{"reason":"lost phone"}');
    expect(sent[1]!.init.body).toBe(sent[0]!.init.body);
    const headers = sent[1]!.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-42');
  });

  it('fails with the original problem when the user cancels, without sending again', async () => {
    const { fetch, sent } = fakeFetch(() => stepUpRequired());
    const http = createHttpClient({
      fetch,
      onStepUp: () => Promise.reject(new Error('cancelled')),
    });
    const error = await send(http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'step_up_required', status: 403 });
    expect(sent).toHaveLength(1);
  });

  it("retries once only: a second step_up_required is the caller's", async () => {
    const { fetch, sent } = fakeFetch(() => stepUpRequired());
    let asked = 0;
    const http = createHttpClient({
      fetch,
      onStepUp: () => {
        asked += 1;
        return Promise.resolve();
      },
    });
    const error = await send(http).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'step_up_required' });
    expect(asked).toBe(1);
    expect(sent).toHaveLength(2);
  });

  it('passes other problems through without asking', async () => {
    const { fetch } = fakeFetch(() => problem(403, { code: 'forbidden', detail: 'No.' }));
    let asked = 0;
    const http = createHttpClient({
      fetch,
      onStepUp: () => {
        asked += 1;
        return Promise.resolve();
      },
    });
    await expect(send(http)).rejects.toMatchObject({ code: 'forbidden' });
    expect(asked).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Fri, 20 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
