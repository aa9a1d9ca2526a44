import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../http/AppError.js';
import type { SessionUser } from '../../shared/identity.js';
import type { AuditContext, AuditService } from '../audit/auditService.js';
import type { PasswordHasher } from '../users/passwordHasher.js';
import type { UserRow, UsersRepository } from '../users/usersRepository.js';
import type { SessionLookup, SessionRepository } from './sessionRepository.js';

export interface SessionSettings {
  secret: string;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

/** Password sign-in under AUTH_MODE (issue 14): `oidc` leaves only the break-glass admin. */
export interface PasswordSignInPolicy {
  mode: 'local' | 'oidc' | 'both';
  breakGlassEmail: string | undefined;
}

/** The OIDC recheck (features/oidc): `end` ended the session, `{ role }` the provider's new word. */
export type OidcRecheck = (
  lookup: SessionLookup,
) => Promise<'keep' | 'end' | { role: SessionUser['role'] }>;

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
  /** The session's user, or undefined when the id is unknown, expired or its user disabled. */
  authenticate(sessionId: string): Promise<SessionUser | undefined>;
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
  passwordPolicy = { mode: 'local', breakGlassEmail: undefined },
  oidcRecheck,
}: {
  passwordPolicy?: PasswordSignInPolicy;
  oidcRecheck?: OidcRecheck;
  sessionRepository: SessionRepository;
  usersRepository: UsersRepository;
  passwordHasher: PasswordHasher;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  settings: SessionSettings;
}): SessionService {
  const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, Math.floor(settings.idleTimeoutMs / 4));
  const isIdle = (found: SessionLookup, now: number) =>
    now - found.session.lastSeenAt.getTime() >= settings.idleTimeoutMs;
  const hashId = (sessionId: string) => sessionKey(settings.secret, sessionId);

  return {
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
      // The break-glass account must be an admin: any other role is refused like a wrong password.
      if (user && user.disabledAt === null && (!breakGlass || user.role === 'admin')) {
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
      const sessionId = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + settings.absoluteTimeoutMs);
      await sessionRepository.insert(
        {
          idHash: hashId(sessionId),
          userId: user.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt,
          ip: context.ip,
          userAgent: userAgent?.slice(0, 512) ?? null,
          authMethod: breakGlass ? 'break_glass' : 'password',
        },
        [
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
      );
      if (breakGlass) {
        logger.warn(
          { userId: user.id, ip: context.ip },
          'BREAK-GLASS password sign-in while single sign-on is required',
        );
      }
      const sessionUser = toSessionUser(user);
      // Housekeeping rides on sign-ins: no timer to manage, and the table stays small.
      await sessionRepository
        .deleteExpired(now, new Date(now.getTime() - settings.idleTimeoutMs))
        .catch((error: unknown) => logger.warn({ err: error }, 'expired session cleanup failed'));
      return { user: sessionUser, sessionId, expiresAt };
    },

    async authenticate(sessionId) {
      const idHash = hashId(sessionId);
      const now = clock.now().getTime();
      let found = await sessionRepository.findWithUser(idHash);
      if (!found) return undefined;
      // A cached lookup may predate another process's touch: read again before ending it.
      if (isIdle(found, now)) found = await sessionRepository.findWithUser(idHash, { fresh: true });
      if (!found) return undefined;
      const { session, user } = found;
      const expired = now >= session.expiresAt.getTime();
      if (isIdle(found, now) || expired || user.disabledAt !== null) {
        await sessionRepository.delete(idHash);
        return undefined;
      }
      let role = user.role;
      if (session.authMethod === 'oidc' && oidcRecheck) {
        const verdict = await oidcRecheck(found);
        if (verdict === 'end') {
          await sessionRepository.delete(idHash);
          return undefined;
        }
        if (verdict !== 'keep') role = verdict.role;
      }
      if (now - session.lastSeenAt.getTime() >= touchIntervalMs) {
        await sessionRepository.touch(idHash, new Date(now));
      }
      return toSessionUser({ ...user, role });
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
