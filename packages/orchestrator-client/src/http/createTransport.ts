import type { IncomingHttpHeaders } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Pool, type Dispatcher } from 'undici';

export interface HttpExchange {
  method: 'GET' | 'POST';
  /** Path and query, relative to the base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface Transport {
  send(exchange: HttpExchange): Promise<HttpReply>;
  close(): Promise<void>;
}

export interface TransportOptions {
  baseUrl: string;
  connections: number;
}

/**
 * One keep-alive undici Pool per client: connections are reused across calls instead of a TLS
 * and TCP handshake per call. A base URL may carry a path prefix (a gateway mount point).
 */
export function createTransport(options: TransportOptions): Transport {
  const url = new URL(options.baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const pool = new Pool(url.origin, { connections: options.connections });
  // Calls of this client inside undici (sending, or reading their reply).
  let inFlight = 0;
  return {
    async send(exchange) {
      let response: Dispatcher.ResponseData;
      let text: string;
      inFlight += 1;
      try {
        response = await pool.request({
          method: exchange.method,
          path: `${prefix}${exchange.path}`,
          headers: exchange.headers,
          body: exchange.body ?? null,
          signal: exchange.signal,
        });
        text = await response.body.text();
      } finally {
        inFlight -= 1;
      }
      // undici marks a connection free only an event-loop turn after its response ended; a call
      // made in between (a login, then the call that waited for it) would open a second
      // connection. When nothing else is in flight, yield that one turn so the next call
      // reuses this connection. (`pool.stats` walks every connection: under load another call
      // is almost always in flight, which rules the wait out without asking.)
      if (inFlight === 0) {
        const stats = pool.stats;
        if (stats.connected > 0 && stats.free === 0 && stats.running === 0 && stats.pending === 0) {
          await nextTurn();
        }
      }
      return { status: response.statusCode, headers: response.headers, text };
    },
    close: () => pool.close(),
  };
}
