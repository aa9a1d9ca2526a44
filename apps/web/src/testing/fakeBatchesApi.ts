import type {
  BatchDto,
  BatchRowDto,
  BatchRowFilter,
  BatchSummaryDto,
  SessionUser,
} from '@payouts/contracts';
import { ApiError } from '../api/ApiError.js';
import type { BatchesApi, BatchUpload } from '../features/batches/batchesApi.js';
import { parseBatchFile } from '../features/batches/parseBatchFile.js';
import { buildBatch } from './buildBatch.js';

export interface FakeBatchesOptions {
  /** Batches the default list, get and actions work on, with their rows by batch id. */
  batches?: BatchDto[];
  batchRows?: Record<string, BatchRowDto[]>;
  uploadBatch?: (upload: BatchUpload) => Promise<BatchDto>;
  /** What submitting answers (default: the batch, awaiting approval). */
  submitBatch?: (id: string) => Promise<BatchDto>;
  /** What approving answers (default: the batch, approved by the signed-in user). */
  approveBatch?: (id: string) => Promise<BatchDto>;
}

export interface FakeBatchesCalls {
  listBatches: { cursor?: string | undefined; status?: string | undefined }[];
  uploadBatch: BatchUpload[];
  batchRows: { id: string; filter: BatchRowFilter; offset: number; limit: number }[];
  fixBatchRow: { id: string; row: number; cells: Record<string, string> }[];
  validateBatch: { id: string; excludeInvalid: boolean }[];
  submitBatch: string[];
  approveBatch: string[];
  rejectBatch: { id: string; reason: string }[];
  cancelBatch: { id: string; reason: string | undefined }[];
  retryBatch: { id: string; provider: string }[];
}

export function emptyBatchesCalls(): FakeBatchesCalls {
  return {
    listBatches: [],
    uploadBatch: [],
    batchRows: [],
    fixBatchRow: [],
    validateBatch: [],
    submitBatch: [],
    approveBatch: [],
    rejectBatch: [],
    cancelBatch: [],
    retryBatch: [],
  };
}

const AT = '2026-11-25T10:00:00.000Z';

/** The fake's rule for a cell: `BAD` (any case) is invalid. */
function cellErrors(cells: Record<string, string>): BatchRowDto['errors'] {
  return Object.entries(cells)
    .filter(([, v]) => v.trim().toUpperCase() === 'BAD')
    .map(([column]) => ({ column, message: `${column} is not valid.` }));
}

function withCounts(batch: BatchDto, rows: readonly BatchRowDto[]): BatchDto {
  const count = (state: BatchRowDto['state']) => rows.filter((r) => r.state === state).length;
  return {
    ...batch,
    counts: {
      ...batch.counts,
      rows: rows.length,
      invalid: count('invalid'),
      valid: count('valid'),
      excluded: count('excluded'),
    },
  };
}

function summaryOf(batch: BatchDto, rows: readonly BatchRowDto[]): BatchSummaryDto {
  const included = rows.filter((r) => r.state === 'valid');
  const cents = included.reduce((sum, r) => sum + Math.round(Number(r.amount ?? '0') * 100), 0);
  const amount = (cents / 100).toFixed(2);
  return {
    included: included.length,
    excluded: rows.filter((r) => r.state === 'excluded').length,
    totals: [{ currency: batch.currency, amount }],
    per_provider: [
      {
        provider: batch.provider,
        provider_title: batch.provider_title,
        rows: included.length,
        amount,
      },
    ],
    rows_needing_approval: included.length,
    rows_waiting_individually: 0,
  };
}

/**
 * An in-memory batches API that keeps what it answered: an upload becomes a draft whose rows are
 * the file's (a `BAD` cell is invalid: the fake's stand-in for the server's checks), a fix is
 * merged into its row, and the counts follow the rows. Whether a batch needs approval, how many
 * approvals complete it and whether invalid rows block validation are the BFF's rules: a test
 * that needs other than the plain answer (awaiting approval, approved, validated) gives it.
 */
export function createFakeBatchesApi(
  options: FakeBatchesOptions,
  calls: FakeBatchesCalls,
  currentUser: () => SessionUser | null,
): BatchesApi {
  const batches = new Map((options.batches ?? []).map((b) => [b.id, b]));
  const rowsOf = new Map(Object.entries(options.batchRows ?? {}));
  let uploads = 0;
  const find = (id: string): BatchDto => {
    const batch = batches.get(id);
    if (!batch) throw new ApiError('not_found', 'No such batch.', { status: 404 });
    return batch;
  };
  const store = (batch: BatchDto): BatchDto => {
    batches.set(batch.id, batch);
    return batch;
  };
  const actor = () => {
    const user = currentUser();
    return user
      ? { id: user.id, email: user.email, name: user.name }
      : { id: 'u_0', email: 'x@example.com', name: 'Nobody' };
  };
  const run = <T>(f: () => T): Promise<T> => Promise.resolve().then(f);

  return {
    list: (query) =>
      run(() => {
        calls.listBatches.push({ cursor: query.cursor, status: query.status });
        const items = [...batches.values()].sort((a, b) =>
          b.created_at.localeCompare(a.created_at),
        );
        return { items, next_cursor: null };
      }),
    get: (id) => run(() => find(id)),
    upload: async (upload) => {
      calls.uploadBatch.push(upload);
      if (options.uploadBatch) return store(await options.uploadBatch(upload));
      const parsed = parseBatchFile(upload.csv);
      const header = parsed.rows[0] ?? [];
      uploads += 1;
      const rows = parsed.rows.slice(1).map((record, i): BatchRowDto => {
        const cells = Object.fromEntries(header.map((h, j) => [h, record[j] ?? '']));
        const errors = cellErrors(cells);
        return {
          row: i + 1,
          state: errors.length > 0 ? 'invalid' : 'valid',
          cells,
          errors,
          warnings: [],
          order_id: cells.order_id ?? null,
          amount: cells.amount ?? null,
          payout_id: null,
          payout_status: null,
          orchestrator_id: null,
          reason: null,
        };
      });
      const batch = buildBatch({
        id: `bat_up_${uploads}`,
        file_name: upload.file_name,
        country: upload.country,
        currency: upload.currency,
        payout_method_type: upload.payout_method_type,
        provider: upload.provider,
        created_by: actor(),
        created_at: AT,
        columns: header.map((name) => ({ name, title: name })),
      });
      rowsOf.set(batch.id, rows);
      return store(withCounts(batch, rows));
    },
    rows: (id, query) =>
      run(() => {
        calls.batchRows.push({ id, ...query });
        find(id);
        const all = rowsOf.get(id) ?? [];
        const matching = all.filter((r) =>
          query.filter === 'errors'
            ? r.errors.length > 0
            : query.filter === 'failed'
              ? r.payout_status === 'failed' || r.payout_status === 'declined'
              : query.filter === 'included'
                ? r.state !== 'excluded' && r.state !== 'invalid'
                : true,
        );
        return {
          rows: matching.slice(query.offset, query.offset + query.limit),
          total: matching.length,
        };
      }),
    fixRow: (id, row, cells) =>
      run(() => {
        calls.fixBatchRow.push({ id, row, cells });
        const batch = find(id);
        const all = rowsOf.get(id) ?? [];
        const current = all.find((r) => r.row === row);
        if (!current) throw new ApiError('not_found', 'No such row.', { status: 404 });
        const merged = { ...current.cells, ...cells };
        const errors = cellErrors(merged);
        const fixed: BatchRowDto = {
          ...current,
          cells: merged,
          errors,
          state: errors.length > 0 ? 'invalid' : 'valid',
          amount: merged.amount ?? null,
        };
        const next = all.map((r) => (r.row === row ? fixed : r));
        rowsOf.set(id, next);
        store(withCounts(batch, next));
        return fixed;
      }),
    validate: (id, excludeInvalid) =>
      run(() => {
        calls.validateBatch.push({ id, excludeInvalid });
        const batch = find(id);
        const all = rowsOf.get(id) ?? [];
        const next = all.map((r): BatchRowDto =>
          excludeInvalid && r.state === 'invalid' ? { ...r, state: 'excluded' } : r,
        );
        rowsOf.set(id, next);
        const counted = withCounts(batch, next);
        return store({ ...counted, status: 'validated', summary: summaryOf(counted, next) });
      }),
    submit: async (id) => {
      calls.submitBatch.push(id);
      if (options.submitBatch) return store(await options.submitBatch(id));
      const batch = await run(() => find(id));
      return store({ ...batch, status: 'awaiting_approval', submitted_at: AT, can_decide: false });
    },
    approve: async (id) => {
      calls.approveBatch.push(id);
      if (options.approveBatch) return store(await options.approveBatch(id));
      const batch = await run(() => find(id));
      const step = batch.approval.approvals.length + 1;
      return store({
        ...batch,
        status: 'approved',
        approval: {
          ...batch.approval,
          approvals: [...batch.approval.approvals, { by: actor(), at: AT, step }],
        },
        can_decide: false,
        cannot_decide_reason: null,
      });
    },
    reject: (id, reason) =>
      run(() => {
        calls.rejectBatch.push({ id, reason });
        const batch = find(id);
        return store({
          ...batch,
          status: 'cancelled',
          approval: { ...batch.approval, rejected: { by: actor(), at: AT, reason } },
          can_decide: false,
          cannot_decide_reason: null,
        });
      }),
    cancel: (id, reason) =>
      run(() => {
        calls.cancelBatch.push({ id, reason });
        const batch = find(id);
        return store({
          ...batch,
          status: 'cancelled',
          cancelled: { by: actor(), at: AT, reason: reason ?? null },
          can_decide: false,
        });
      }),
    retry: (id, provider) =>
      run(() => {
        calls.retryBatch.push({ id, provider });
        const batch = find(id);
        const failed = (rowsOf.get(id) ?? []).filter(
          (r) => r.payout_status === 'failed' || r.payout_status === 'declined',
        );
        const rows = failed.map((r, i): BatchRowDto => ({
          ...r,
          row: i + 1,
          state: 'valid',
          payout_id: null,
          payout_status: null,
          orchestrator_id: null,
          reason: null,
        }));
        const next = buildBatch({
          id: `${id}_retry`,
          file_name: batch.file_name,
          country: batch.country,
          currency: batch.currency,
          payout_method_type: batch.payout_method_type,
          provider,
          provider_title: null,
          columns: batch.columns,
          created_by: actor(),
          created_at: AT,
          retry_of: id,
        });
        rowsOf.set(next.id, rows);
        return store(withCounts(next, rows));
      }),
    resultsUrl: (id) => `/api/batches/${id}/results.csv`,
    templateUrl: (query) => `/api/batches/template?${new URLSearchParams(query).toString()}`,
  };
}
