// TEMPORARY (issue 14): stand-ins for the session-security core the lead is landing
// (`sessionService.recordSecondFactor`/`reply`, http/requireStepUp.ts). app.ts switches to those
// after `git merge main`, and this file goes.
import type { Role, SecondFactorMethod, SessionReply } from '@payouts/contracts';
import { eq } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import type { Database } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import { AppError } from '../../http/AppError.js';
import { getAuth } from '../../http/authContext.js';
import type { Clock } from '../../shared/clock.js';
import type { SecondFactorSessions } from './factorsService.js';
import type { FactorsRepository } from './factorsRepository.js';

export function createSecondFactorSessionsStandIn({
  db,
  repo,
  sessionKey,
  clock,
  stepUpMs,
  mfaRequiredRoles,
}: {
  db: Database;
  repo: FactorsRepository;
  sessionKey: (sessionId: string) => string;
  clock: Clock;
  stepUpMs: number;
  mfaRequiredRoles: readonly Role[];
}): SecondFactorSessions {
  return {
    async recordSecondFactor(sessionId, method, at) {
      await db
        .update(sessions)
        .set({ secondFactorAt: at, secondFactorMethod: method })
        .where(eq(sessions.idHash, sessionKey(sessionId)));
    },
    async reply(sessionId) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.idHash, sessionKey(sessionId)));
      if (!row) throw new AppError('unauthenticated', 'Sign in to continue.');
      const { session, user } = row;
      const factors = (await repo.listForUser(user.id)).filter((f) => f.confirmedAt !== null);
      const codes = await repo.unusedRecoveryCodes(user.id);
      const methods: SecondFactorMethod[] = [
        ...(factors.some((f) => f.kind === 'totp') ? (['totp'] as const) : []),
        ...(factors.some((f) => f.kind === 'passkey') ? (['passkey'] as const) : []),
        ...(factors.length > 0 && codes.length > 0 ? (['recovery_code'] as const) : []),
      ];
      const required = mfaRequiredRoles.includes(user.role) || user.mfaEnrolmentRequired;
      const until = session.secondFactorAt
        ? new Date(session.secondFactorAt.getTime() + stepUpMs)
        : null;
      return {
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
        security: {
          auth_method: session.authMethod,
          second_factor: session.secondFactorAt
            ? 'satisfied'
            : factors.length > 0
              ? 'verify'
              : required
                ? 'enrol'
                : 'not_required',
          methods,
          step_up: factors.length > 0 || required,
          step_up_until: until && until > clock.now() ? until.toISOString() : null,
          step_up_minutes: Math.round(stepUpMs / 60_000),
        },
      } satisfies SessionReply;
    },
  };
}

/** 403 `step_up_required` when the user has a factor and the session's last one is too old. */
export function stepUpStandIn({
  repo,
  sessionKey,
  clock,
  stepUpMs,
}: {
  repo: FactorsRepository;
  sessionKey: (sessionId: string) => string;
  clock: Clock;
  stepUpMs: number;
}): RequestHandler {
  return (req, _res, next) => {
    const auth = getAuth(req);
    if (!auth) {
      next(new AppError('unauthenticated', 'Sign in to continue.'));
      return;
    }
    void (async () => {
      const factors = (await repo.listForUser(auth.user.id)).filter((f) => f.confirmedAt);
      if (factors.length === 0) return undefined;
      const session = await repo.session(sessionKey(auth.sessionId));
      const at = session?.secondFactorAt?.getTime();
      if (at !== undefined && clock.now().getTime() - at < stepUpMs) return undefined;
      return new AppError('step_up_required', 'Confirm it is you to continue.');
    })().then(next, next);
  };
}
