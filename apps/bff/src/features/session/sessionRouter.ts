import { signInBody } from '@payouts/contracts';
import { sessionEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import type { Store } from 'express-rate-limit';
import { AppError } from '../../shared/AppError.js';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import {
  clearSessionCookie,
  setSessionCookie,
  type SessionCookieSettings,
} from '../../http/sessionCookie.js';
import type { SessionService } from './sessionService.js';
import type { SignInDelays } from './signInDelays.js';
import { signInRateLimit, type SignInLimits } from './signInRateLimit.js';

export function createSessionRouter({
  sessionService,
  cookie,
  signInLimits,
  signInThrottleStore,
  signInDelays,
}: {
  sessionService: SessionService;
  cookie: SessionCookieSettings;
  signInLimits: SignInLimits;
  /** A new store per limiter (the database one: every BFF process counts together). */
  signInThrottleStore: () => Store;
  /** Growing delays per account (the database: every BFF process counts together). */
  signInDelays: SignInDelays;
}): Router {
  const router = Router();
  const throttle = signInRateLimit({
    limits: signInLimits,
    newStore: signInThrottleStore,
    delays: signInDelays,
    isAttempt: (req) => signInBody.safeParse(req.body).success,
  });

  const { signIn, getSession, signOut } = sessionEndpoints;
  mountEndpoints(
    router,
    { signIn, getSession, signOut },
    {
      signIn: async ({ body, audit, req, res }) => {
        const result = await sessionService.signIn(
          { ...body, userAgent: req.headers['user-agent'] ?? null },
          audit,
        );
        setSessionCookie(res, cookie, result.sessionId);
        const reply = await sessionService.reply(result.sessionId);
        if (!reply) throw new AppError('unauthenticated', 'Sign in to continue.');
        return reply;
      },
      getSession: async ({ auth }) => {
        const reply = await sessionService.reply(auth.sessionId);
        if (!reply) throw new AppError('unauthenticated', 'Sign in to continue.');
        return reply;
      },
      // Signing out twice, or without a session, is not an error: the outcome is the same.
      signOut: async ({ auth, audit, res }) => {
        if (auth) await sessionService.signOut(auth.sessionId, audit);
        clearSessionCookie(res, cookie);
      },
    },
    { signIn: throttle },
  );
  return router;
}
