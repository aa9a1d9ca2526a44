import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { BatchRowState, BatchStatus, PayoutStatus } from '@payouts/contracts';
import type { Database } from '../../db/database.js';
import {
  batchApprovals,
  batchRows,
  batches,
  payouts,
  users,
  type BatchOthersChange,
} from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import { afterKeyset } from '../../db/keyset.js';
import { createBatchSendingQueries, type BatchSendingQueries } from './batchSendingQueries.js';
import {
  createBatchValidationQueries,
  type BatchValidationQueries,
} from './batchValidationQueries.js';

export type BatchRow = typeof batches.$inferSelect;
export type NewBatchRow = typeof batches.$inferInsert;
export type BatchItemRow = typeof batchRows.$inferSelect;
export type NewBatchItemRow = typeof batchRows.$inferInsert;
export type BatchApprovalRow = typeof batchApprovals.$inferSelect;

export interface BatchActor {
  id: string;
  email: string;
  name: string;
  role: string;
}

/** A row with what its payout (if any) says. */
export interface BatchItemWithPayout extends BatchItemRow {
  payoutId: string | null;
  payoutStatus: PayoutStatus | null;
  orchestratorId: string | null;
  failureReason: string | null;
  declineReason: string | null;
}

export interface BatchCounts {
  rows: Record<string, number>;
  payouts: Record<string, number>;
}

export type BatchRowFilterSql = 'all' | 'errors' | 'included' | 'failed';

/** Payout statuses a batch reports as failures. */
export const FAILED_PAYOUT_STATUSES = ['failed', 'declined', 'rejected'] as const;

/**
 * What a locked batch and its approvals turn into: a patch, row-state moves, approvals to add
 * and audit rows, all committed together; undefined changes nothing.
 */
export type BatchChange<T> = (
  batch: BatchRow,
  approvals: BatchApprovalRow[],
) =>
  | {
      patch: Partial<NewBatchRow>;
      /** Rows in `from` states move to `to`. */
      moveRows?: { from: BatchRowState[]; to: BatchRowState }[];
      /** Single rows patched, after the moves; with `ifUpdatedAt`, only if unchanged since. */
      rowPatches?: { row: number; patch: Partial<NewBatchItemRow>; ifUpdatedAt?: Date }[];
      approval?: typeof batchApprovals.$inferInsert;
      audit: NewAuditRow[];
      result: T;
    }
  | { refused: T };

export interface BatchesRepository extends BatchValidationQueries, BatchSendingQueries {
  findLiveByFile(sha256: string): Promise<BatchRow | undefined>;
  /** The batch and its rows, in one transaction; `file_taken` when a live batch has the file. */
  insert(
    batch: NewBatchRow,
    rows: NewBatchItemRow[],
    audit: NewAuditRow[],
  ): Promise<{ kind: 'inserted' } | { kind: 'file_taken' }>;
  findById(id: string): Promise<BatchRow | undefined>;
  /** Batches of a corridor not yet submitted (`draft`, `validated`), oldest first. */
  unsubmittedIn(corridor: { country: string; currency: string }): Promise<BatchRow[]>;
  list(input: {
    status?: BatchStatus | undefined;
    before?: { createdAt: Date; id: string } | undefined;
    limit: number;
  }): Promise<BatchRow[]>;
  counts(id: string): Promise<BatchCounts>;
  approvals(id: string): Promise<BatchApprovalRow[]>;
  actors(ids: readonly (string | null)[]): Promise<Map<string, BatchActor>>;
  rows(
    id: string,
    input: { filter: BatchRowFilterSql; offset: number; limit: number },
  ): Promise<{ rows: BatchItemWithPayout[]; total: number }>;
  /** Every row, in order (for summaries, exports and retries). */
  allRows(id: string): Promise<BatchItemWithPayout[]>;
  row(id: string, row: number): Promise<BatchItemRow | undefined>;
  /** Gives the rows without an order id the one derived from the file (`prefix` + row), in parts. */
  assignGeneratedOrderIds(
    id: string,
    prefix: string,
    rows: readonly number[],
    at: Date,
  ): Promise<void>;
  /** With `othersChange`: appended to the batch's `others_changes`, in the same transaction. */
  updateRows(
    id: string,
    updates: { row: number; patch: Partial<NewBatchItemRow> }[],
    audit?: NewAuditRow[],
    othersChange?: BatchOthersChange,
  ): Promise<void>;
  /** Locks the batch `FOR UPDATE` and applies `change`. Undefined: no such batch. */
  change<T>(
    id: string,
    change: BatchChange<T>,
  ): Promise<{ result: T; batch: BatchRow } | undefined>;
}

const withPayout = {
  payoutId: payouts.id,
  payoutStatus: payouts.status,
  orchestratorId: payouts.orchestratorId,
  failureReason: payouts.failureReason,
  declineReason: payouts.declineReason,
};

function payoutJoin() {
  return and(eq(payouts.batchId, batchRows.batchId), eq(payouts.batchRow, batchRows.row));
}

function filterSql(filter: BatchRowFilterSql): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'errors':
      return eq(batchRows.state, 'invalid');
    case 'included':
      return notInArray(batchRows.state, ['invalid', 'excluded']);
    case 'failed':
      return or(
        inArray(payouts.status, [...FAILED_PAYOUT_STATUSES]),
        and(eq(batchRows.state, 'invalid'), sql`jsonb_array_length(${batchRows.errors}) > 0`),
      );
  }
}

export function createBatchesRepository(db: Database): BatchesRepository {
  return {
    ...createBatchValidationQueries(db),
    ...createBatchSendingQueries(db),
    async findLiveByFile(sha256) {
      const [row] = await db
        .select()
        .from(batches)
        .where(and(eq(batches.fileSha256, sha256), ne(batches.status, 'cancelled')))
        .limit(1);
      return row;
    },

    async insert(batch, rows, audit) {
      try {
        await db.transaction(async (tx) => {
          await tx.insert(batches).values(batch);
          // Parts of 250 rows, the event loop running between them (PGlite runs each statement
          // on the event loop's thread).
          for (let i = 0; i < rows.length; i += 250) {
            if (i > 0) await yieldToLoop();
            await tx.insert(batchRows).values(rows.slice(i, i + 250));
          }
          await insertAuditRows(tx, audit);
        });
        return { kind: 'inserted' };
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'file_taken' };
        throw error;
      }
    },

    async findById(id) {
      const [row] = await db.select().from(batches).where(eq(batches.id, id));
      return row;
    },

    async unsubmittedIn(corridor) {
      return db
        .select()
        .from(batches)
        .where(
          and(
            eq(batches.country, corridor.country),
            eq(batches.currency, corridor.currency),
            inArray(batches.status, ['draft', 'validated']),
          ),
        )
        .orderBy(asc(batches.createdAt), asc(batches.id));
    },

    async list({ status, before, limit }) {
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(batches.status, status));
      if (before) {
        conditions.push(
          afterKeyset(
            'desc',
            [batches.createdAt, batches.id],
            [sql`${before.createdAt.toISOString()}::timestamptz`, sql`${before.id}::uuid`],
          ),
        );
      }
      return db
        .select()
        .from(batches)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(batches.createdAt), desc(batches.id))
        .limit(limit);
    },

    async counts(id) {
      const [rowCounts, payoutCounts] = await Promise.all([
        db
          .select({ state: batchRows.state, n: sql<number>`count(*)::int` })
          .from(batchRows)
          .where(eq(batchRows.batchId, id))
          .groupBy(batchRows.state),
        db
          .select({ status: payouts.status, n: sql<number>`count(*)::int` })
          .from(payouts)
          .where(eq(payouts.batchId, id))
          .groupBy(payouts.status),
      ]);
      return {
        rows: Object.fromEntries(rowCounts.map((r) => [r.state, Number(r.n)])),
        payouts: Object.fromEntries(payoutCounts.map((r) => [r.status, Number(r.n)])),
      };
    },

    async approvals(id) {
      return db
        .select()
        .from(batchApprovals)
        .where(eq(batchApprovals.batchId, id))
        .orderBy(asc(batchApprovals.step));
    },

    async actors(ids) {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name, role: users.role })
        .from(users)
        .where(inArray(users.id, wanted));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async rows(id, { filter, offset, limit }) {
      const where = and(eq(batchRows.batchId, id), filterSql(filter));
      const [rows, [count]] = await Promise.all([
        db
          .select({ ...batchRowsColumns(), ...withPayout })
          .from(batchRows)
          .leftJoin(payouts, payoutJoin())
          .where(where)
          .orderBy(asc(batchRows.row))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(batchRows)
          .leftJoin(payouts, payoutJoin())
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async allRows(id) {
      return db
        .select({ ...batchRowsColumns(), ...withPayout })
        .from(batchRows)
        .leftJoin(payouts, payoutJoin())
        .where(eq(batchRows.batchId, id))
        .orderBy(asc(batchRows.row));
    },

    async row(id, row) {
      const [item] = await db
        .select()
        .from(batchRows)
        .where(and(eq(batchRows.batchId, id), eq(batchRows.row, row)));
      return item;
    },

    async assignGeneratedOrderIds(id, prefix, rows, at) {
      for (let i = 0; i < rows.length; i += 500) {
        if (i > 0) await yieldToLoop();
        const part = rows.slice(i, i + 500);
        await db
          .update(batchRows)
          .set({ orderId: sql`${prefix} || ${batchRows.row}::text`, updatedAt: at })
          .where(
            and(
              eq(batchRows.batchId, id),
              isNull(batchRows.orderId),
              inArray(batchRows.row, [...part]),
            ),
          );
      }
    },

    async updateRows(id, updates, audit = [], othersChange) {
      await db.transaction(async (tx) => {
        if (othersChange) {
          await tx
            .update(batches)
            .set({
              othersChanges: sql`${batches.othersChanges} || ${JSON.stringify([othersChange])}::jsonb`,
            })
            .where(eq(batches.id, id));
        }
        for (const { row, patch } of updates) {
          await tx
            .update(batchRows)
            .set(patch)
            .where(and(eq(batchRows.batchId, id), eq(batchRows.row, row)));
        }
        await insertAuditRows(tx, audit);
      });
    },

    async change(id, change) {
      return db.transaction(async (tx) => {
        const [batch] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
        if (!batch) return undefined;
        const approvals = await tx
          .select()
          .from(batchApprovals)
          .where(eq(batchApprovals.batchId, id))
          .orderBy(asc(batchApprovals.step));
        const decided = change(batch, approvals);
        if ('refused' in decided) return { result: decided.refused, batch };
        const [updated] = await tx
          .update(batches)
          .set(decided.patch)
          .where(eq(batches.id, id))
          .returning();
        for (const move of decided.moveRows ?? []) {
          await tx
            .update(batchRows)
            .set({ state: move.to, updatedAt: decided.patch.updatedAt ?? new Date() })
            .where(and(eq(batchRows.batchId, id), inArray(batchRows.state, move.from)));
        }
        for (const { row, patch, ifUpdatedAt } of decided.rowPatches ?? []) {
          await tx
            .update(batchRows)
            .set(patch)
            .where(
              and(
                eq(batchRows.batchId, id),
                eq(batchRows.row, row),
                ifUpdatedAt ? eq(batchRows.updatedAt, ifUpdatedAt) : undefined,
              ),
            );
        }
        if (decided.approval) await tx.insert(batchApprovals).values(decided.approval);
        await insertAuditRows(tx, decided.audit);
        return { result: decided.result, batch: updated ?? batch };
      });
    },
  };
}

function batchRowsColumns() {
  return {
    batchId: batchRows.batchId,
    row: batchRows.row,
    state: batchRows.state,
    cellsSealed: batchRows.cellsSealed,
    cellsMasked: batchRows.cellsMasked,
    errors: batchRows.errors,
    warnings: batchRows.warnings,
    accountFingerprint: batchRows.accountFingerprint,
    orderId: batchRows.orderId,
    amount: batchRows.amount,
    beneficiaryReference: batchRows.beneficiaryReference,
    claimedBy: batchRows.claimedBy,
    claimedAt: batchRows.claimedAt,
    attempts: batchRows.attempts,
    updatedAt: batchRows.updatedAt,
  };
}
