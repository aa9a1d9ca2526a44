import type { CookieOptions, Response } from 'express';

export interface SessionCookieSettings {
  /** `__Host-session` over https (Secure, Path=/, no Domain), `session` over plain http. */
  cookieName: string;
  secureCookie: boolean;
  absoluteTimeoutMs: number;
}

function options(settings: SessionCookieSettings): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.secureCookie,
    path: '/',
  };
}

export function setSessionCookie(
  res: Response,
  settings: SessionCookieSettings,
  sessionId: string,
): void {
  res.cookie(settings.cookieName, sessionId, {
    ...options(settings),
    maxAge: settings.absoluteTimeoutMs,
  });
}

export function clearSessionCookie(res: Response, settings: SessionCookieSettings): void {
  res.clearCookie(settings.cookieName, options(settings));
}
