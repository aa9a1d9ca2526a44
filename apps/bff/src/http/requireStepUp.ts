import type { RequestHandler } from 'express';
import { stepUpFresh, stepUpWaitUntil } from '../shared/sessionSecurity.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/AppError.js';
import type { AuthContext } from './authContext.js';
import { authOf } from './requirePermission.js';

/**
 * Step-up: approving, large creates and user changes need a second factor verified
 * within STEP_UP_MINUTES. The SPA answers `step_up_required` with a factor and retries the same
 * request. A user with no factor whose role requires none is not asked (the demo's default).
 */
export interface StepUp {
  /** Middleware: refuses unless the session's step-up is fresh. After `requirePermission`. */
  require(): RequestHandler;
  /** For a route that needs step-up only sometimes (a create above the approval threshold). */
  check(auth: AuthContext): void;
}

export function createStepUp({ stepUpMs, clock }: { stepUpMs: number; clock: Clock }): StepUp {
  const check = (auth: AuthContext) => {
    const now = clock.now();
    const wait = stepUpWaitUntil(auth.security, stepUpMs, now);
    if (wait) {
      throw new AppError(
        'step_up_too_soon',
        `A second factor was added in this session: this session confirms actions like this from ${wait.toISOString()}.`,
        { extensions: { step_up_from: wait.toISOString() } },
      );
    }
    if (stepUpFresh(auth.security, stepUpMs, now)) return;
    throw new AppError(
      'step_up_required',
      auth.security.methods.length === 0
        ? 'This needs a second factor: add an authenticator app or a passkey on the Security page first.'
        : 'Confirm it is you with your second factor to continue.',
      { extensions: { methods: auth.security.methods } },
    );
  };
  return {
    check,
    require: () => (req, _res, next) => {
      try {
        check(authOf(req));
        next();
      } catch (error) {
        next(error);
      }
    },
  };
}
