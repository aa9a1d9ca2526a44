import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// The notification token is a secret carried in the path; it is cut out of every logged URL.
const SECRET_PATH = /(\/api\/orchestrator\/notifications\/)[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[Redacted]');
}

/**
 * One log line per request. The request id is the caller's `X-Request-Id` when it looks sane
 * (so a proxy's id threads through), otherwise a fresh UUID; it is echoed on the response.
 */
export function createRequestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
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
    serializers: {
      req: (req: { url: string }) => ({ ...req, url: redactUrl(req.url) }),
    },
  });
}
