import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { auditLog, sessions, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import type { Role } from './roles.js';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  /** Chosen by the caller, so the audit row naming the user can be built before the insert. */
  id?: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  at: Date;
}

export interface UserWithSignIn {
  user: UserRow;
  lastSignInAt: Date | null;
}

export interface UserPatch {
  role?: Role;
  disabled?: boolean;
  name?: string;
}

export type UpdateUserResult =
  | { kind: 'updated'; user: UserRow; before: UserRow }
  | { kind: 'not_found' }
  | { kind: 'last_admin' };

export type InsertUserResult = { kind: 'created'; user: UserRow } | { kind: 'email_taken' };

// Every write that changes an account takes the audit rows that record it and commits them in
// the same transaction: the change and its entry in the log exist together or not at all.

export interface UsersRepository {
  /** Every account, oldest first, with its last successful sign-in (from the audit log). */
  list(): Promise<UserWithSignIn[]>;
  findWithSignIn(id: string): Promise<UserWithSignIn | undefined>;
  /**
   * One transaction with the enabled admins locked, so two concurrent demotions cannot both
   * pass the check and leave nobody able to administer the back-office. Disabling the user
   * ends their sessions in it too; `audit` gives the rows recording the change.
   */
  update(
    id: string,
    patch: UserPatch,
    at: Date,
    audit: (change: { user: UserRow; before: UserRow }) => readonly NewAuditRow[],
  ): Promise<UpdateUserResult>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: string): Promise<UserRow | undefined>;
  /** `email_taken` when the email is used, even by an insert running at the same time. */
  insert(user: NewUser, audit: readonly NewAuditRow[]): Promise<InsertUserResult>;
  /** A rehash at sign-in: the same password, so nothing is audited or ended. */
  updatePasswordHash(id: string, passwordHash: string, at: Date): Promise<void>;
  /** A new password: sets it, ends the user's sessions and records it, in one transaction. */
  resetPassword(
    id: string,
    passwordHash: string,
    at: Date,
    audit: readonly NewAuditRow[],
  ): Promise<void>;
  count(): Promise<number>;
  /** Those of `userIds` whose password hash is `marker`: accounts whose owner set none yet. */
  awaitingPassword(userIds: readonly string[], marker: string): Promise<string[]>;
}

export function createUsersRepository(db: Database): UsersRepository {
  // Sessions are deleted at sign-out and expiry; the audit log is where sign-ins persist.
  const lastSignIn = db
    .select({
      userId: auditLog.targetId,
      at: sql<Date>`max(${auditLog.at})`.mapWith(auditLog.at).as('last_sign_in_at'),
    })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'session.sign_in'), eq(auditLog.targetType, 'user')))
    .groupBy(auditLog.targetId)
    .as('last_sign_in');
  const withSignIn = () =>
    db
      .select({ user: users, lastSignInAt: lastSignIn.at })
      .from(users)
      .leftJoin(lastSignIn, eq(lastSignIn.userId, sql`${users.id}::text`));
  const userValues = (user: NewUser) => ({
    ...(user.id !== undefined ? { id: user.id } : {}),
    email: user.email.toLowerCase(),
    name: user.name,
    role: user.role,
    passwordHash: user.passwordHash,
    createdAt: user.at,
    updatedAt: user.at,
  });
  return {
    async list() {
      const rows = await withSignIn().orderBy(asc(users.createdAt), asc(users.email));
      return rows.map((r) => ({ user: r.user, lastSignInAt: r.lastSignInAt ?? null }));
    },
    async findWithSignIn(id) {
      const [row] = await withSignIn().where(eq(users.id, id));
      return row ? { user: row.user, lastSignInAt: row.lastSignInAt ?? null } : undefined;
    },
    async update(id, patch, at, audit) {
      return db.transaction(async (tx): Promise<UpdateUserResult> => {
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
          .for('update');
        const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!current) return { kind: 'not_found' };
        const enabledAdminNow = current.role === 'admin' && current.disabledAt === null;
        const disabledAfter = patch.disabled ?? current.disabledAt !== null;
        const enabledAdminAfter = (patch.role ?? current.role) === 'admin' && !disabledAfter;
        if (enabledAdminNow && !enabledAdminAfter && admins.every((a) => a.id === id)) {
          return { kind: 'last_admin' };
        }
        const [updated] = await tx
          .update(users)
          .set({
            ...(patch.role !== undefined ? { role: patch.role } : {}),
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.disabled !== undefined
              ? { disabledAt: patch.disabled ? (current.disabledAt ?? at) : null }
              : {}),
            updatedAt: at,
          })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw new Error('update returned no row');
        if (updated.disabledAt !== null) {
          await tx.delete(sessions).where(eq(sessions.userId, id));
        }
        await insertAuditRows(tx, audit({ user: updated, before: current }));
        return { kind: 'updated', user: updated, before: current };
      });
    },
    async findByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async insert(user, audit) {
      try {
        return await db.transaction(async (tx): Promise<InsertUserResult> => {
          const [row] = await tx.insert(users).values(userValues(user)).returning();
          if (!row) throw new Error('insert returned no row');
          await insertAuditRows(tx, audit);
          return { kind: 'created', user: row };
        });
      } catch (error) {
        // The unique index decides, not an earlier lookup: two creates of one email can both
        // find it free, and only one insert wins.
        if (isUniqueViolation(error, 'users_email_key')) return { kind: 'email_taken' };
        throw error;
      }
    },
    async updatePasswordHash(id, passwordHash, at) {
      await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    },
    async resetPassword(id, passwordHash, at, audit) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await insertAuditRows(tx, audit);
      });
    },
    async awaitingPassword(userIds, marker) {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...userIds]), eq(users.passwordHash, marker)));
      return rows.map((row) => row.id);
    },
    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}
