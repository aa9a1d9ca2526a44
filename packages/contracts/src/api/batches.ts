import type { z } from 'zod';
import type { BatchCellError } from '../batch/validateBatchRows.js';
import type {
  batchApproval,
  batchCounts,
  batchDto,
  batchFormChange,
  batchList,
  batchOthersChange,
  batchRow,
  batchRows,
  batchSummary,
} from '../endpoints/batches.endpoints.js';

/**
 * Batch payouts from a file (routes: `endpoints/batches.routes.ts`). Types and constants only,
 * so the SPA names them without bundling zod.
 */

export const BATCH_STATUSES = [
  'draft',
  'validated',
  'awaiting_approval',
  'approved',
  'submitting',
  'completed',
  'completed_with_failures',
  'cancelled',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_STATUS_TITLES: Readonly<Record<BatchStatus, string>> = {
  draft: 'Draft',
  validated: 'Validated',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  submitting: 'Sending',
  completed: 'Completed',
  completed_with_failures: 'Completed with failures',
  cancelled: 'Cancelled',
};

/**
 * Where a row is. Before sending: `invalid` / `valid` (draft), `excluded` (left out at
 * validation). Sending: `queued` (waits for the queue), `sending` (claimed by a sender),
 * `created` (an ordinary payout exists: see `payout_status`), `cancelled` (never sent).
 */
export const BATCH_ROW_STATES = [
  'invalid',
  'valid',
  'excluded',
  'queued',
  'sending',
  'created',
  'cancelled',
] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

export const BATCH_ROW_FILTERS = ['all', 'errors', 'included', 'failed'] as const;
export type BatchRowFilter = (typeof BATCH_ROW_FILTERS)[number];

export const BATCH_ROWS_PAGE_DEFAULT = 200;
export const BATCH_ROWS_PAGE_MAX = 1000;
export const BATCH_LIST_PAGE_MAX = 100;
export const BATCH_REASON_MAX_LENGTH = 500;

/** Rows by where they are; payouts by their status (only rows that became payouts). */
export type BatchCountsDto = z.output<typeof batchCounts>;
/** What the batch will pay, shown before it is submitted and kept after. */
export type BatchSummaryDto = z.output<typeof batchSummary>;
/** The batch-level approval: the policy's rule matched by the batch's total, as a batch. */
export type BatchApprovalDto = z.output<typeof batchApproval>;
export type BatchFormChangeDto = z.output<typeof batchFormChange>;
/** One row changed by someone other than the uploader. */
export type BatchOthersChangeDto = z.output<typeof batchOthersChange>;
export type BatchDto = z.output<typeof batchDto>;
export type BatchListDto = z.output<typeof batchList>;
export type BatchRowDto = z.output<typeof batchRow>;
export type BatchRowsDto = z.output<typeof batchRows>;

export interface BatchRowFixBody {
  cells: Record<string, string>;
}

export interface BatchValidateBody {
  exclude_invalid: boolean;
}

export interface BatchRetryBody {
  provider: string;
}

/** The results export's columns, in order. */
export const BATCH_RESULT_COLUMNS = [
  'row',
  'order_id',
  'amount',
  'currency',
  'row_state',
  'payout_id',
  'payout_status',
  'orchestrator_id',
  'reason',
] as const;

export type { BatchCellError };
