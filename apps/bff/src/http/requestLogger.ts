import { randomUUID } from 'node:crypto';
import { maskCardNumbers } from '@payouts/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stdSerializers, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { ACCESS_LOG_REDACT_PATHS } from './createLogger.js';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// The notification token is a secret carried in the path; it is cut out of every logged URL.
const SECRET_PATH = /(\/api\/orchestrator\/notifications\/)[^/?#]+/;
// A secret in a query parameter (`/metrics?token=…`, `?api_key=…`, `?client_secret=…`): its value
// is cut out whatever the route.
const SECRET_QUERY = /([?&](?:[^=&#]*?)(?:token|key|secret|password)[^=&#]*=)[^&#]*/gi;

/**
 * The URL as it may be logged: without the notification token or a secret query parameter's
 * value (`token`, `key`, `secret`, `password` in its name), and with a card number typed into
 * a search (refused, but still logged) masked. Encoded spaces and dashes are read as the
 * separators people type, so `4111%201111%201111%201111` is found too.
 */
export function redactUrl(url: string): string {
  const withoutToken = url
    .replace(SECRET_PATH, '$1[Redacted]')
    .replace(SECRET_QUERY, '$1[Redacted]');
  const readable = withoutToken.replace(/%20|\+/g, ' ').replace(/%2D/gi, '-');
  const masked = maskCardNumbers(readable, { luhnOnly: true });
  return masked === readable ? withoutToken : masked;
}

interface LoggedRequest extends IncomingMessage {
  /** Express's: the URL before routers trimmed their mount paths. */
  originalUrl?: string;
}

/**
 * The access-log view of a request: who asked what, never its headers (cookies and
 * `Authorization` are left out rather than redacted, and serialising every header of every
 * request was a measurable part of the BFF's own time).
 */
export function serializeRequest(req: LoggedRequest) {
  const userAgent = req.headers['user-agent'];
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url ?? ''),
    remoteAddress: req.socket?.remoteAddress,
    ...(userAgent === undefined ? {} : { userAgent: userAgent.slice(0, 256) }),
  };
}

/** The access-log view of a response: its status (no headers, so no `Set-Cookie`). */
export function serializeResponse(res: ServerResponse) {
  return { statusCode: res.statusCode };
}

/**
 * One log line per request. The request id is the caller's `X-Request-Id` when it looks sane
 * (so a proxy's id threads through), otherwise a fresh UUID; it is echoed on the response.
 * The logger's redaction (createLogger.ts) still applies to every line, errors included.
 */
export function createRequestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    // Every request makes a line: it gets the access log's narrower redaction. Use the app's
    // logger, not `req.log`, for anything else.
    logger: logger.child({}, { redact: { paths: ACCESS_LOG_REDACT_PATHS, censor: '[Redacted]' } }),
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // The serializers below read the raw objects: pino-http's wrappers would first copy every
    // header of the request and the response into new objects, only for them to be dropped.
    wrapSerializers: false,
    serializers: {
      req: serializeRequest,
      res: serializeResponse,
      err: stdSerializers.err,
    },
  });
}
