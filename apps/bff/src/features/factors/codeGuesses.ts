import { createHash } from 'node:crypto';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, AuditService } from '../audit/index.js';
import type { SignInDelays } from '../session/index.js';
import {
  countFailure,
  lockedUntil,
  type FailureOutcome,
  type GuessableMethod,
  type LockoutPolicy,
} from './factorLockout.js';
import type { FactorsRepository } from './factorsRepository.js';
import type { FactorViewer } from './factorsService.js';

/** The audit target of a factor event: the user whose factor it is. */
export const userTarget = (viewer: FactorViewer) => ({ type: 'user', id: viewer.user.id });

/** The viewer as the actor, unless the context names another (an admin's reset). */
export const actorContext = (viewer: FactorViewer, context: AuditContext): AuditContext => ({
  ...context,
  actor: context.actor ?? { id: viewer.user.id, email: viewer.user.email },
});

/** Where wrong codes are counted and locked: this session from this address. */
export const guessScope = (sessionKey: (sessionId: string) => string, viewer: FactorViewer) =>
  createHash('sha256')
    .update(`${sessionKey(viewer.sessionId)}|${viewer.address}`)
    .digest('base64url');

const accountKey = (viewer: FactorViewer) => `second-factor:${viewer.user.id}`;

function lockedError(until: Date, now: Date): AppError {
  return new AppError('factor_locked', 'Too many wrong codes from this session: try again later.', {
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    extensions: { locked_until: until.toISOString() },
  });
}

/**
 * Guessing a code (TOTP, recovery): wrong guesses counted per session and address, locked past
 * the policy's allowance, and slowed per account across every session (decision 020).
 */
export function createCodeGuesses({
  repo,
  auditService,
  clock,
  accountDelays,
  lockoutPolicy,
  sessionKey,
}: {
  repo: FactorsRepository;
  auditService: AuditService;
  clock: Clock;
  accountDelays: SignInDelays;
  lockoutPolicy: LockoutPolicy;
  sessionKey: (sessionId: string) => string;
}) {
  const scopeOf = (viewer: FactorViewer) => guessScope(sessionKey, viewer);
  return {
    /**
     * One guess at a code: refused while the method is locked, `matches` run under the count's
     * lock, the count cleared on a match and raised (and audited, maybe locking) otherwise.
     */
    async guess<M>(
      viewer: FactorViewer,
      method: GuessableMethod,
      context: AuditContext,
      matches: () => Promise<M | undefined>,
    ): Promise<M> {
      const now = clock.now();
      const ctx = actorContext(viewer, context);
      const failed = (data: Record<string, unknown>) =>
        auditService.row(ctx, {
          action: 'factor.verify_failed',
          target: userTarget(viewer),
          data: { method, ...data },
        });
      type Result =
        | { kind: 'locked'; until: Date }
        | { kind: 'ok'; match: M }
        | { kind: 'wrong'; outcome: FailureOutcome };
      const scope = scopeOf(viewer);
      const [state] = (await repo.failures(viewer.user.id, scope)).filter(
        (f) => f.method === method,
      );
      const lockedHere = lockedUntil(state, now);
      // A session already held back here costs the account nothing more.
      if (lockedHere === undefined) {
        const taken = await accountDelays.take(accountKey(viewer));
        if (!taken.allowed) {
          await auditService.record(ctx, {
            action: 'factor.verify_failed',
            target: userTarget(viewer),
            data: { method, reason: 'account_delay' },
          });
          throw new AppError(
            'rate_limited',
            'Too many wrong codes for this account from all its sessions. Wait a moment.',
            { retryAfterSeconds: Math.max(1, Math.ceil(taken.retryAfterMs / 1000)) },
          );
        }
      }
      const result = await repo.withFailureLock<Result>(
        viewer.user.id,
        method,
        scope,
        now,
        async (previous) => {
          const until = lockedUntil(previous, now);
          if (until !== undefined) {
            return {
              result: { kind: 'locked', until },
              audit: [failed({ reason: 'locked', locked_until: until.toISOString() })],
            };
          }
          const match = await matches();
          if (match !== undefined) return { result: { kind: 'ok', match }, next: null, audit: [] };
          const outcome: FailureOutcome = countFailure(previous, method, now, lockoutPolicy);
          const audit = [failed({ reason: 'wrong_code', attempts_left: outcome.attemptsLeft })];
          if (outcome.lockedUntil) {
            audit.push(
              auditService.row(ctx, {
                action: 'factor.locked',
                target: userTarget(viewer),
                data: { method, locked_until: outcome.lockedUntil.toISOString() },
              }),
            );
          }
          return { result: { kind: 'wrong', outcome }, next: outcome.next, audit };
        },
      );
      if (result.kind === 'ok') {
        await accountDelays.clear(accountKey(viewer));
        return result.match;
      }
      if (result.kind === 'locked') throw lockedError(result.until, now);
      if (result.outcome.lockedUntil) throw lockedError(result.outcome.lockedUntil, now);
      throw new AppError('invalid_code', 'The code is not valid.', {
        extensions: { attempts_left: result.outcome.attemptsLeft },
      });
    },
  };
}
