import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrchestratorClient } from '../createOrchestratorClient.js';

const seen: IncomingHttpHeaders[] = [];
const server = createServer((req, res) => {
  seen.push(req.headers);
  res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('sends the propagation headers (traceparent) on every request, never over its own', async () => {
  const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
  const client = createOrchestratorClient({
    baseUrl,
    apiKey: 'key',
    userName: 'user',
    password: 'password',
    timeoutMs: 2_000,
    propagationHeaders: () => ({ traceparent, accept: 'text/html' }),
  });
  await expect(client.listPayouts({ limit: 1 })).rejects.toThrow();
  await client.close();
  expect(seen.length).toBeGreaterThan(0);
  for (const headers of seen) {
    expect(headers.traceparent).toBe(traceparent);
    expect(headers.accept).toBe('application/json');
  }
});
