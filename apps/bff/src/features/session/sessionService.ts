import { createHmac, randomBytes } from 'node:crypto';
import type { AuthMethod, SessionReply } from '@payouts/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/AppError.js';
import type { SessionUser } from '../../shared/identity.js';
import type { AuditContext, AuditService, NewAuditRow } from '../audit/index.js';
import type { PasswordHasher, UserRow, UsersRepository } from '../users/index.js';
import type {
  SecondFactorMethodColumn,
  SessionLookup,
  SessionRepository,
} from './sessionRepository.js';
import {
  sessionSecurity,
  toSecurityDto,
  type SecuritySettings,
  type SessionSecurity,
} from '../../shared/sessionSecurity.js';

export interface SessionSettings {
  secret: string;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  /** MFA_REQUIRED_ROLES and STEP_UP_MINUTES. */
  security: SecuritySettings;
}

/** A request's session: who, and what their second factor allows. */
export interface AuthenticatedSession {
  user: SessionUser;
  security: SessionSecurity;
}

/** One new session, however the user proved who they are (password, OIDC, break-glass). */
export interface NewSession {
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>;
  authMethod: AuthMethod;
  /** A second factor proven while signing in (the provider's trusted MFA). */
  secondFactor?: { at: Date; method: SecondFactorMethodColumn };
  /** OIDC sessions: the sealed refresh token and when the provider last vouched for the user. */
  oidc?: { refreshTokenSealed: string | null; checkedAt: Date };
  ip: string | null;
  userAgent: string | null;
  /** Committed with the session (the sign-in's own audit entry). */
  audit: readonly NewAuditRow[];
}

/**
 * Asked at every authentication of an OIDC session (oidcRecheck.ts decides whether it is time
 * to ask the provider): `keep`; `end` the session (the user is gone there); `reread` the
 * session (the role changed).
 */
export type OidcRecheck = (found: SessionLookup, now: Date) => Promise<'keep' | 'end' | 'reread'>;

/** Password sign-in under AUTH_MODE: `oidc` leaves only the break-glass admin. */
export interface PasswordSignInPolicy {
  mode: 'local' | 'oidc' | 'both';
  breakGlassEmail: string | undefined;
}

export interface SignInResult {
  user: SessionUser;
  /** Goes into the cookie; only its HMAC is stored. */
  sessionId: string;
  expiresAt: Date;
}

export interface SessionService {
  signIn(
    credentials: { email: string; password: string; userAgent: string | null },
    context: AuditContext,
  ): Promise<SignInResult>;
  /** Creates a session after the caller proved who the user is; the id goes into the cookie. */
  startSession(input: NewSession): Promise<{ sessionId: string; expiresAt: Date }>;
  /** The session's user, or undefined when the id is unknown, expired or its user disabled. */
  authenticate(
    sessionId: string,
    options?: { fresh?: boolean },
  ): Promise<AuthenticatedSession | undefined>;
  /** A second factor was verified in this session: completes sign-in, refreshes step-up. */
  recordSecondFactor(
    sessionId: string,
    method: SecondFactorMethodColumn,
    audit?: readonly NewAuditRow[],
    /** `enrolled`: the factor was enrolled just now (it counts for step-up only later). */
    options?: { enrolled?: boolean },
  ): Promise<void>;
  /** `GET /api/session`'s answer for this session, read fresh; undefined when it is gone. */
  reply(sessionId: string): Promise<SessionReply | undefined>;
  signOut(sessionId: string, context: AuditContext): Promise<void>;
}

// Writing `last_seen_at` on every request would turn reads into writes: it is written once a
// minute at most, and at a quarter of the idle timeout when that is shorter, so an active
// session is always touched well before it would count as idle (a 1-minute timeout included).
const MAX_TOUCH_INTERVAL_MS = 60_000;

/** The stored key of a session: the HMAC of the cookie's id (the id itself is never stored). */
export function sessionKey(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(sessionId).digest('base64url');
}

function toSessionUser(user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): SessionUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

export function createSessionService({
  sessionRepository,
  usersRepository,
  passwordHasher,
  auditService,
  clock,
  logger,
  settings,
  oidcRecheck,
  passwordPolicy = { mode: 'local', breakGlassEmail: undefined },
}: {
  passwordPolicy?: PasswordSignInPolicy;
  sessionRepository: SessionRepository;
  usersRepository: UsersRepository;
  passwordHasher: PasswordHasher;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  settings: SessionSettings;
  oidcRecheck?: OidcRecheck;
}): SessionService {
  const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, Math.floor(settings.idleTimeoutMs / 4));
  const isIdle = (found: SessionLookup, now: number) =>
    now - found.session.lastSeenAt.getTime() >= settings.idleTimeoutMs;
  const hashId = (sessionId: string) => sessionKey(settings.secret, sessionId);

  const startSession = async (input: NewSession) => {
    const now = clock.now();
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + settings.absoluteTimeoutMs);
    await sessionRepository.insert(
      {
        idHash: hashId(sessionId),
        userId: input.user.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        authMethod: input.authMethod,
        secondFactorAt: input.secondFactor?.at ?? null,
        secondFactorMethod: input.secondFactor?.method ?? null,
        oidcRefreshToken: input.oidc?.refreshTokenSealed ?? null,
        oidcCheckedAt: input.oidc?.checkedAt ?? null,
      },
      input.audit,
    );
    // Housekeeping rides on sign-ins: no timer to manage, and the table stays small.
    await sessionRepository
      .deleteExpired(now, new Date(now.getTime() - settings.idleTimeoutMs))
      .catch((error: unknown) => logger.warn({ err: error }, 'expired session cleanup failed'));
    return { sessionId, expiresAt };
  };

  const authenticate = async (
    sessionId: string,
    options?: { fresh?: boolean },
  ): Promise<AuthenticatedSession | undefined> => {
    const idHash = hashId(sessionId);
    const nowDate = clock.now();
    const now = nowDate.getTime();
    let found = await sessionRepository.findWithUser(idHash, options);
    if (!found) return undefined;
    // A cached lookup may predate another process's touch: read again before ending it.
    if (isIdle(found, now)) found = await sessionRepository.findWithUser(idHash, { fresh: true });
    if (!found) return undefined;
    const expired = now >= found.session.expiresAt.getTime();
    if (isIdle(found, now) || expired || found.user.disabledAt !== null) {
      await sessionRepository.delete(idHash);
      return undefined;
    }
    if (found.session.authMethod === 'oidc' && oidcRecheck) {
      const verdict = await oidcRecheck(found, nowDate);
      if (verdict === 'end') return undefined;
      if (verdict === 'reread') {
        found = await sessionRepository.findWithUser(idHash, { fresh: true });
        if (!found) return undefined;
      }
    }
    if (now - found.session.lastSeenAt.getTime() >= touchIntervalMs) {
      await sessionRepository.touch(idHash, new Date(now));
    }
    return { user: toSessionUser(found.user), security: securityOf(found) };
  };

  const securityOf = (found: SessionLookup): SessionSecurity =>
    sessionSecurity(
      {
        role: found.user.role,
        authMethod: found.session.authMethod,
        secondFactorAt: found.session.secondFactorAt,
        secondFactorMethod: found.session.secondFactorMethod,
        factorEnrolledAt: found.session.factorEnrolledAt,
        enrolmentRequired: found.user.mfaEnrolmentRequired,
        factorKinds: found.factors.kinds,
        recoveryCodesLeft: found.factors.recoveryCodesLeft,
      },
      settings.security,
    );

  return {
    startSession,
    authenticate,

    async recordSecondFactor(sessionId, method, audit, options) {
      await sessionRepository.recordSecondFactor(
        hashId(sessionId),
        clock.now(),
        method,
        audit,
        options,
      );
    },

    async reply(sessionId) {
      const found = await authenticate(sessionId, { fresh: true });
      if (!found) return undefined;
      return {
        user: found.user,
        security: toSecurityDto(found.security, settings.security.stepUpMs, clock.now()),
      };
    },

    async signIn({ email, password, userAgent }, context) {
      const normalizedEmail = email.trim().toLowerCase();
      const breakGlass = passwordPolicy.mode === 'oidc';
      if (breakGlass && normalizedEmail !== passwordPolicy.breakGlassEmail) {
        throw new AppError(
          'password_sign_in_disabled',
          'Sign in with single sign-on: passwords are turned off.',
        );
      }
      const user = await usersRepository.findByEmail(normalizedEmail);
      let ok = false;
      // The break-glass account must be an admin, and an account the provider vouches for has
      // no password here (even one an admin set): both refused like a wrong password.
      const mayUsePassword =
        user?.disabledAt === null &&
        user.oidcSubject === null &&
        (!breakGlass || user.role === 'admin');
      if (user && mayUsePassword) {
        ok = await passwordHasher.verify(password, user.passwordHash);
      } else {
        await passwordHasher.verifyDummy(password);
      }
      if (!user || !ok) {
        await auditService.record(context, {
          action: 'session.sign_in_failed',
          data: { email: normalizedEmail },
        });
        // One message for unknown account, wrong password and disabled account alike.
        throw new AppError('unauthenticated', 'Email or password is incorrect.');
      }
      const now = clock.now();
      if (passwordHasher.needsRehash(user.passwordHash)) {
        await usersRepository.updatePasswordHash(user.id, await passwordHasher.hash(password), now);
      }
      const { sessionId, expiresAt } = await startSession({
        user,
        authMethod: breakGlass ? 'break_glass' : 'password',
        ip: context.ip,
        userAgent,
        audit: [
          auditService.row(
            { ...context, actor: { id: user.id, email: user.email } },
            { action: 'session.sign_in', target: { type: 'user', id: user.id } },
          ),
          ...(breakGlass
            ? [
                auditService.row(
                  { ...context, actor: { id: user.id, email: user.email } },
                  { action: 'session.break_glass_sign_in', target: { type: 'user', id: user.id } },
                ),
              ]
            : []),
        ],
      });
      if (breakGlass) {
        logger.warn(
          { userId: user.id, ip: context.ip },
          'BREAK-GLASS password sign-in while single sign-on is required',
        );
      }
      const sessionUser = toSessionUser(user);
      return { user: sessionUser, sessionId, expiresAt };
    },

    async signOut(sessionId, context) {
      await sessionRepository.delete(hashId(sessionId), [
        auditService.row(context, {
          action: 'session.sign_out',
          ...(context.actor ? { target: { type: 'user', id: context.actor.id } } : {}),
        }),
      ]);
    },
  };
}
