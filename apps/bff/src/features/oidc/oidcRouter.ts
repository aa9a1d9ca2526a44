import type { AuthOptionsDto } from '@payouts/contracts';
import { sessionEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { AppError } from '../../shared/AppError.js';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import { setSessionCookie, type SessionCookieSettings } from '../../http/sessionCookie.js';
import { parseCookies } from '../../http/parseCookies.js';
import { OIDC_SIGN_IN_TTL_MS, type OidcSignIn } from './oidcSignIn.js';

/** Sign-ins one address may start per window (each stores a pending sign-in). */
export const OIDC_STARTS_PER_ADDRESS = 30;
const OIDC_START_WINDOW_MS = 5 * 60_000;

/** Public routes: what the sign-in page offers, and the single sign-on round trip. */
export function createOidcRouter({
  options,
  oidcSignIn,
  cookie,
  newStore,
}: {
  options: AuthOptionsDto;
  /** Undefined when single sign-on is not configured: its routes answer 404. */
  oidcSignIn: OidcSignIn | undefined;
  cookie: SessionCookieSettings;
  /** The rate limiter's store (the database one: every BFF process counts together). */
  newStore?: () => Store;
}): Router {
  const router = Router();
  const startLimit = [
    rateLimit({
      windowMs: OIDC_START_WINDOW_MS,
      limit: OIDC_STARTS_PER_ADDRESS,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      identifier: 'oidc-start-address',
      ...(newStore ? { store: newStore() } : {}),
      keyGenerator: (req) => `oidc-start:${ipKeyGenerator(req.ip ?? 'unknown')}`,
      handler: (_req, res, next) => {
        const retryAfter = Number(res.getHeader('Retry-After'));
        next(
          new AppError('rate_limited', 'Too many sign-ins started. Try again later.', {
            retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : 60,
          }),
        );
      },
    }),
  ];

  // The sign-in in progress is bound to the browser that started it (decision 042): Lax, so
  // the provider's redirect back (a top-level GET from another site) carries it.
  const bindingCookie = cookie.secureCookie ? '__Host-oidc-sign-in' : 'oidc-sign-in';
  const bindingOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookie.secureCookie,
    path: '/',
  };
  // Mounted either way (one route list whatever the mode): without a provider, nothing here.
  const configured = (): OidcSignIn => {
    if (!oidcSignIn) throw new AppError('not_found', 'Single sign-on is not configured.');
    return oidcSignIn;
  };

  const { authOptions, oidcStart, oidcCallback } = sessionEndpoints;
  mountEndpoints(
    router,
    { authOptions, oidcStart, oidcCallback },
    {
      authOptions: () => options,
      oidcStart: async ({ req, res }) => {
        const returnTo = typeof req.query.return_to === 'string' ? req.query.return_to : undefined;
        const result = await configured().start(returnTo);
        if (result.kind === 'redirect') {
          res.cookie(bindingCookie, result.binding, {
            ...bindingOptions,
            maxAge: OIDC_SIGN_IN_TTL_MS,
          });
        }
        res.redirect(
          302,
          result.kind === 'redirect' ? result.url.href : `/sign-in?error=${result.refusal}`,
        );
      },
      oidcCallback: async ({ req, res, audit }) => {
        const signIn = configured();
        const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
        const binding = parseCookies(req.headers.cookie).get(bindingCookie);
        res.clearCookie(bindingCookie, bindingOptions);
        const result = await signIn.callback(query, {
          userAgent: req.headers['user-agent'] ?? null,
          context: audit,
          binding,
        });
        if (result.kind === 'refused') {
          res.redirect(302, `/sign-in?error=${result.refusal}`);
          return;
        }
        setSessionCookie(res, cookie, result.sessionId);
        res.redirect(302, result.returnTo);
      },
    },
    // Only a configured provider counts starts against the address's limit.
    { oidcStart: oidcSignIn ? startLimit : [] },
  );
  return router;
}
