import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../testing/testApp.js';
import { AppError } from '../shared/AppError.js';
import { createLogger } from './createLogger.js';
import { createProblemHandler } from './problemHandler.js';
import { createRequestLogger } from './requestLogger.js';

describe('problem handler', () => {
  const lines: Record<string, unknown>[] = [];
  const server = createServer();
  let base: string;

  beforeAll(async () => {
    const logger = createLogger({
      level: 'info',
      destination: {
        write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    });
    const app = express();
    app.use(createRequestLogger(logger));
    app.get('/boom', () => {
      throw new Error('db exploded: password=hunter2');
    });
    app.get('/items/:id', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/slow-down', () => {
      throw new AppError('rate_limited', 'Wait a bit.', { retryAfterSeconds: 12.2 });
    });
    app.use(createProblemHandler());
    server.on('request', app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('turns an unknown error into a generic 500 with the request id, logged once with its stack', async () => {
    const res = await fetch(`${base}/boom`, { headers: { 'X-Request-Id': 'req-boom-1' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = await readJson(res);
    expect(problem).toEqual({
      type: 'urn:payouts:problem:internal',
      title: 'Internal error',
      status: 500,
      detail: 'Something went wrong.',
      instance: '/boom',
      code: 'internal',
      requestId: 'req-boom-1',
    });
    expect(JSON.stringify(problem)).not.toContain('hunter2');
    const logged = lines.filter((l) => (l.req as { id?: string } | undefined)?.id === 'req-boom-1');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      err: { message: expect.stringContaining('db exploded') },
    });
  });

  it('sets Retry-After from the error', async () => {
    const res = await fetch(`${base}/slow-down`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('13');
    expect((await readJson(res)).detail).toBe('Wait a bit.');
  });

  it('answers a path parameter with broken percent-encoding as a 400, not a 500', async () => {
    for (const id of ['%zz', '%E0%A4', '%ED%A0%80']) {
      const res = await fetch(`${base}/items/${id}`);
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({
        code: 'malformed_request',
        detail: 'The URL is not validly encoded.',
      });
    }
  });
});
