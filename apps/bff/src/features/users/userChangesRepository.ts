import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { userChanges } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';

export type UserChangeRow = typeof userChanges.$inferSelect;
export type NewUserChangeRow = typeof userChanges.$inferInsert;

export interface UserChangesRepository {
  /** `pending_exists`: the account (or, for a new one, the email) has a change waiting. */
  insert(
    row: NewUserChangeRow,
    audit: readonly NewAuditRow[],
  ): Promise<{ kind: 'inserted'; row: UserChangeRow } | { kind: 'pending_exists' }>;
  findById(id: string): Promise<UserChangeRow | undefined>;
  list(input: { status?: string | undefined; limit: number }): Promise<UserChangeRow[]>;
  pendingFor(userIds: readonly string[]): Promise<UserChangeRow[]>;
  /** Moves a pending change on; undefined when it no longer waits. */
  decide(
    id: string,
    patch: Partial<NewUserChangeRow>,
    audit: readonly NewAuditRow[],
  ): Promise<UserChangeRow | undefined>;
  /** After it was applied (or failed): the account it made, the outcome; the hash dropped. */
  settle(id: string, patch: Partial<NewUserChangeRow>): Promise<void>;
}

export function createUserChangesRepository(db: Database): UserChangesRepository {
  return {
    async insert(row, audit) {
      try {
        return await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(userChanges).values(row).returning();
          await insertAuditRows(tx, audit);
          return { kind: 'inserted' as const, row: inserted! };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'pending_exists' };
        throw error;
      }
    },
    async findById(id) {
      const [row] = await db.select().from(userChanges).where(eq(userChanges.id, id));
      return row;
    },
    async list({ status, limit }) {
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(userChanges.status, status as UserChangeRow['status']));
      return db
        .select()
        .from(userChanges)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(userChanges.proposedAt), desc(userChanges.id))
        .limit(limit);
    },
    async pendingFor(userIds) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(userChanges)
        .where(and(inArray(userChanges.userId, [...userIds]), eq(userChanges.status, 'pending')));
    },
    async decide(id, patch, audit) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(userChanges)
          .set(patch)
          .where(and(eq(userChanges.id, id), eq(userChanges.status, 'pending')))
          .returning();
        if (row) await insertAuditRows(tx, audit);
        return row;
      });
    },
    async settle(id, patch) {
      await db.update(userChanges).set(patch).where(eq(userChanges.id, id));
    },
  };
}
