import type { ApproverRole } from '../approvalPolicy/approvalPolicy.js';
import type { PayoutMethodType, PayoutStatus } from '../types.js';
import type { BatchCellError } from '../batch/validateBatchRows.js';
import type { PayoutActor } from './payouts.js';

/**
 * Batch payouts from a file (issue 13). Types and constants only (the BFF parses with zod).
 * Permissions: `batches:read` for the GETs, `batches:write` for upload, fixes, validate, submit,
 * cancel and retry; approve/reject need `payouts:approve` and a role the batch's rule names.
 *
 * - `POST /api/batches?country&currency&payout_method_type&provider&file_name`, body the CSV file
 *   as `Content-Type: text/csv` (at most `MAX_BATCH_FILE_BYTES`; the browser applies any column
 *   mapping to the header row before sending) -> 201 `BatchDto` in `draft`, every cell validated.
 *   A file that cannot be used -> 422 `bad_file` (with `problem`), nothing stored. The same bytes
 *   uploaded again while an earlier batch of them is not cancelled -> 409 `conflict` naming it
 *   (`extensions.batch_id`).
 * - `GET  /api/batches/template?country&currency&payout_method_type&provider&delimiter` -> the
 *   CSV template (`text/csv`): the file model's header and a commented example row built from
 *   sample values, card numbers and other secrets masked (never a full card number).
 * - `GET  /api/batches?status&cursor&limit` -> `BatchListDto` (newest first).
 * - `GET  /api/batches/:id` -> `BatchDto`.
 * - `GET  /api/batches/:id/rows?filter&offset&limit` -> `BatchRowsDto` (`filter`: `all`,
 *   `errors`, `included`, `failed`; limit at most `BATCH_ROWS_PAGE_MAX`).
 * - `PATCH /api/batches/:id/rows/:row` body `{ cells: { [column]: string } }` (draft only) ->
 *   200 `BatchRowDto` revalidated (and the batch's counts move).
 * - `POST /api/batches/:id/validate` body `{ exclude_invalid: boolean }` -> `BatchDto` in
 *   `validated` with its `summary`; invalid rows become `excluded` when `exclude_invalid`,
 *   otherwise any invalid row -> 422 `validation_failed`.
 * - `POST /api/batches/:id/submit` -> `BatchDto`: `awaiting_approval` when its rule asks for
 *   approvals, else `submitting` (rows queued for sending).
 * - `POST /api/batches/:id/approve` / `.../reject` body `{ reason }` -> `BatchDto`.
 * - `POST /api/batches/:id/cancel` body `{ reason? }` -> `BatchDto` (`cancelled`): rows not yet
 *   sent are cancelled, sent rows are untouched.
 * - `POST /api/batches/:id/retry` body `{ provider }` -> 201 `BatchDto`: a new `draft` batch of
 *   the failed rows' clones for another PSP of the same corridor and type, revalidated.
 * - `GET  /api/batches/:id/results.csv` -> the results for reconciliation (`BATCH_RESULT_COLUMNS`).
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
export interface BatchCountsDto {
  rows: number;
  invalid: number;
  valid: number;
  excluded: number;
  queued: number;
  sending: number;
  cancelled: number;
  /** Rows that became payouts, by payout status. */
  payouts: Partial<Record<PayoutStatus, number>>;
}

/** What the batch will pay, shown before it is submitted and kept after. */
export interface BatchSummaryDto {
  /** Rows that will be (or were) sent. */
  included: number;
  /** Rows left out at validation. */
  excluded: number;
  /** Decimal strings per currency. */
  totals: { currency: string; amount: string }[];
  /** Included rows per PSP. */
  per_provider: { provider: string; provider_title: string | null; rows: number; amount: string }[];
  /** Included rows whose own rule asks for at least one approval. */
  rows_needing_approval: number;
  /**
   * Included rows whose own rule asks for more approvals than the batch's (or for roles the
   * batch's approvers lack): they wait individually after the batch is approved.
   */
  rows_waiting_individually: number;
}

/** The batch-level approval: the policy's rule matched by the batch's total, as a batch. */
export interface BatchApprovalDto {
  rule: { id: string; name: string } | null;
  /** Distinct approvers the batch needs (0: none, it is sent on submit). */
  required: number;
  roles: ApproverRole[];
  approvals: { by: PayoutActor; at: string; step: number }[];
  rejected: { by: PayoutActor; at: string; reason: string } | null;
}

export interface BatchFormChangeDto {
  /** The corridor's metadata version the rows were checked against. */
  version: number;
  at: string;
  /** Rows that passed before and no longer do. */
  rows: number;
  /** The PSP no longer offers this corridor and payout method type at all. */
  withdrawn: boolean;
}

/** One row changed by someone other than the uploader. */
export interface BatchOthersChangeDto {
  by: PayoutActor;
  at: string;
  row: number;
  cells: { column: string; from: string; to: string }[];
}

export interface BatchDto {
  id: string;
  status: BatchStatus;
  file_name: string;
  /** SHA-256 of the uploaded bytes, hex. */
  file_sha256: string;
  country: string;
  currency: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  provider_title: string | null;
  /** The columns of the file model, in template order (the grid's columns). */
  columns: { name: string; title: string }[];
  created_by: PayoutActor;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  completed_at: string | null;
  /**
   * The PSP's form for this corridor changed at the orchestrator while the batch was a draft or
   * validated, and rows that passed no longer do (they are `invalid`, with the field): the batch
   * went back to `draft`. Cleared when it is validated again.
   */
  form_changed: BatchFormChangeDto | null;
  /**
   * Cells someone other than the uploader (an admin) changed, oldest first, masked as the grid
   * shows them: the uploader sees who changed what before submitting.
   */
  changed_by_others: BatchOthersChangeDto[];
  counts: BatchCountsDto;
  /** Set from `validated` on. */
  summary: BatchSummaryDto | null;
  approval: BatchApprovalDto;
  /** The caller may approve or reject it now; when not, why (null when it is not waiting). */
  can_decide: boolean;
  cannot_decide_reason: string | null;
  cancelled: { by: PayoutActor; at: string; reason: string | null } | null;
  /** The batch whose failed rows this one retries. */
  retry_of: string | null;
}

export interface BatchListDto {
  items: BatchDto[];
  next_cursor: string | null;
}

export interface BatchRowDto {
  /** 1-based data row of the file. */
  row: number;
  state: BatchRowState;
  /**
   * The cells as uploaded (or fixed), masked: card numbers as 6 + 4, other secrets masked,
   * security codes blank. Keyed by column name.
   */
  cells: Record<string, string>;
  /** Every problem of the row (column null: the row as a whole). */
  errors: { column: string | null; message: string }[];
  order_id: string | null;
  amount: string | null;
  payout_id: string | null;
  payout_status: PayoutStatus | null;
  orchestrator_id: string | null;
  /** Failure or decline reason of its payout. */
  reason: string | null;
}

export interface BatchRowsDto {
  rows: BatchRowDto[];
  /** Rows matching the filter. */
  total: number;
}

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
