import type { AuthOptionsDto } from '@payouts/contracts';
import { Router } from 'express';
import { AppError } from '../../http/AppError.js';
import { auditContextOf } from '../../http/authContext.js';
import { setSessionCookie, type SessionCookieSettings } from '../../http/sessionCookie.js';
import type { OidcSignIn } from './oidcSignIn.js';

/** Public routes: what the sign-in page offers, and the single sign-on round trip. */
export function createOidcRouter({
  options,
  oidcSignIn,
  cookie,
}: {
  options: AuthOptionsDto;
  /** Undefined when single sign-on is not configured: its routes answer 404. */
  oidcSignIn: OidcSignIn | undefined;
  cookie: SessionCookieSettings;
}): Router {
  const router = Router();

  router.get('/auth/options', (_req, res) => {
    res.json(options satisfies AuthOptionsDto);
  });

  if (!oidcSignIn) {
    // Mounted either way (one route list whatever the mode): without a provider, nothing here.
    const off = () => {
      throw new AppError('not_found', 'Single sign-on is not configured.');
    };
    router.get('/auth/oidc/start', off);
    router.get('/auth/oidc/callback', off);
    return router;
  }

  router.get('/auth/oidc/start', async (req, res) => {
    const returnTo = typeof req.query.return_to === 'string' ? req.query.return_to : undefined;
    const result = await oidcSignIn.start(returnTo);
    res.redirect(
      302,
      result.kind === 'redirect' ? result.url.href : `/sign-in?error=${result.refusal}`,
    );
  });

  router.get('/auth/oidc/callback', async (req, res) => {
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    const result = await oidcSignIn.callback(query, {
      userAgent: req.headers['user-agent'] ?? null,
      context: auditContextOf(req),
    });
    if (result.kind === 'refused') {
      res.redirect(302, `/sign-in?error=${result.refusal}`);
      return;
    }
    setSessionCookie(res, cookie, result.sessionId);
    res.redirect(302, result.returnTo);
  });

  return router;
}
