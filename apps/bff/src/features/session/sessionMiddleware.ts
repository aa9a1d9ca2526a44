import type { RequestHandler } from 'express';
import type { SessionService } from './sessionService.js';
import { setAuth } from '../../http/authContext.js';
import { parseCookies } from '../../http/parseCookies.js';
import { clearSessionCookie, type SessionCookieSettings } from '../../http/sessionCookie.js';

/**
 * Resolves the session cookie to a user for the rest of the request. It never refuses by
 * itself (`requirePermission` does); a dead cookie is cleared so the browser stops sending it.
 */
export function sessionMiddleware({
  sessionService,
  cookie,
}: {
  sessionService: SessionService;
  cookie: SessionCookieSettings;
}): RequestHandler {
  return async (req, res, next) => {
    const sessionId = parseCookies(req.headers.cookie).get(cookie.cookieName);
    if (!sessionId) {
      next();
      return;
    }
    const found = await sessionService.authenticate(sessionId);
    if (found) setAuth(req, { user: found.user, security: found.security, sessionId });
    else clearSessionCookie(res, cookie);
    next();
  };
}
