import { Agent, request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent exactly as given (no URL normalisation: `..`, broken escapes and all). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * HTTP without `fetch`'s guard rails: a GET with a body, a path with `..` or `%zz`, a huge
 * body. A reply the server sends before it has read the whole body still counts.
 */
export function createRawClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });

  function send(req: RawRequest): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const headers: Record<string, string> = { ...req.headers };
      if (body !== undefined) headers['Content-Length'] = String(body.length);
      // A huge body may be answered before it is read: use a connection of its own.
      const fresh = (body?.length ?? 0) > 64_000;
      if (fresh) headers.Connection = 'close';
      let settled = false;
      const outgoing = request(
        {
          host: hostname,
          port: Number(port),
          method: req.method,
          path: req.path,
          headers,
          agent: fresh ? false : agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => {
            if (!settled) reject(error);
          });
          res.on('end', () => {
            settled = true;
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      outgoing.setTimeout(15_000, () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', (error) => {
        // EPIPE/ECONNRESET after the server answered early: the answer is what counts.
        if (!settled) setTimeout(() => settled || reject(error), 200);
      });
      outgoing.end(body);
    });
  }

  return { send, close: () => agent.destroy() };
}

export type RawClient = ReturnType<typeof createRawClient>;
