import type { RequestHandler } from 'express';
import { AppError } from '../shared/AppError.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfGuardOptions {
  /** The public URL's origin, e.g. `https://payouts.example.com`. */
  publicOrigin: string;
}

/**
 * Refuses state-changing requests that a browser did not send from our own origin
 * (docs/decisions/004-sessions-and-csrf.md):
 * - `Origin` equal to the public origin, or `Sec-Fetch-Site: same-origin`, passes;
 * - any other `Origin` / `Sec-Fetch-Site` is a cross-site request and is refused;
 * - with neither header (curl, scripts, old clients) a custom `X-Requested-With` header is
 *   required: a cross-site page cannot add one without a CORS preflight, which we never grant.
 */
export function csrfGuard({ publicOrigin }: CsrfGuardOptions): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    if (origin === publicOrigin || fetchSite === 'same-origin') {
      next();
      return;
    }
    if (origin === undefined && fetchSite === undefined && req.headers['x-requested-with']) {
      next();
      return;
    }
    next(new AppError('forbidden', 'Cross-site request refused.'));
  };
}
