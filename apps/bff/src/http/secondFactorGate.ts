import type { Request, RequestHandler } from 'express';
import { AppError } from '../shared/AppError.js';
import { getAuth } from './authContext.js';

// What a session may reach before its second factor is done (paths under /api). Signing in and
// out, and the factor routes of its own state: a session that must *verify* cannot enrol a new
// factor (that would bypass the one it has), and one that must *enrol* has nothing to verify.
const ALWAYS: readonly [string, RegExp][] = [
  ['GET', /^\/session$/],
  ['POST', /^\/session$/],
  ['DELETE', /^\/session$/],
  ['GET', /^\/auth\//],
];
const WHILE_VERIFYING: readonly [string, RegExp][] = [
  ['POST', /^\/session\/verify$/],
  ['POST', /^\/session\/verify\/options$/],
];
const WHILE_ENROLLING: readonly [string, RegExp][] = [
  ['GET', /^\/me\/factors$/],
  ['POST', /^\/me\/factors\/totp$/],
  ['POST', /^\/me\/factors\/totp\/[^/]+\/confirm$/],
  ['POST', /^\/me\/factors\/passkeys\/options$/],
  ['POST', /^\/me\/factors\/passkeys$/],
];

const allowed = (req: Request, routes: readonly [string, RegExp][]) =>
  routes.some(([method, path]) => req.method === method && path.test(req.path));

/**
 * Mounted on the API router after the session middleware: a session whose user must verify or
 * enrol a second factor reaches nothing else (403 `second_factor_required`, `second_factor`
 * saying which), whatever its role allows.
 */
export function secondFactorGate(): RequestHandler {
  return (req, _res, next) => {
    const auth = getAuth(req);
    const state = auth?.security.secondFactor;
    if (state !== 'verify' && state !== 'enrol') {
      next();
      return;
    }
    if (
      allowed(req, ALWAYS) ||
      allowed(req, state === 'verify' ? WHILE_VERIFYING : WHILE_ENROLLING)
    ) {
      next();
      return;
    }
    next(
      new AppError(
        'second_factor_required',
        state === 'verify'
          ? 'Enter a code from your second factor to finish signing in.'
          : 'Set up a second factor (an authenticator app or a passkey) before anything else.',
        { extensions: { second_factor: state } },
      ),
    );
  };
}
