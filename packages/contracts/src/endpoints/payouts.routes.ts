import type { Route } from './route.js';

/**
 * Payouts: created from a corridor's form or a saved beneficiary, decided under four eyes, sent
 * to the orchestrator once, and settled by a person when their outcome stays unknown.
 */
export const payoutRoutes = {
  createPayout: {
    method: 'post',
    path: '/api/payouts',
    summary:
      'Create a payout (a corridor’s form, or a saved beneficiary): 201, or 202 when its outcome is unknown',
    tag: 'Payouts',
    access: 'payouts:create',
    idempotencyKey: true,
  },
  listPayouts: {
    method: 'get',
    path: '/api/payouts',
    summary: 'List payouts',
    tag: 'Payouts',
    access: 'payouts:read',
  },
  payoutSummary: {
    method: 'get',
    path: '/api/payouts/summary',
    summary: 'Counts for the navigation badges',
    tag: 'Payouts',
    access: 'payouts:read',
  },
  exportPayouts: {
    method: 'get',
    path: '/api/payouts/export.csv',
    summary: 'Export payouts as CSV (what the list’s filters select, however many)',
    tag: 'Payouts',
    access: 'payouts:export',
  },
  getPayout: {
    method: 'get',
    path: '/api/payouts/:id',
    summary: 'A payout and its history',
    tag: 'Payouts',
    access: 'payouts:read',
  },
  checkPayoutStatus: {
    method: 'post',
    path: '/api/payouts/:id/check-status',
    summary: 'Ask the orchestrator for a payout’s status now',
    tag: 'Payouts',
    access: 'payouts:check-status',
  },
  approvePayout: {
    method: 'post',
    path: '/api/payouts/:id/approve',
    summary: 'Approve a payout (step-up)',
    tag: 'Payouts',
    access: 'payouts:approve',
  },
  rejectPayout: {
    method: 'post',
    path: '/api/payouts/:id/reject',
    summary: 'Reject a payout',
    tag: 'Payouts',
    access: 'payouts:approve',
  },
  cancelPayout: {
    method: 'post',
    path: '/api/payouts/:id/cancel',
    summary: 'Cancel a payout waiting for approval (its creator)',
    tag: 'Payouts',
    access: 'payouts:cancel',
  },
  resolvePayout: {
    method: 'post',
    path: '/api/payouts/:id/resolution',
    summary:
      'Settle an unknown payout by hand: found at the PSP, or mark it failed under four eyes',
    tag: 'Payouts',
    access: 'payouts:resolve',
  },
  resolvePayouts: {
    method: 'post',
    path: '/api/payouts/resolutions',
    summary: 'Propose or confirm “not sent: mark failed” for several unknown payouts',
    tag: 'Payouts',
    access: 'payouts:resolve',
  },
  sendPayoutAgain: {
    method: 'post',
    path: '/api/payouts/:id/send-again',
    summary: 'Send a payout marked failed again, as a new payout with a new order id',
    tag: 'Payouts',
    access: 'payouts:create',
    idempotencyKey: true,
  },
} as const satisfies Record<string, Route>;
