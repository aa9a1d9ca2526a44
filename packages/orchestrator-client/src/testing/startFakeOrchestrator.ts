import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrchestratorError } from '../errors/OrchestratorError.js';

export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as-is; anything else as JSON. */
  body?: unknown;
  /** Destroy the socket instead of answering. */
  reset?: boolean;
}

export interface FakeOrchestrator {
  url: string;
  requests: FakeRequest[];
  connections: () => number;
  close: () => Promise<void>;
}

/**
 * A scripted HTTP server for the few faults the sandbox cannot produce (an HTTP 200 carrying
 * an error envelope, upstream messages echoing the token, ...). Logins are answered by
 * `login`, everything else by `handle`.
 */
export async function startFakeOrchestrator(
  handle: (req: FakeRequest) => FakeReply | Promise<FakeReply>,
  options: { token?: string; expiresIn?: number; loginGate?: Promise<void> } = {},
): Promise<FakeOrchestrator> {
  const requests: FakeRequest[] = [];
  let connections = 0;
  let logins = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fake: FakeRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(fake);
      const reply: Promise<FakeReply> = /\/auth\/login$/.test(fake.url)
        ? (options.loginGate ?? Promise.resolve()).then(() => ({
            body: {
              response: { status: 'OK', code: 200, message: 'OK' },
              result: {
                access_token: {
                  token: `${options.token ?? 'fake-token'}-${(logins += 1)}`,
                  expires_in: options.expiresIn ?? 3600,
                },
                refresh_token: 'r',
              },
            },
          }))
        : Promise.resolve(handle(fake));
      reply.then(
        (r) => {
          if (r.reset === true) {
            req.socket.destroy();
            return;
          }
          const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? null);
          res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
          res.end(text);
        },
        () => req.socket.destroy(),
      );
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The OK envelope around a result. */
export function ok(result: unknown): FakeReply {
  return { body: { response: { status: 'OK', code: 200, message: 'OK' }, result } };
}

/** The OrchestratorError a call ends with (anything else, or success, fails the test). */
export async function failure(promise: Promise<unknown>): Promise<OrchestratorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OrchestratorError) return error;
    throw error;
  }
  throw new Error('expected an OrchestratorError');
}
