import type { SessionReply } from '@payouts/contracts';
import { Router } from 'express';
import type { Store } from 'express-rate-limit';
import { z } from 'zod';
import { auditContextOf, getAuth } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { AppError } from '../../http/AppError.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import {
  clearSessionCookie,
  setSessionCookie,
  type SessionCookieSettings,
} from '../../http/sessionCookie.js';
import type { SessionService } from './sessionService.js';
import type { SignInDelays } from './signInDelays.js';
import { signInRateLimit, type SignInLimits } from './signInRateLimit.js';

/** The sign-in body (also the throttle's test of what counts as an attempt). */
export const signInBody = z
  .object({
    email: z.string().trim().min(1, 'Enter your email').max(320),
    password: z.string().min(1, 'Enter your password').max(1024),
  })
  .strict();

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

  router.post('/session', ...throttle, async (req, res) => {
    const body = parseInput(signInBody, req.body);
    const result = await sessionService.signIn(
      { ...body, userAgent: req.headers['user-agent'] ?? null },
      auditContextOf(req),
    );
    setSessionCookie(res, cookie, result.sessionId);
    const reply = await sessionService.reply(result.sessionId);
    if (!reply) throw new AppError('unauthenticated', 'Sign in to continue.');
    res.json(reply satisfies SessionReply);
  });

  router.get('/session', requirePermission('session:read'), async (req, res) => {
    const reply = await sessionService.reply(authOf(req).sessionId);
    if (!reply) throw new AppError('unauthenticated', 'Sign in to continue.');
    res.json(reply satisfies SessionReply);
  });

  // Signing out twice, or without a session, is not an error: the outcome is the same.
  router.delete('/session', async (req, res) => {
    const auth = getAuth(req);
    if (auth) await sessionService.signOut(auth.sessionId, auditContextOf(req));
    clearSessionCookie(res, cookie);
    res.status(204).end();
  });

  return router;
}
