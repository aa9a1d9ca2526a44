import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions, staffFactors, staffRecoveryCodes, users } from '../../db/schema.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import type { UserRow } from '../users/index.js';

export type SessionRow = typeof sessions.$inferSelect;

/** What a request needs to know of its session and user (no password hash, no secret). */
export interface SessionLookup {
  session: Pick<
    SessionRow,
    | 'idHash'
    | 'userId'
    | 'lastSeenAt'
    | 'expiresAt'
    | 'authMethod'
    | 'secondFactorAt'
    | 'secondFactorMethod'
    | 'factorEnrolledAt'
    | 'oidcCheckedAt'
  >;
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'disabledAt' | 'mfaEnrolmentRequired'>;
  /** Kinds of the user's confirmed second factors, and their unused recovery codes. */
  factors: { kinds: ('totp' | 'passkey')[]; recoveryCodesLeft: number };
}

export type SecondFactorMethodColumn = NonNullable<SessionRow['secondFactorMethod']>;

/**
 * The sessions table. Knows no cache: app.ts composes one in front (sessionCache.ts). Writes a
 * caller audits take the audit rows and commit them in the same transaction.
 */
export interface SessionRepository {
  /** Inserts the session and its audit rows together (a sign-in). */
  insert(row: typeof sessions.$inferInsert, audit?: readonly NewAuditRow[]): Promise<void>;
  /** `fresh`: a cache in front must ask the database (this repository always does). */
  findWithUser(idHash: string, options?: { fresh?: boolean }): Promise<SessionLookup | undefined>;
  touch(idHash: string, at: Date): Promise<void>;
  /** A second factor was verified in this session (sign-in completion or step-up). */
  recordSecondFactor(
    idHash: string,
    at: Date,
    method: SecondFactorMethodColumn,
    audit?: readonly NewAuditRow[],
    options?: { enrolled?: boolean },
  ): Promise<void>;
  /** Deletes the session and inserts its audit rows together (a sign-out; expiry audits none). */
  delete(idHash: string, audit?: readonly NewAuditRow[]): Promise<void>;
  /** Drops sessions past their absolute expiry or idle since before `idleBefore`. */
  deleteExpired(now: Date, idleBefore: Date): Promise<void>;
  /** A user's live sessions (not expired, not idle since before `idleBefore`), newest activity first. */
  listForUser(userId: string, now: Date, idleBefore: Date): Promise<SessionRow[]>;
  /**
   * Deletes those of `idHashes` that belong to `userId`, and, when any went, the audit rows
   * `audit(ended)` gives, in one transaction. Returns how many went.
   */
  deleteForUser(
    userId: string,
    idHashes: readonly string[],
    audit: (ended: number) => readonly NewAuditRow[],
  ): Promise<number>;
}

export function createSessionRepository(db: Database): SessionRepository {
  // Every API request looks its session up: prepared once, not rebuilt per request.
  const withUser = db
    .select({
      session: {
        idHash: sessions.idHash,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        authMethod: sessions.authMethod,
        secondFactorAt: sessions.secondFactorAt,
        secondFactorMethod: sessions.secondFactorMethod,
        factorEnrolledAt: sessions.factorEnrolledAt,
        oidcCheckedAt: sessions.oidcCheckedAt,
      },
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        disabledAt: users.disabledAt,
        mfaEnrolmentRequired: users.mfaEnrolmentRequired,
      },
      // Text, not an array: PGlite and node-postgres read it alike.
      factorKinds: sql<
        string | null
      >`(select string_agg(distinct ${staffFactors.kind}, ',') from ${staffFactors} where ${staffFactors.userId} = ${users.id} and ${staffFactors.confirmedAt} is not null)`,
      recoveryCodesLeft: sql<number>`(select count(*)::int from ${staffRecoveryCodes} where ${staffRecoveryCodes.userId} = ${users.id} and ${staffRecoveryCodes.usedAt} is null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_with_user');
  return {
    async insert(row, audit = []) {
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values(row);
        await insertAuditRows(tx, audit);
      });
    },
    async findWithUser(idHash) {
      const [row] = await withUser.execute({ idHash });
      if (row === undefined) return undefined;
      const kinds = (row.factorKinds ?? '')
        .split(',')
        .filter((k): k is 'totp' | 'passkey' => k === 'totp' || k === 'passkey');
      return {
        session: row.session,
        user: row.user,
        factors: { kinds, recoveryCodesLeft: Number(row.recoveryCodesLeft) },
      };
    },
    async touch(idHash, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
    },
    async recordSecondFactor(idHash, at, method, audit = [], options = {}) {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({
            secondFactorAt: at,
            secondFactorMethod: method,
            ...(options.enrolled ? { factorEnrolledAt: at } : {}),
          })
          .where(eq(sessions.idHash, idHash));
        await insertAuditRows(tx, audit);
      });
    },
    async delete(idHash, audit = []) {
      if (audit.length === 0) {
        await db.delete(sessions).where(eq(sessions.idHash, idHash));
        return;
      }
      await db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.idHash, idHash));
        await insertAuditRows(tx, audit);
      });
    },
    async deleteExpired(now, idleBefore) {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
    },
    async listForUser(userId, now, idleBefore) {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, idleBefore),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.idHash);
    },
    async deleteForUser(userId, idHashes, audit) {
      if (idHashes.length === 0) return 0;
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), inArray(sessions.idHash, [...idHashes])))
          .returning({ idHash: sessions.idHash });
        if (gone.length > 0) await insertAuditRows(tx, audit(gone.length));
        return gone.length;
      });
    },
  };
}
