import type { Request, RequestHandler } from 'express';
import { AppError } from '../shared/AppError.js';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * A body in anything but JSON is refused (415) instead of being silently ignored by the JSON
 * parser and then reported as missing fields. Bodiless requests pass. JSON travels as UTF-8
 * (RFC 8259): another charset is refused too, because the parser would decode, say, a one-byte
 * body as UTF-16 to an empty text and read that as `{}` (a valid approval or cancel).
 */
export function requireJsonBody(
  options: {
    /** Requests whose body is not JSON on purpose (a file upload); their route checks it. */
    allowOther?: (req: Request) => boolean;
  } = {},
): RequestHandler {
  return (req, _res, next) => {
    if (options.allowOther?.(req)) {
      next();
      return;
    }
    const length = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (hasBody && !req.is('application/json')) {
      next(new AppError('unsupported_media_type', 'Send the body as application/json.'));
      return;
    }
    const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (hasBody && charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      next(new AppError('unsupported_media_type', 'Send JSON as UTF-8.'));
      return;
    }
    next();
  };
}
