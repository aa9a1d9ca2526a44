import { z } from 'zod';
import { APPROVER_ROLES } from '../approvalPolicy/approvalPolicy.js';
import { BATCH_ROW_STATES, BATCH_STATUSES } from '../api/batches.js';
import {
  batchCancelBody,
  batchIdParams,
  batchListQuery,
  batchRejectBody,
  batchRetryBody,
  batchRowFixBody,
  batchRowParams,
  batchRowsQuery,
  batchTemplateQuery,
  batchUploadQuery,
  batchValidateBody,
} from '../api/batchesQuery.js';
import { PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '../types.js';
import { batchRoutes as routes } from './batches.routes.js';
import { decimal, emptyBody, instant, payoutActor } from './common.js';
import { csvFile, endpoint, json } from './endpoint.js';
import { payoutApproval } from './payouts.endpoints.js';

/** Rows by where they are; payouts by their status (only rows that became payouts). */
export const batchCounts = z.strictObject({
  rows: z.number().int(),
  invalid: z.number().int(),
  valid: z.number().int(),
  excluded: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  cancelled: z.number().int(),
  /** Rows that became payouts, by payout status. */
  payouts: z.partialRecord(z.enum(PAYOUT_STATUSES), z.number().int()),
});

/** What the batch will pay, shown before it is submitted and kept after. */
export const batchSummary = z.strictObject({
  /** Rows that will be (or were) sent. */
  included: z.number().int(),
  /** Rows left out at validation. */
  excluded: z.number().int(),
  /** Decimal strings per currency. */
  totals: z.array(z.strictObject({ currency: z.string(), amount: decimal })),
  /** Included rows per PSP. */
  per_provider: z.array(
    z.strictObject({
      provider: z.string(),
      provider_title: z.string().nullable(),
      rows: z.number().int(),
      amount: decimal,
    }),
  ),
  /** Included rows whose own rule asks for at least one approval. */
  rows_needing_approval: z.number().int(),
  /**
   * Included rows whose own rule asks for more approvals than the batch's (or for roles the
   * batch's approvers lack): they wait individually after the batch is approved.
   */
  rows_waiting_individually: z.number().int(),
});

/** The batch-level approval: the policy's rule matched by the batch's total, as a batch. */
export const batchApproval = z.strictObject({
  rule: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  /** Distinct approvers the batch needs (0: none, it is sent on submit). */
  required: z.number().int(),
  roles: z.array(z.enum(APPROVER_ROLES)),
  approvals: z.array(payoutApproval),
  rejected: z.strictObject({ by: payoutActor, at: instant, reason: z.string() }).nullable(),
});

/**
 * The PSP's form for this corridor changed at the orchestrator while the batch was a draft or
 * validated, and rows that passed no longer do.
 */
export const batchFormChange = z.strictObject({
  /** The corridor's metadata version the rows were checked against. */
  version: z.number().int().positive(),
  at: instant,
  /** Rows that passed before and no longer do. */
  rows: z.number().int().nonnegative(),
  /** The PSP no longer offers this corridor and payout method type at all. */
  withdrawn: z.boolean(),
});

/** One row changed by someone other than the uploader. */
export const batchOthersChange = z.strictObject({
  by: payoutActor,
  at: instant,
  row: z.number().int().positive(),
  cells: z.array(z.strictObject({ column: z.string(), from: z.string(), to: z.string() })),
});

export const batchDto = z
  .strictObject({
    id: z.string(),
    status: z.enum(BATCH_STATUSES),
    file_name: z.string(),
    /** SHA-256 of the uploaded bytes, hex. */
    file_sha256: z.string(),
    country: z.string(),
    currency: z.string(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    provider: z.string(),
    provider_title: z.string().nullable(),
    /** The columns of the file model, in template order (the grid's columns). */
    columns: z.array(z.strictObject({ name: z.string(), title: z.string() })),
    created_by: payoutActor,
    created_at: instant,
    updated_at: instant,
    submitted_at: instant.nullable(),
    completed_at: instant.nullable(),
    /**
     * Rows that passed no longer do since the PSP's form changed (they are `invalid`, with the
     * field): the batch went back to `draft`. Cleared when it is validated again.
     */
    form_changed: batchFormChange.nullable(),
    /**
     * Cells someone other than the uploader (an admin) changed, oldest first, masked as the grid
     * shows them: the uploader sees who changed what before submitting.
     */
    changed_by_others: z.array(batchOthersChange),
    counts: batchCounts,
    /** Set from `validated` on. */
    summary: batchSummary.nullable(),
    approval: batchApproval,
    /** The caller may approve or reject it now; when not, why (null when it is not waiting). */
    can_decide: z.boolean(),
    cannot_decide_reason: z.string().nullable(),
    cancelled: z
      .strictObject({ by: payoutActor, at: instant, reason: z.string().nullable() })
      .nullable(),
    /** The batch whose failed rows this one retries. */
    retry_of: z.string().nullable(),
  })
  .meta({ id: 'Batch' });

export const batchList = z
  .strictObject({ items: z.array(batchDto), next_cursor: z.string().nullable() })
  .meta({ id: 'BatchList' });

export const batchRow = z
  .strictObject({
    /** 1-based data row of the file. */
    row: z.number().int(),
    state: z.enum(BATCH_ROW_STATES),
    /**
     * The cells as uploaded (or fixed), masked: card numbers as 6 + 4, other secrets masked,
     * security codes blank. Keyed by column name.
     */
    cells: z.record(z.string(), z.string()),
    /** Every problem of the row (column null: the row as a whole). */
    errors: z.array(z.strictObject({ column: z.string().nullable(), message: z.string() })),
    /**
     * Flags that do not block: a possible duplicate of an earlier row or a recent payout (the
     * same account and amount within DUPLICATE_WINDOW_DAYS).
     */
    warnings: z.array(z.strictObject({ column: z.string().nullable(), message: z.string() })),
    order_id: z.string().nullable(),
    amount: decimal.nullable(),
    payout_id: z.string().nullable(),
    payout_status: z.enum(PAYOUT_STATUSES).nullable(),
    orchestrator_id: z.string().nullable(),
    /** Failure or decline reason of its payout. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'BatchRow' });

export const batchRows = z
  .strictObject({
    rows: z.array(batchRow),
    /** Rows matching the filter. */
    total: z.number().int(),
  })
  .meta({ id: 'BatchRows' });

const byId = { params: batchIdParams } as const;

export const batchEndpoints = {
  listBatches: endpoint(routes.listBatches, {
    summary: 'List batches, newest first',
    tag: 'Batches',
    query: batchListQuery,
    reply: json(batchList),
  }),
  batchTemplate: endpoint(routes.batchTemplate, {
    summary:
      'A CSV template for a corridor, type and PSP: the header and a commented example row, secrets masked',
    tag: 'Batches',
    query: batchTemplateQuery,
    reply: csvFile,
  }),
  uploadBatch: endpoint(routes.uploadBatch, {
    summary:
      'Upload a batch file (the CSV itself is the body, `Content-Type: text/csv`): a draft with every cell validated; 422 `bad_file` for a file that cannot be used; 409 for the same bytes while an earlier batch of them is not cancelled',
    tag: 'Batches',
    query: batchUploadQuery,
    body: 'csv',
    reply: json(batchDto, 201),
  }),
  getBatch: endpoint(routes.getBatch, {
    summary: 'A batch',
    tag: 'Batches',
    ...byId,
    reply: json(batchDto),
  }),
  batchRows: endpoint(routes.batchRows, {
    summary: 'A batch’s rows',
    tag: 'Batches',
    ...byId,
    query: batchRowsQuery,
    reply: json(batchRows),
  }),
  fixBatchRow: endpoint(routes.fixBatchRow, {
    summary: 'Fix a row’s cells (a draft): the row revalidated',
    tag: 'Batches',
    params: batchRowParams,
    body: batchRowFixBody,
    reply: json(batchRow),
  }),
  validateBatch: endpoint(routes.validateBatch, {
    summary:
      'Validate a batch: `validated` with its summary; invalid rows excluded when asked, else 422',
    tag: 'Batches',
    ...byId,
    body: batchValidateBody,
    reply: json(batchDto),
  }),
  submitBatch: endpoint(routes.submitBatch, {
    summary: 'Submit a batch: awaiting approval when its rule asks for one, else sent',
    tag: 'Batches',
    ...byId,
    body: emptyBody,
    reply: json(batchDto),
  }),
  approveBatch: endpoint(routes.approveBatch, {
    summary: 'Approve a batch (step-up)',
    tag: 'Batches',
    ...byId,
    body: emptyBody,
    reply: json(batchDto),
  }),
  rejectBatch: endpoint(routes.rejectBatch, {
    summary: 'Reject a batch',
    tag: 'Batches',
    ...byId,
    body: batchRejectBody,
    reply: json(batchDto),
  }),
  cancelBatch: endpoint(routes.cancelBatch, {
    summary: 'Cancel a batch: rows not yet sent are cancelled, sent rows are untouched',
    tag: 'Batches',
    ...byId,
    body: batchCancelBody,
    reply: json(batchDto),
  }),
  retryBatch: endpoint(routes.retryBatch, {
    summary: 'Retry a batch’s failed rows with another PSP: a new draft batch',
    tag: 'Batches',
    ...byId,
    body: batchRetryBody,
    reply: json(batchDto, 201),
  }),
  batchResults: endpoint(routes.batchResults, {
    summary: 'A batch’s results as CSV, for reconciliation',
    tag: 'Batches',
    ...byId,
    reply: csvFile,
  }),
};
