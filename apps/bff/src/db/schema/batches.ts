/** Batches of payouts, their rows and their approvals. */
import { BATCH_ROW_STATES, BATCH_STATUSES } from '@payouts/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { users } from './identity.js';
import type { FrozenApprovalRule } from './payouts.js';

/** What a batch summary keeps (the API's `BatchSummaryDto`, without PSP titles). */
export interface StoredBatchSummary {
  included: number;
  excluded: number;
  totals: { currency: string; amount: string }[];
  perProvider: { provider: string; rows: number; amount: string }[];
  rowsNeedingApproval: number;
  rowsWaitingIndividually: number;
}

/** What changed under a draft batch (the API's `BatchDto.form_changed`). */
export interface BatchFormChange {
  /** The corridor's metadata version the rows were checked against. */
  version: number;
  at: string;
  /** Rows that passed before and no longer do. */
  rows: number;
  /** The PSP no longer offers this corridor and payout method type at all. */
  withdrawn: boolean;
}

/** A cell change by someone other than the uploader (an admin), masked (`BatchDto.changed_by_others`). */
export interface BatchOthersChange {
  by: string;
  at: string;
  row: number;
  cells: { column: string; from: string; to: string }[];
}

/**
 * A batch payout file (docs/decisions/019): one corridor, payout method type and PSP.
 * Its rows are `batch_rows`; each row sent becomes an ordinary payout (`payouts.batch_id`).
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    status: text('status', { enum: BATCH_STATUSES }).notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the uploaded bytes: the same file is not taken twice while a batch of it lives. */
    fileSha256: text('file_sha256').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    payoutMethodType: text('payout_method_type').notNull(),
    provider: text('provider').notNull(),
    /** The file model's column names, in template order. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    submittedAt: at('submitted_at'),
    completedAt: at('completed_at'),
    summary: jsonb('summary').$type<StoredBatchSummary>(),
    /** The batch-level rule (matched by the batch's total, as a batch); count 0: none needed. */
    approvalRule: jsonb('approval_rule').$type<FrozenApprovalRule>(),
    rejectedBy: uuid('rejected_by').references(() => users.id),
    rejectedAt: at('rejected_at'),
    rejectionReason: text('rejection_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    retryOf: uuid('retry_of').references((): AnyPgColumn => batches.id),
    /**
     * Set when the PSP's form changed at the orchestrator while the batch was a draft or
     * validated (decision 041) and rows no longer pass; cleared when it is validated again.
     */
    formChanged: jsonb('form_changed').$type<BatchFormChange>(),
    /** Cells someone other than the uploader changed, for the uploader to see (decision 042). */
    othersChanges: jsonb('others_changes').$type<BatchOthersChange[]>().notNull().default([]),
    /** A validation of this batch runs until then (a lease): one at a time, in any process. */
    validatingUntil: at('validating_until'),
  },
  (t) => [
    index('batches_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('batches_status_idx').on(t.status),
    uniqueIndex('batches_live_file_key')
      .on(t.fileSha256)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

/**
 * One data row of a batch file. Its cells are sealed (they hold card numbers until sent) and
 * kept masked for the grid; `state` says where it is (the API's `BatchRowState`).
 */
export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    row: integer('row').notNull(),
    state: text('state', { enum: BATCH_ROW_STATES }).notNull(),
    /** The cells by column name, sealed (AES-256-GCM, bound to batch id + row). */
    cellsSealed: text('cells_sealed'),
    /** The same, masked (card numbers 6 + 4, no security code): what the API shows. */
    cellsMasked: jsonb('cells_masked').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors')
      .$type<{ column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    /**
     * Possible duplicates (decision 046), flagged and not refused: the row repeats an earlier
     * row's account and amount, or a recent payout's. Kept apart from `errors`, which block.
     */
    warnings: jsonb('warnings')
      .$type<{ column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    /** The keyed fingerprint of the account the row pays (the payouts' and beneficiaries' key). */
    accountFingerprint: text('account_fingerprint'),
    /** Given in the file, or generated at validation (derived from the batch id and row). */
    orderId: text('order_id'),
    amount: text('amount'),
    beneficiaryReference: text('beneficiary_reference'),
    /** The sender holding the row (`sending`) and since when: a dead one's claim goes stale. */
    claimedBy: text('claimed_by'),
    claimedAt: at('claimed_at'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.row] }),
    index('batch_rows_batch_state_idx').on(t.batchId, t.state),
    index('batch_rows_order_id_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** One approval of a batch as a whole, one row per approver. */
export const batchApprovals = pgTable(
  'batch_approvals',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The approver's role when approving: which rows' rules it counts for. */
    role: text('role').notNull(),
    step: integer('step').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.userId] }),
    uniqueIndex('batch_approvals_batch_step_key').on(t.batchId, t.step),
  ],
);
