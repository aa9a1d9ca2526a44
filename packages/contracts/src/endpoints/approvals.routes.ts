import type { Route } from './route.js';

/**
 * The approvals inbox: what waits for the signed-in user's approval, and bulk decisions on it.
 * Each payout of a bulk decision is decided on its own, exactly as `POST /api/payouts/:id/approve`
 * or `reject` would (one locked transaction each): a refusal of one leaves the others decided,
 * and never a payout half-approved.
 */
export const approvalRoutes = {
  listApprovals: {
    method: 'get',
    path: '/api/approvals',
    access: 'payouts:approve',
  },
  countApprovals: {
    method: 'get',
    path: '/api/approvals/count',
    access: 'payouts:approve',
  },
  decideApprovals: {
    method: 'post',
    path: '/api/approvals/decisions',
    access: 'payouts:approve',
  },
} as const satisfies Record<string, Route>;
