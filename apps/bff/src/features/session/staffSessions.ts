import { createHash } from 'node:crypto';
import { UUID_RE, type EndedSessionsDto, type StaffSessionsDto } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, AuditService } from '../audit/index.js';
import type { UsersRepository } from '../users/index.js';
import { describeDevice } from './device.js';
import type { SessionRepository, SessionRow } from './sessionRepository.js';

/** Who asks: their user id and the raw id of the session they asked with (from the cookie). */
export interface SessionViewer {
  userId: string;
  sessionId: string;
}

/**
 * A staff member's sessions (contract: `@payouts/contracts` staffSessions.ts): one's
 * own (`…Own`), and any user's for admins (`…ForUser`). A session's public id is opaque: the first
 * 32 hex characters of the SHA-256 of its stored key, itself an HMAC of the cookie's id, so
 * neither the cookie nor the key ever leaves the BFF. Ending a session that is not the asker's
 * current one never ends the current one (409 when asked to: sign out instead).
 */
export interface StaffSessionsService {
  listOwn(viewer: SessionViewer): Promise<StaffSessionsDto>;
  endOwn(viewer: SessionViewer, id: string, context: AuditContext): Promise<void>;
  endOwnOthers(viewer: SessionViewer, context: AuditContext): Promise<EndedSessionsDto>;
  listForUser(viewer: SessionViewer, userId: string): Promise<StaffSessionsDto>;
  endForUser(
    viewer: SessionViewer,
    userId: string,
    id: string,
    context: AuditContext,
  ): Promise<void>;
  endAllForUser(
    viewer: SessionViewer,
    userId: string,
    context: AuditContext,
  ): Promise<EndedSessionsDto>;
}

const OPAQUE_ID = /^[0-9a-f]{32}$/;

export function opaqueSessionId(idHash: string): string {
  return createHash('sha256').update(idHash).digest('hex').slice(0, 32);
}

export function createStaffSessionsService({
  sessionRepository,
  usersRepository,
  auditService,
  clock,
  sessionKey,
  idleTimeoutMs,
}: {
  sessionRepository: Pick<SessionRepository, 'listForUser' | 'deleteForUser'>;
  usersRepository: Pick<UsersRepository, 'findById'>;
  auditService: AuditService;
  clock: Clock;
  /** The stored key of a raw session id (sessionService.ts `sessionKey`). */
  sessionKey: (sessionId: string) => string;
  idleTimeoutMs: number;
}): StaffSessionsService {
  const live = (userId: string) => {
    const now = clock.now();
    return sessionRepository.listForUser(userId, now, new Date(now.getTime() - idleTimeoutMs));
  };

  const toDto = (rows: readonly SessionRow[], currentKey: string): StaffSessionsDto => ({
    items: rows.map((row) => ({
      id: opaqueSessionId(row.idHash),
      current: row.idHash === currentKey,
      ip: row.ip,
      user_agent: row.userAgent,
      device: describeDevice(row.userAgent),
      started_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })),
  });

  const auditRows =
    (context: AuditContext, userId: string, by: 'self' | 'admin') => (ended: number) => [
      auditService.row(context, {
        action: 'session.end',
        target: { type: 'user', id: userId },
        data: { ended, by },
      }),
    ];

  const noSession = () => new AppError('not_found', 'No such session.');

  async function existingUser(userId: string): Promise<string> {
    const user = UUID_RE.test(userId) ? await usersRepository.findById(userId) : undefined;
    if (!user) throw new AppError('not_found', 'No such user.');
    return user.id;
  }

  async function endOne(
    viewer: { sessionKey: string },
    userId: string,
    id: string,
    context: AuditContext,
    by: 'self' | 'admin',
  ): Promise<void> {
    if (!OPAQUE_ID.test(id)) throw noSession();
    const row = (await live(userId)).find((r) => opaqueSessionId(r.idHash) === id);
    if (!row) throw noSession();
    if (row.idHash === viewer.sessionKey) {
      throw new AppError('conflict', 'This is the session you are using: sign out instead.');
    }
    const ended = await sessionRepository.deleteForUser(
      userId,
      [row.idHash],
      auditRows(context, userId, by),
    );
    // Ended meanwhile by someone else: it is gone either way, but not by this request.
    if (ended === 0) throw noSession();
  }

  async function endAllBut(
    viewer: { sessionKey: string },
    userId: string,
    context: AuditContext,
    by: 'self' | 'admin',
  ): Promise<EndedSessionsDto> {
    const keys = (await live(userId))
      .map((r) => r.idHash)
      .filter((key) => key !== viewer.sessionKey);
    const ended = await sessionRepository.deleteForUser(
      userId,
      keys,
      auditRows(context, userId, by),
    );
    return { ended };
  }

  const keyed = (viewer: SessionViewer) => ({
    userId: viewer.userId,
    sessionKey: sessionKey(viewer.sessionId),
  });

  return {
    async listOwn(viewer) {
      const { userId, sessionKey: key } = keyed(viewer);
      return toDto(await live(userId), key);
    },
    async endOwn(viewer, id, context) {
      const v = keyed(viewer);
      await endOne(v, v.userId, id, context, 'self');
    },
    async endOwnOthers(viewer, context) {
      const v = keyed(viewer);
      return endAllBut(v, v.userId, context, 'self');
    },
    async listForUser(viewer, userId) {
      const id = await existingUser(userId);
      return toDto(await live(id), keyed(viewer).sessionKey);
    },
    async endForUser(viewer, userId, sessionId, context) {
      const id = await existingUser(userId);
      await endOne(keyed(viewer), id, sessionId, context, 'admin');
    },
    async endAllForUser(viewer, userId, context) {
      const id = await existingUser(userId);
      return endAllBut(keyed(viewer), id, context, 'admin');
    },
  };
}
