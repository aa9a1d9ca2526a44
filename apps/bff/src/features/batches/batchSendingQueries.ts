import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { BatchRowState, BatchStatus } from '@payouts/contracts';
import type { Database } from '../../db/database.js';
import { batchRows, batches, payouts } from '../../db/schema.js';
import type { BatchItemRow, NewBatchItemRow } from './batchesRepository.js';

/** What the batch sender and its sweep ask of the database: row claims, and what is left to do. */
export interface BatchSendingQueries {
  /**
   * Claims a row for sending: `queued`, or `sending` under a claim older than `staleBefore`
   * (its sender died), and only while the batch is `submitting`.
   */
  claimRow(input: {
    batchId: string;
    row: number;
    owner: string;
    now: Date;
    staleBefore: Date;
  }): Promise<BatchItemRow | undefined>;
  /** The payout a row became, if any. */
  payoutIdOfRow(batchId: string, row: number): Promise<string | undefined>;
  /** Moves a claimed row on (only while `owner` holds it). */
  settleRow(input: {
    batchId: string;
    row: number;
    owner: string;
    patch: Partial<NewBatchItemRow>;
  }): Promise<void>;
  /** Rows a queue may have lost: queued since before `before`, or claimed and stale. */
  rowsToRequeue(input: {
    queuedBefore: Date;
    staleBefore: Date;
    limit: number;
  }): Promise<{ batchId: string; row: number }[]>;
  /** Batches in `status` (the sweep's work: `approved` to start, `submitting` to complete). */
  idsWithStatus(status: BatchStatus, limit: number): Promise<string[]>;
  /** The numbers of a batch's rows in `state`, ascending. */
  rowNumbers(id: string, state: BatchRowState): Promise<number[]>;
}

export function createBatchSendingQueries(db: Database): BatchSendingQueries {
  return {
    async claimRow({ batchId, row, owner, now, staleBefore }) {
      const claimed = await db
        .update(batchRows)
        .set({
          state: 'sending',
          claimedBy: owner,
          claimedAt: now,
          attempts: sql`${batchRows.attempts} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(batchRows.batchId, batchId),
            eq(batchRows.row, row),
            or(
              eq(batchRows.state, 'queued'),
              and(eq(batchRows.state, 'sending'), lt(batchRows.claimedAt, staleBefore)),
            ),
            sql`exists (select 1 from ${batches} where ${batches.id} = ${batchId} and ${batches.status} = 'submitting')`,
          ),
        )
        .returning();
      return claimed[0];
    },

    async payoutIdOfRow(batchId, row) {
      const [found] = await db
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.batchId, batchId), eq(payouts.batchRow, row)));
      return found?.id;
    },

    async settleRow({ batchId, row, owner, patch }) {
      await db
        .update(batchRows)
        .set(patch)
        .where(
          and(
            eq(batchRows.batchId, batchId),
            eq(batchRows.row, row),
            eq(batchRows.state, 'sending'),
            eq(batchRows.claimedBy, owner),
          ),
        );
    },

    async rowsToRequeue({ queuedBefore, staleBefore, limit }) {
      const rows = await db
        .select({ batchId: batchRows.batchId, row: batchRows.row })
        .from(batchRows)
        .innerJoin(batches, eq(batches.id, batchRows.batchId))
        .where(
          and(
            eq(batches.status, 'submitting'),
            or(
              and(eq(batchRows.state, 'queued'), lt(batchRows.updatedAt, queuedBefore)),
              and(eq(batchRows.state, 'sending'), lt(batchRows.claimedAt, staleBefore)),
            ),
          ),
        )
        .limit(limit);
      return rows;
    },

    async idsWithStatus(status, limit) {
      const rows = await db
        .select({ id: batches.id })
        .from(batches)
        .where(eq(batches.status, status))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async rowNumbers(id, state) {
      const rows = await db
        .select({ row: batchRows.row })
        .from(batchRows)
        .where(and(eq(batchRows.batchId, id), eq(batchRows.state, state)))
        .orderBy(asc(batchRows.row));
      return rows.map((r) => r.row);
    },
  };
}
