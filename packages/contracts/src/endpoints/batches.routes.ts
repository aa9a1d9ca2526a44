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
    access: 'batches:read',
  },
  batchTemplate: {
    method: 'get',
    path: '/api/batches/template',
    access: 'batches:read',
  },
  uploadBatch: {
    method: 'post',
    path: '/api/batches',
    access: 'batches:write',
  },
  getBatch: {
    method: 'get',
    path: '/api/batches/:id',
    access: 'batches:read',
  },
  batchRows: {
    method: 'get',
    path: '/api/batches/:id/rows',
    access: 'batches:read',
  },
  fixBatchRow: {
    method: 'patch',
    path: '/api/batches/:id/rows/:row',
    access: 'batches:write',
  },
  validateBatch: {
    method: 'post',
    path: '/api/batches/:id/validate',
    access: 'batches:write',
  },
  submitBatch: {
    method: 'post',
    path: '/api/batches/:id/submit',
    access: 'batches:write',
  },
  approveBatch: {
    method: 'post',
    path: '/api/batches/:id/approve',
    access: 'payouts:approve',
  },
  rejectBatch: {
    method: 'post',
    path: '/api/batches/:id/reject',
    access: 'payouts:approve',
  },
  cancelBatch: {
    method: 'post',
    path: '/api/batches/:id/cancel',
    access: 'batches:write',
  },
  retryBatch: {
    method: 'post',
    path: '/api/batches/:id/retry',
    access: 'batches:write',
  },
  batchResults: {
    method: 'get',
    path: '/api/batches/:id/results.csv',
    access: 'batches:read',
  },
} as const satisfies Record<string, Route>;
