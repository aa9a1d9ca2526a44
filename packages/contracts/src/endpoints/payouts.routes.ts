import type { Route } from './route.js';

/**
 * Payouts: created from a corridor's form or a saved beneficiary, decided under four eyes, sent
 * to the orchestrator once, and settled by a person when their outcome stays unknown.
 */
export const payoutRoutes = {
  createPayout: {
    method: 'post',
    path: '/api/payouts',
    access: 'payouts:create',
    idempotencyKey: true,
  },
  listPayouts: {
    method: 'get',
    path: '/api/payouts',
    access: 'payouts:read',
  },
  payoutTotals: {
    method: 'get',
    path: '/api/payouts/totals',
    access: 'payouts:read',
  },
  payoutFilterOptions: {
    method: 'get',
    path: '/api/payouts/filter-options',
    access: 'payouts:read',
  },
  previewPayoutApproval: {
    method: 'post',
    path: '/api/payouts/approval-preview',
    access: 'payouts:create',
  },
  payoutSummary: {
    method: 'get',
    path: '/api/payouts/summary',
    access: 'payouts:read',
  },
  exportPayouts: {
    method: 'get',
    path: '/api/payouts/export.csv',
    access: 'payouts:export',
  },
  getPayout: {
    method: 'get',
    path: '/api/payouts/:id',
    access: 'payouts:read',
  },
  checkPayoutStatus: {
    method: 'post',
    path: '/api/payouts/:id/check-status',
    access: 'payouts:check-status',
  },
  approvePayout: {
    method: 'post',
    path: '/api/payouts/:id/approve',
    access: 'payouts:approve',
  },
  rejectPayout: {
    method: 'post',
    path: '/api/payouts/:id/reject',
    access: 'payouts:approve',
  },
  cancelPayout: {
    method: 'post',
    path: '/api/payouts/:id/cancel',
    access: 'payouts:cancel',
  },
  resolvePayout: {
    method: 'post',
    path: '/api/payouts/:id/resolution',
    access: 'payouts:resolve',
  },
  resolvePayouts: {
    method: 'post',
    path: '/api/payouts/resolutions',
    access: 'payouts:resolve',
  },
  sendPayoutAgain: {
    method: 'post',
    path: '/api/payouts/:id/send-again',
    access: 'payouts:create',
    idempotencyKey: true,
  },
} as const satisfies Record<string, Route>;
