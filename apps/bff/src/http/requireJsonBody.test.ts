import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblemHandler } from './problemHandler.js';
import { requireJsonBody } from './requireJsonBody.js';

describe('requireJsonBody', () => {
  const server = createServer();
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(requireJsonBody());
    app.use(express.json());
    app.post('/echo', (req, res) => {
      res.json({ body: (req.body as unknown) ?? null });
    });
    app.use(createProblemHandler());
    server.on('request', app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string | undefined, contentType?: string) =>
    fetch(`${base}/echo`, {
      method: 'POST',
      body,
      headers: contentType ? { 'Content-Type': contentType } : {},
    });

  it('passes JSON in UTF-8 and bodiless requests', async () => {
    expect((await post('{"a":1}', 'application/json')).status).toBe(200);
    expect((await post('{"a":1}', 'application/json; charset=UTF-8')).status).toBe(200);
    expect((await post(undefined)).status).toBe(200);
  });

  it('refuses another content type, and JSON in another charset', async () => {
    expect((await post('{"a":1}', 'text/plain')).status).toBe(415);
    // One byte read as UTF-16 decodes to nothing, which the parser would take for `{}`.
    const utf16 = await post('{', 'application/json; charset=utf-16');
    expect(utf16.status).toBe(415);
    expect((await post('{}', 'application/json; charset="utf-32"')).status).toBe(415);
    expect((await post('{}', 'application/json; charset=latin1')).status).toBe(415);
  });
});
