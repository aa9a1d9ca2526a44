import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@payouts/contracts';
import type { Database } from '../../db/database.js';
import { payouts, users } from '../../db/schema.js';
import { decidableBy } from '../payouts/index.js';
import type { PayoutWithCreator } from '../payouts/index.js';
import { afterKeyset } from '../../db/keyset.js';

/** The approvals inbox's reads; decisions go through `PayoutApprovals`. */
export interface ApprovalsRepository {
  /** Payouts awaiting approval, oldest first, after the keyset `after`, with their creators. */
  awaiting(input: {
    after?: { createdAt: string; id: string } | undefined;
    limit: number;
  }): Promise<PayoutWithCreator[]>;
  /**
   * How many of them this user may decide on now: not theirs, not approved by them already, and
   * their role among the rule's. One query (the badge polls it).
   */
  actionableCount(user: { id: string; role: Role }): Promise<number>;
}

const creatorColumns = { id: users.id, email: users.email, name: users.name };

export function createApprovalsRepository(db: Database): ApprovalsRepository {
  return {
    async awaiting({ after, limit }) {
      const conditions: SQL[] = [eq(payouts.status, 'awaiting_approval')];
      if (after) {
        conditions.push(
          afterKeyset(
            'asc',
            [payouts.createdAt, payouts.id],
            [sql`${after.createdAt}::timestamptz`, sql`${after.id}::uuid`],
          ),
        );
      }
      // `nulls first` (the columns are NOT NULL): the backward walk of the `DESC NULLS LAST`
      // status index, as in the payouts list.
      return db
        .select({ payout: payouts, creator: creatorColumns })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.createdBy))
        .where(and(...conditions))
        .orderBy(sql`${payouts.createdAt} asc nulls first`, sql`${payouts.id} asc`)
        .limit(limit);
    },

    async actionableCount(user) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(decidableBy(user));
      return Number(row?.n ?? 0);
    },
  };
}
