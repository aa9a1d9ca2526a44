import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { oidcSignIns, sessions, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import type { Role, UserRow } from '../users/index.js';

export type OidcSignInRow = typeof oidcSignIns.$inferSelect;

export interface NewOidcUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  issuer: string;
  subject: string;
  /** Unusable for password sign-in (not an scrypt hash: `verify` answers false). */
  passwordHash: string;
  at: Date;
}

export type InsertOidcUserResult = { kind: 'created'; user: UserRow } | { kind: 'taken' };

/** The session columns a recheck reads. */
export interface OidcSessionState {
  userId: string;
  refreshTokenSealed: string;
  checkedAt: Date;
  subject: string | null;
}

/**
 * OIDC sign-ins under way, the accounts the provider vouches for, and the sessions' provider
 * state. Account writes take their audit rows and commit them in the same transaction.
 */
export interface OidcRepository {
  insertSignIn(row: OidcSignInRow, now: Date): Promise<void>;
  /** Deletes and returns the sign-in: a second callback with the same state finds nothing. */
  consumeSignIn(stateHash: string): Promise<OidcSignInRow | undefined>;
  findUserBySubject(issuer: string, subject: string): Promise<UserRow | undefined>;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  insertUser(user: NewOidcUser, audit: readonly NewAuditRow[]): Promise<InsertOidcUserResult>;
  /**
   * Links an existing account to the provider's subject, taking its password away, only if it
   * is not linked yet. False when another sign-in linked it first.
   */
  linkUser(
    userId: string,
    link: { issuer: string; subject: string; passwordHash: string },
    at: Date,
    audit: readonly NewAuditRow[],
  ): Promise<boolean>;
  /** The provider's word on role and name (the sessions' cache must be told by the caller). */
  updateUser(
    userId: string,
    patch: { role?: Role; name?: string },
    at: Date,
    audit: readonly NewAuditRow[],
  ): Promise<void>;
  sessionState(idHash: string): Promise<OidcSessionState | undefined>;
  /**
   * Claims the session's recheck: moves `checked_at` from `seenCheckedAt` to `now`, so of two
   * requests due at once only one asks the provider (a refresh token may be single use).
   */
  claimRecheck(idHash: string, seenCheckedAt: Date, now: Date): Promise<boolean>;
  storeRefreshToken(idHash: string, sealed: string): Promise<void>;
}

export function createOidcRepository(db: Database): OidcRepository {
  return {
    async insertSignIn(row, now) {
      // Abandoned sign-ins go when new ones start: the table stays small without a timer.
      await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, now));
      await db.insert(oidcSignIns).values(row);
    },
    async consumeSignIn(stateHash) {
      const [row] = await db
        .delete(oidcSignIns)
        .where(eq(oidcSignIns.stateHash, stateHash))
        .returning();
      return row;
    },
    async findUserBySubject(issuer, subject) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
      return row;
    },
    async findUserByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async insertUser(user, audit) {
      try {
        return await db.transaction(async (tx): Promise<InsertOidcUserResult> => {
          const [row] = await tx
            .insert(users)
            .values({
              id: user.id,
              email: user.email.toLowerCase(),
              name: user.name,
              role: user.role,
              passwordHash: user.passwordHash,
              oidcIssuer: user.issuer,
              oidcSubject: user.subject,
              createdAt: user.at,
              updatedAt: user.at,
            })
            .returning();
          if (!row) throw new Error('insert returned no row');
          await insertAuditRows(tx, audit);
          return { kind: 'created', user: row };
        });
      } catch (error) {
        if (
          isUniqueViolation(error, 'users_email_key') ||
          isUniqueViolation(error, 'users_oidc_key')
        ) {
          return { kind: 'taken' };
        }
        throw error;
      }
    },
    async linkUser(userId, link, at, audit) {
      return db.transaction(async (tx) => {
        const linked = await tx
          .update(users)
          .set({
            oidcIssuer: link.issuer,
            oidcSubject: link.subject,
            passwordHash: link.passwordHash,
            updatedAt: at,
          })
          .where(and(eq(users.id, userId), sql`${users.oidcSubject} is null`))
          .returning({ id: users.id });
        if (linked.length === 0) return false;
        await insertAuditRows(tx, audit);
        return true;
      });
    },
    async updateUser(userId, patch, at, audit) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...patch, updatedAt: at })
          .where(eq(users.id, userId));
        await insertAuditRows(tx, audit);
      });
    },
    async sessionState(idHash) {
      const [row] = await db
        .select({
          userId: sessions.userId,
          refreshTokenSealed: sessions.oidcRefreshToken,
          checkedAt: sessions.oidcCheckedAt,
          subject: users.oidcSubject,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), eq(sessions.authMethod, 'oidc')));
      if (!row || row.refreshTokenSealed === null || row.checkedAt === null) return undefined;
      return {
        userId: row.userId,
        refreshTokenSealed: row.refreshTokenSealed,
        checkedAt: row.checkedAt,
        subject: row.subject,
      };
    },
    async claimRecheck(idHash, seenCheckedAt, now) {
      const claimed = await db
        .update(sessions)
        .set({ oidcCheckedAt: now })
        .where(and(eq(sessions.idHash, idHash), eq(sessions.oidcCheckedAt, seenCheckedAt)))
        .returning({ idHash: sessions.idHash });
      return claimed.length > 0;
    },
    async storeRefreshToken(idHash, sealed) {
      await db
        .update(sessions)
        .set({ oidcRefreshToken: sealed })
        .where(eq(sessions.idHash, idHash));
    },
  };
}
