import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { empty, endpoint, json } from '@payouts/contracts/endpoints';
import express, { Router } from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuth, type AuthContext } from './authContext.js';
import { mountEndpoints, withStatus } from './mountEndpoints.js';
import { createProblemHandler } from './problemHandler.js';

const item = z.strictObject({ id: z.string(), n: z.number() });
const endpoints = {
  getItem: endpoint(
    { method: 'get', path: '/api/items/:id', access: 'payouts:read' },
    {
      summary: '',
      tag: 't',
      query: z.strictObject({ n: z.coerce.number().int() }),
      reply: json(item),
    },
  ),
  // A literal path declared after the parameterised one still wins.
  getLatest: endpoint(
    { method: 'get', path: '/api/items/latest', access: 'signed-in' },
    { summary: '', tag: 't', reply: json(item) },
  ),
  createItem: endpoint(
    { method: 'post', path: '/api/items', access: 'payouts:create' },
    {
      summary: '',
      tag: 't',
      body: z.strictObject({ n: z.number() }),
      reply: json(item, 201, [202]),
    },
  ),
  removeItem: endpoint(
    { method: 'delete', path: '/api/items/:id', access: 'public' },
    { summary: '', tag: 't', reply: empty },
  ),
  fixCell: endpoint(
    { method: 'patch', path: '/api/items/:id/cells/:n', access: 'public' },
    {
      summary: '',
      tag: 't',
      params: z.strictObject({
        id: z.string(),
        n: z
          .string()
          .regex(/^[1-9][0-9]{0,6}$/, 'No such cell.')
          .transform(Number),
      }),
      body: z.strictObject({ to: z.string().optional() }),
      reply: json(item),
    },
  ),
  sendItem: endpoint(
    {
      method: 'post',
      path: '/api/items/send',
      access: 'public',
      idempotencyKey: true,
    },
    {
      summary: '',
      tag: 't',
      body: z.strictObject({ n: z.number() }),
      handlerChecksBody: true,
      reply: json(item),
    },
  ),
};

describe('mountEndpoints', () => {
  const server = createServer();
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    // `x-role` stands in for a session: none, or a user of that role.
    app.use((req, _res, next) => {
      const role = req.header('x-role');
      if (role) setAuth(req, { user: { id: 'u1', role } } as unknown as AuthContext);
      next();
    });
    const router = Router();
    mountEndpoints(router, endpoints, {
      getItem: ({ params, query }) => ({ id: params.id, n: query.n }),
      getLatest: ({ auth }) => ({ id: auth.user.id, n: 0 }),
      createItem: ({ body }) =>
        body.n > 9 ? withStatus(202, { id: 'later', n: body.n }) : { id: 'new', n: body.n },
      removeItem: () => undefined,
      fixCell: ({ params, body }) => ({ id: `${params.id}:${body.to ?? ''}`, n: params.n }),
      sendItem: ({ idempotencyKey, body }) => ({
        id: idempotencyKey,
        n: JSON.stringify(body).length,
      }),
    });
    app.use('/api', router);
    app.use(createProblemHandler());
    server.on('request', app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = async (
    path: string,
    init: {
      role?: string;
      method?: string;
      body?: unknown;
      text?: string;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.role ? { 'x-role': init.role } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.text !== undefined ? { 'content-type': 'text/plain' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(init.text !== undefined ? { body: init.text } : {}),
    });
    return {
      status: res.status,
      body: res.status === 204 ? null : await res.json(),
    };
  };

  it('checks access before anything else: 401 without a session, 403 for a role without the permission', async () => {
    expect((await call('/api/items/a?n=1')).status).toBe(401);
    expect((await call('/api/items/a?n=1', { role: 'nobody' })).status).toBe(403);
    expect((await call('/api/items/latest')).status).toBe(401);
    expect((await call('/api/items/a', { method: 'DELETE' })).status).toBe(204);
  });

  it('hands the handler parsed input and sends its reply with the endpoint status', async () => {
    expect(await call('/api/items/a%2Fb?n=3', { role: 'support' })).toEqual({
      status: 200,
      body: { id: 'a/b', n: 3 },
    });
    expect(await call('/api/items/latest', { role: 'support' })).toEqual({
      status: 200,
      body: { id: 'u1', n: 0 },
    });
    const created = await call('/api/items', { role: 'finance', method: 'POST', body: { n: 1 } });
    expect(created).toEqual({ status: 201, body: { id: 'new', n: 1 } });
    const later = await call('/api/items', { role: 'finance', method: 'POST', body: { n: 10 } });
    expect(later).toEqual({ status: 202, body: { id: 'later', n: 10 } });
  });

  it('refuses bad input with 422 before the handler runs', async () => {
    const badQuery = await call('/api/items/a?n=x&extra=1', { role: 'support' });
    expect(badQuery.status).toBe(422);
    const badBody = await call('/api/items', { role: 'finance', method: 'POST', body: { n: '1' } });
    expect(badBody.status).toBe(422);
  });

  it('needs a JSON body where the endpoint takes one: none is a 422, another type a 415', async () => {
    const patch = (init: { body?: unknown; text?: string }) =>
      call('/api/items/a/cells/2', { method: 'PATCH', ...init });
    expect(await patch({ body: {} })).toEqual({ status: 200, body: { id: 'a:', n: 2 } });
    expect(await patch({ body: { to: 'x' } })).toEqual({ status: 200, body: { id: 'a:x', n: 2 } });
    const none = await patch({});
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'validation_failed' });
    const text = await patch({ text: '{"to":"x"}' });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('parses the path by its schema: a parameter that does not fit is a 404 with its message', async () => {
    const missing = await call('/api/items/a/cells/0', { method: 'PATCH', body: {} });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', detail: 'No such cell.' });
    // A path that names nothing is a 404 even with a bad body.
    expect((await call('/api/items/a/cells/x', { method: 'PATCH', body: { to: 1 } })).status).toBe(
      404,
    );
  });

  it('checks an Idempotency-Key before the body, and leaves a body the handler checks unparsed', async () => {
    const noKey = await call('/api/items/send', { method: 'POST', body: { n: 'not a number' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ code: 'malformed_request' });
    const sent = await call('/api/items/send', {
      method: 'POST',
      body: { n: 'not a number' },
      headers: { 'Idempotency-Key': 'key-12345' },
    });
    expect(sent).toEqual({ status: 200, body: { id: 'key-12345', n: 20 } });
  });
});
