import type { Route } from './route.js';

/** Saved views of the payouts list: everyone who reads payouts has views. */
export const payoutViewRoutes = {
  listPayoutViews: {
    method: 'get',
    path: '/api/payout-views',
    access: 'payouts:read',
  },
  createPayoutView: {
    method: 'post',
    path: '/api/payout-views',
    access: 'payouts:read',
  },
  // Before `/:id` when mounted: `default` is no view's id.
  setDefaultPayoutView: {
    method: 'put',
    path: '/api/payout-views/default',
    access: 'payouts:read',
  },
  updatePayoutView: {
    method: 'patch',
    path: '/api/payout-views/:id',
    access: 'payouts:read',
  },
  deletePayoutView: {
    method: 'delete',
    path: '/api/payout-views/:id',
    access: 'payouts:read',
  },
} as const satisfies Record<string, Route>;
