import type { RequestHandler } from 'express';
import { AppError } from './AppError.js';

/**
 * A body in anything but JSON is refused (415) instead of being silently ignored by the JSON
 * parser and then reported as missing fields. Bodiless requests pass.
 */
export function requireJsonBody(): RequestHandler {
  return (req, _res, next) => {
    const length = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (hasBody && !req.is('application/json')) {
      next(new AppError('unsupported_media_type', 'Send the body as application/json.'));
      return;
    }
    next();
  };
}
