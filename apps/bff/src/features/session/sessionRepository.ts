import { eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import type { UserRow } from '../users/usersRepository.js';
import { SESSION_CACHE_TTL_MS, withSessionCache } from './sessionCache.js';

export type SessionRow = typeof sessions.$inferSelect;

/** What a request needs to know of its session and user (no password hash). */
export interface SessionLookup {
  session: Pick<SessionRow, 'idHash' | 'userId' | 'lastSeenAt' | 'expiresAt'>;
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'disabledAt'>;
}

export interface SessionRepository {
  insert(row: SessionRow): Promise<void>;
  /** `fresh` skips the in-process cache (see sessionCache.ts). */
  findWithUser(idHash: string, options?: { fresh?: boolean }): Promise<SessionLookup | undefined>;
  touch(idHash: string, at: Date): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Ends every session of a user (disabled, or their password was reset). */
  deleteForUser(userId: string): Promise<void>;
  /** Drops sessions past their absolute expiry or idle since before `idleBefore`. */
  deleteExpired(now: Date, idleBefore: Date): Promise<void>;
  /** The user's role or name changed: their sessions must be read again. */
  forgetUser(userId: string): void;
}

export interface SessionRepositoryOptions {
  /** Reuse of a looked-up session, in ms (default 5 s); 0 asks the database on every request. */
  cacheTtlMs?: number;
}

export function createSessionRepository(
  db: Database,
  { cacheTtlMs = SESSION_CACHE_TTL_MS }: SessionRepositoryOptions = {},
): SessionRepository {
  // Every API request looks its session up: prepared once, not rebuilt per request.
  const withUser = db
    .select({
      session: {
        idHash: sessions.idHash,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        disabledAt: users.disabledAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_with_user');
  const repository: SessionRepository = {
    async insert(row) {
      await db.insert(sessions).values(row);
    },
    async findWithUser(idHash) {
      const [row] = await withUser.execute({ idHash });
      return row;
    },
    async touch(idHash, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
    },
    async delete(idHash) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async deleteForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteExpired(now, idleBefore) {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
    },
    forgetUser() {
      // Nothing is held here; the cache in front of this repository drops its entries.
    },
  };
  return withSessionCache(repository, { ttlMs: cacheTtlMs });
}
