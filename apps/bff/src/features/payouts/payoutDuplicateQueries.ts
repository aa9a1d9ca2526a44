import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { idempotencyKeys, payouts, users } from '../../db/schema.js';
import { creatorColumns } from './payoutListing.js';
import type { PayoutWithCreator } from './payoutsRepository.js';

export interface DuplicateQuery {
  fingerprint: string | null;
  beneficiaryId: string | null;
  currency: string;
  amount: string;
  since: Date;
  limit: number;
}

/** The reads behind possible duplicates (decision 046). */
export interface DuplicateQueries {
  /**
   * Possible duplicates of a new payout, newest first: payouts since `since` to the same account
   * (fingerprint) or the same saved beneficiary, for exactly the same amount and currency, that
   * may pay (not failed, rejected or cancelled), lab tests left out.
   */
  recentDuplicates(input: DuplicateQuery): Promise<PayoutWithCreator[]>;
  /**
   * The payouts since `since`, in `currency`, to any of these accounts, that may pay (as
   * `recentDuplicates`), other than the rows of `exceptBatchId`: a batch's possible duplicates.
   */
  recentByFingerprints(input: {
    fingerprints: readonly string[];
    currency: string;
    since: Date;
    exceptBatchId: string;
  }): Promise<{ accountFingerprint: string; amount: string; orderId: string; createdAt: Date }[]>;
  /** Whether this user has used this idempotency key before (a replay, not a new payout). */
  idempotencyKeyExists(userId: string, key: string): Promise<boolean>;
}

export function createDuplicateQueries(db: Database): DuplicateQueries {
  return {
    async recentDuplicates({ fingerprint, beneficiaryId, currency, amount, since, limit }) {
      const sameAccount = [
        ...(fingerprint ? [eq(payouts.accountFingerprint, fingerprint)] : []),
        ...(beneficiaryId ? [eq(payouts.beneficiaryId, beneficiaryId)] : []),
      ];
      if (sameAccount.length === 0) return [];
      return db
        .select({ payout: payouts, creator: creatorColumns })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.createdBy))
        .where(
          and(
            or(...sameAccount),
            eq(payouts.currency, currency),
            sql`${payouts.amount} = ${amount}::numeric`,
            sql`${payouts.createdAt} >= ${since.toISOString()}::timestamptz`,
            notInArray(payouts.status, ['failed', 'rejected']),
            eq(payouts.cancelled, false),
            eq(payouts.isTest, false),
          ),
        )
        .orderBy(sql`${payouts.createdAt} desc nulls last`)
        .limit(limit);
    },

    async recentByFingerprints({ fingerprints, currency, since, exceptBatchId }) {
      if (fingerprints.length === 0) return [];
      const rows = await db
        .select({
          accountFingerprint: payouts.accountFingerprint,
          amount: payouts.amount,
          orderId: payouts.orderId,
          createdAt: payouts.createdAt,
        })
        .from(payouts)
        .where(
          and(
            inArray(payouts.accountFingerprint, [...new Set(fingerprints)]),
            eq(payouts.currency, currency),
            sql`${payouts.createdAt} >= ${since.toISOString()}::timestamptz`,
            notInArray(payouts.status, ['failed', 'rejected']),
            eq(payouts.cancelled, false),
            eq(payouts.isTest, false),
            sql`${payouts.batchId} is distinct from ${exceptBatchId}::uuid`,
          ),
        );
      return rows.flatMap((r) =>
        r.accountFingerprint === null ? [] : [{ ...r, accountFingerprint: r.accountFingerprint }],
      );
    },

    async idempotencyKeyExists(userId, key) {
      const [row] = await db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row !== undefined;
    },
  };
}
