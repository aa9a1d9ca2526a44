import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { AppError } from '../../http/AppError.js';

export interface SignInLimits {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

function limited(): RequestHandler {
  return (_req, res, next) => {
    // express-rate-limit has already set Retry-After; the problem carries the same number.
    const retryAfter = Number(res.getHeader('Retry-After'));
    next(
      new AppError('rate_limited', 'Too many sign-in attempts. Try again later.', {
        retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : 60,
      }),
    );
  };
}

/**
 * Two throttles on failed sign-ins: per address (one source guessing many accounts) and per
 * account (many sources guessing one account). Successful sign-ins do not count, so staff who
 * type their password right are never locked out by their own use; nor does a body that is no
 * sign-in attempt at all (`isAttempt` false: it gets its 422 and writes nothing). `newStore`
 * gives each limiter its own store; the database one makes every BFF process count together.
 */
export function signInRateLimit({
  limits,
  newStore,
  isAttempt,
}: {
  limits: SignInLimits;
  newStore: () => Store;
  isAttempt: (req: Request) => boolean;
}): RequestHandler[] {
  const common = {
    windowMs: limits.windowMs,
    skip: (req: Request) => !isAttempt(req),
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: limited(),
  };
  const perAddress = rateLimit({
    ...common,
    limit: limits.maxFailuresPerAddress,
    identifier: 'sign-in-address',
    store: newStore(),
    keyGenerator: (req) => `addr:${ipKeyGenerator(req.ip ?? 'unknown')}`,
  });
  const perAccount = rateLimit({
    ...common,
    limit: limits.maxFailuresPerAccount,
    identifier: 'sign-in-account',
    store: newStore(),
    keyGenerator: (req) => {
      const body: unknown = req.body;
      const email =
        typeof body === 'object' &&
        body !== null &&
        'email' in body &&
        typeof body.email === 'string'
          ? body.email.trim().toLowerCase()
          : '';
      return `account:${email}`;
    },
  });
  return [perAddress, perAccount];
}
