import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { AppError } from '../../shared/AppError.js';
import type { SignInDelays } from './signInDelays.js';

export interface SignInLimits {
  windowMs: number;
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

/** The email a sign-in body names, as accounts are keyed (trimmed, lower-cased). */
function emailOf(req: Request): string {
  const body: unknown = req.body;
  return typeof body === 'object' &&
    body !== null &&
    'email' in body &&
    typeof body.email === 'string'
    ? body.email.trim().toLowerCase()
    : '';
}

/**
 * Two throttles on failed sign-ins: per address, a hard limit (one source guessing many
 * accounts); per account, growing delays (many sources guessing one account), never a lockout
 * that anyone could trigger for longer than the longest delay. Successful sign-ins do not count
 * against the address and clear the account's failures; nor does a body that is no sign-in
 * attempt at all count (`isAttempt` false: it gets its 422 and writes nothing). `newStore`
 * gives the address limiter its store; the database one makes every BFF process count together.
 */
export function signInRateLimit({
  limits,
  newStore,
  delays,
  isAttempt,
}: {
  limits: SignInLimits;
  newStore: () => Store;
  delays: SignInDelays;
  isAttempt: (req: Request) => boolean;
}): RequestHandler[] {
  const perAddress = rateLimit({
    windowMs: limits.windowMs,
    skip: (req: Request) => !isAttempt(req),
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: limited(),
    limit: limits.maxFailuresPerAddress,
    identifier: 'sign-in-address',
    store: newStore(),
    keyGenerator: (req) => `addr:${ipKeyGenerator(req.ip ?? 'unknown')}`,
  });
  const perAccount: RequestHandler = async (req, res, next) => {
    if (!isAttempt(req)) {
      next();
      return;
    }
    const key = `account:${emailOf(req)}`;
    const taken = await delays.take(key);
    if (!taken.allowed) {
      const seconds = Math.ceil(taken.retryAfterMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      next(
        new AppError('rate_limited', 'Too many failed sign-ins for this account. Wait a moment.', {
          retryAfterSeconds: seconds,
        }),
      );
      return;
    }
    res.on('finish', () => {
      // After the reply: a failed clear only leaves the failures to expire with the quiet
      // period (it errs towards throttling), and the database error is no sign-in's to answer.
      if (res.statusCode < 400) delays.clear(key).catch(() => undefined);
    });
    next();
  };
  return [perAddress, perAccount];
}
