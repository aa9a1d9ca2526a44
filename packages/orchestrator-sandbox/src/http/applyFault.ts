import type { Response } from 'express';
import type { FaultKind } from '../types.js';
import type { RouteFamily } from './envelopes.js';
import { familyErrorEnvelope } from './envelopes.js';
import { sendJson } from './sendJson.js';

const TRUNCATED_JSON = '{"response":{"status":"OK","code":200,"message":"OK"},"result":{"id":';

/** Makes the reply fail the way `kind` says. `latency` is handled before, by the wrapper. */
export function applyFault(
  res: Response,
  family: RouteFamily,
  kind: FaultKind,
  ms: number | undefined,
): void {
  switch (kind) {
    case 'hang':
    case 'hang_after_commit':
      // Never answer; close() destroys the socket.
      return;
    case 'reset':
    case 'reset_after_commit': {
      const socket = res.req.socket;
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
      return;
    }
    case 'http_500':
    case 'http_500_after_commit':
      sendJson(res, 500, familyErrorEnvelope(family, 500, 'Internal Server Error'));
      return;
    case 'http_502':
      sendJson(res, 502, familyErrorEnvelope(family, 502, 'Bad Gateway'));
      return;
    case 'http_503':
      sendJson(res, 503, familyErrorEnvelope(family, 503, 'Service Unavailable'));
      return;
    case 'http_429':
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil((ms ?? 1000) / 1000))));
      sendJson(res, 429, familyErrorEnvelope(family, 429, 'Too Many Requests'));
      return;
    case 'malformed_json':
      res.status(200).type('application/json').send(TRUNCATED_JSON);
      return;
    case 'latency':
      return;
  }
}
