import { eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import type { UserRow } from '../users/usersRepository.js';

export type SessionRow = typeof sessions.$inferSelect;

export interface SessionRepository {
  insert(row: SessionRow): Promise<void>;
  findWithUser(idHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined>;
  touch(idHash: string, at: Date): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Ends every session of a user (disabled, or their password was reset). */
  deleteForUser(userId: string): Promise<void>;
  /** Drops sessions past their absolute expiry or idle since before `idleBefore`. */
  deleteExpired(now: Date, idleBefore: Date): Promise<void>;
}

export function createSessionRepository(db: Database): SessionRepository {
  // Every API request looks its session up: prepared once, not rebuilt per request.
  const withUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_with_user');
  return {
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
  };
}
