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
    { method: 'get', path: '/api/items/:id', summary: '', tag: 't', access: 'payouts:read' },
    { query: z.strictObject({ n: z.coerce.number().int() }), reply: json(item) },
  ),
  // A literal path declared after the parameterised one still wins.
  getLatest: endpoint(
    { method: 'get', path: '/api/items/latest', summary: '', tag: 't', access: 'signed-in' },
    { reply: json(item) },
  ),
  createItem: endpoint(
    { method: 'post', path: '/api/items', summary: '', tag: 't', access: 'payouts:create' },
    { body: z.strictObject({ n: z.number() }), reply: json(item, 201, [202]) },
  ),
  removeItem: endpoint(
    { method: 'delete', path: '/api/items/:id', summary: '', tag: 't', access: 'public' },
    { reply: empty },
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
    init: { role?: string; method?: string; body?: unknown } = {},
  ) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.role ? { 'x-role': init.role } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
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
});
