import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { AuditService } from '../audit/auditService.js';
import type { SessionRepository } from '../session/sessionRepository.js';
import { sessionKey, type SessionSettings } from '../session/sessionService.js';
import type { StartSession } from './oidcSignIn.js';

/**
 * Starts a session for a user the provider vouched for. Stands in for the session service's
 * `startSession` (same shape) until that exists; then app.ts passes that one instead.
 */
export function createSessionStarter({
  sessionRepository,
  auditService,
  clock,
  settings,
}: {
  sessionRepository: SessionRepository;
  auditService: AuditService;
  clock: Clock;
  settings: SessionSettings;
}): StartSession {
  return async ({ user, authMethod, secondFactor, oidc, ip, userAgent, audit }) => {
    const now = clock.now();
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + settings.absoluteTimeoutMs);
    await sessionRepository.insert(
      {
        idHash: sessionKey(settings.secret, sessionId),
        userId: user.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip,
        userAgent: userAgent?.slice(0, 512) ?? null,
        authMethod,
        secondFactorAt: secondFactor?.at ?? null,
        secondFactorMethod: secondFactor?.method ?? null,
        oidcRefreshToken: oidc?.refreshTokenSealed ?? null,
        oidcCheckedAt: oidc?.checkedAt ?? null,
      },
      [
        auditService.row(audit, {
          action: 'session.sign_in',
          target: { type: 'user', id: user.id },
          data: { method: authMethod, ...(secondFactor ? { second_factor: 'provider' } : {}) },
        }),
      ],
    );
    return { sessionId, expiresAt };
  };
}
