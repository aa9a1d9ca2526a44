import type { Route } from './route.js';

/**
 * Batch payouts from a file. `batches:read` for the GETs, `batches:write` for upload, fixes,
 * validate, submit, cancel and retry (fixes, validate and cancel by the uploader or an admin);
 * approve and reject need `payouts:approve` and a role the batch's rule names.
 */
export const batchRoutes = {
  listBatches: {
    method: 'get',
    path: '/api/batches',
    summary: 'List batches, newest first',
    tag: 'Batches',
    access: 'batches:read',
  },
  batchTemplate: {
    method: 'get',
    path: '/api/batches/template',
    summary:
      'A CSV template for a corridor, type and PSP: the header and a commented example row, secrets masked',
    tag: 'Batches',
    access: 'batches:read',
  },
  uploadBatch: {
    method: 'post',
    path: '/api/batches',
    summary:
      'Upload a batch file (the CSV itself is the body, `Content-Type: text/csv`): a draft with every cell validated; 422 `bad_file` for a file that cannot be used; 409 for the same bytes while an earlier batch of them is not cancelled',
    tag: 'Batches',
    access: 'batches:write',
  },
  getBatch: {
    method: 'get',
    path: '/api/batches/:id',
    summary: 'A batch',
    tag: 'Batches',
    access: 'batches:read',
  },
  batchRows: {
    method: 'get',
    path: '/api/batches/:id/rows',
    summary: 'A batch’s rows',
    tag: 'Batches',
    access: 'batches:read',
  },
  fixBatchRow: {
    method: 'patch',
    path: '/api/batches/:id/rows/:row',
    summary: 'Fix a row’s cells (a draft): the row revalidated',
    tag: 'Batches',
    access: 'batches:write',
  },
  validateBatch: {
    method: 'post',
    path: '/api/batches/:id/validate',
    summary:
      'Validate a batch: `validated` with its summary; invalid rows excluded when asked, else 422',
    tag: 'Batches',
    access: 'batches:write',
  },
  submitBatch: {
    method: 'post',
    path: '/api/batches/:id/submit',
    summary: 'Submit a batch: awaiting approval when its rule asks for one, else sent',
    tag: 'Batches',
    access: 'batches:write',
  },
  approveBatch: {
    method: 'post',
    path: '/api/batches/:id/approve',
    summary: 'Approve a batch (step-up)',
    tag: 'Batches',
    access: 'payouts:approve',
  },
  rejectBatch: {
    method: 'post',
    path: '/api/batches/:id/reject',
    summary: 'Reject a batch',
    tag: 'Batches',
    access: 'payouts:approve',
  },
  cancelBatch: {
    method: 'post',
    path: '/api/batches/:id/cancel',
    summary: 'Cancel a batch: rows not yet sent are cancelled, sent rows are untouched',
    tag: 'Batches',
    access: 'batches:write',
  },
  retryBatch: {
    method: 'post',
    path: '/api/batches/:id/retry',
    summary: 'Retry a batch’s failed rows with another PSP: a new draft batch',
    tag: 'Batches',
    access: 'batches:write',
  },
  batchResults: {
    method: 'get',
    path: '/api/batches/:id/results.csv',
    summary: 'A batch’s results as CSV, for reconciliation',
    tag: 'Batches',
    access: 'batches:read',
  },
} as const satisfies Record<string, Route>;
