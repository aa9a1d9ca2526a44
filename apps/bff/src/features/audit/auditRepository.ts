import { UUID_RE } from '@payouts/contracts';
import { and, eq, gte, inArray, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { auditLog } from '../../db/schema.js';
import { afterKeyset, escapeLike } from '../../db/keyset.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

export interface AuditQuery {
  /** Actor email (exact, case-insensitive) or actor id. */
  who?: string;
  /** An action (`session.sign_in`) or a family (`session`). */
  what?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  after?: { at: string; id: number };
  limit: number;
}

/**
 * Writes audit rows with the caller's database handle: inside a repository's transaction, the
 * entry commits with the change it records, or neither does.
 */
export async function insertAuditRows(db: Database, rows: readonly NewAuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values([...rows]);
}

/** Append-only by construction: there is no update or delete here (and a trigger refuses both). */
export interface AuditRepository {
  insert(row: NewAuditRow): Promise<void>;
  list(query: AuditQuery): Promise<AuditRow[]>;
  /**
   * The latest time since `since` that `actorId` created the user `userId`, reset their
   * password, or changed their role or enabled state; undefined when they did none of it.
   */
  /**
   * Changes of power made to any of `userIds` since `since` (created, re-roled, re-enabled or
   * disabled, password or factors reset) by a signed-in actor: who did what to whom, and when.
   */
  accountPowerChanges(input: {
    userIds: readonly string[];
    since: Date;
  }): Promise<{ userId: string; actorId: string; action: string; at: Date }[]>;
}

const UUID = UUID_RE;

/** Audit actions that give an account its power whatever their data says. */
const ACCOUNT_POWER_ACTIONS = [
  'user.created',
  'user.password_reset',
  'factor.reset',
  // An approved privileged change: its approver is the actor, its proposer in `proposed_by`.
  'user.change_approved',
] as const;

const CHANGE_ACTIONS: Readonly<Record<string, string>> = {
  create: 'user.created',
  role: 'user.updated',
  enable: 'user.updated',
  password_reset: 'user.password_reset',
  factor_reset: 'factor.reset',
};

export function createAuditRepository(db: Database): AuditRepository {
  return {
    async insert(row) {
      await insertAuditRows(db, [row]);
    },
    async accountPowerChanges({ userIds, since }) {
      if (userIds.length === 0) return [];
      const changes = sql`${auditLog.data} -> 'changes'`;
      const rows = await db
        .select({
          userId: auditLog.targetId,
          actorId: auditLog.actorId,
          action: auditLog.action,
          at: auditLog.at,
          proposedBy: sql<string | null>`${auditLog.data} ->> 'proposed_by'`,
          kind: sql<string | null>`${auditLog.data} ->> 'kind'`,
        })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.targetType, 'user'),
            inArray(auditLog.targetId, [...userIds]),
            isNotNull(auditLog.actorId),
            gte(auditLog.at, since),
            or(
              inArray(auditLog.action, [...ACCOUNT_POWER_ACTIONS]),
              and(
                eq(auditLog.action, 'user.updated'),
                sql`(${changes} ? 'role' or ${changes} ? 'disabled')`,
              ),
            ),
          ),
        )
        .orderBy(sql`${auditLog.at} desc nulls last`);
      return rows.flatMap((r) => {
        if (!r.userId || !r.actorId) return [];
        // An approved change is named by what it did, as the direct change would be.
        const action =
          r.action === 'user.change_approved'
            ? (CHANGE_ACTIONS[r.kind ?? ''] ?? r.action)
            : r.action;
        const change = { userId: r.userId, actorId: r.actorId, action, at: r.at };
        // Both people of an approved change made the account.
        return r.proposedBy ? [change, { ...change, actorId: r.proposedBy }] : [change];
      });
    },
    async list(query) {
      const conditions: (SQL | undefined)[] = [];
      if (query.who !== undefined) {
        const who = query.who.toLowerCase();
        conditions.push(
          UUID.test(who)
            ? or(eq(auditLog.actorId, who), eq(auditLog.actorEmail, who))
            : eq(auditLog.actorEmail, who),
        );
      }
      if (query.what !== undefined) {
        const escaped = escapeLike(query.what);
        conditions.push(or(eq(auditLog.action, query.what), like(auditLog.action, `${escaped}.%`)));
      }
      if (query.from) conditions.push(gte(auditLog.at, query.from));
      if (query.to) conditions.push(lt(auditLog.at, query.to));
      if (query.after) {
        conditions.push(
          afterKeyset(
            'desc',
            [auditLog.at, auditLog.id],
            [sql`${query.after.at}::timestamptz`, sql`${query.after.id}`],
          ),
        );
      }
      return db
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(
          // NULLS LAST as the index is built, or PostgreSQL sorts the whole log instead.
          sql`${auditLog.at} desc nulls last`,
          sql`${auditLog.id} desc nulls last`,
        )
        .limit(query.limit);
    },
  };
}
