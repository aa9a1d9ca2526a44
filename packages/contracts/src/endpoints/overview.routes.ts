import type { Route } from './route.js';

/** The overview's four reads: every role that may read payouts sees them. */
export const overviewRoutes = {
  getOverviewSummary: {
    method: 'get',
    path: '/api/overview/summary',
    access: 'payouts:read',
  },
  getOverviewTimeseries: {
    method: 'get',
    path: '/api/overview/timeseries',
    access: 'payouts:read',
  },
  getOverviewProviders: {
    method: 'get',
    path: '/api/overview/providers',
    access: 'payouts:read',
  },
  getOverviewDeclines: {
    method: 'get',
    path: '/api/overview/declines',
    access: 'payouts:read',
  },
} as const satisfies Record<string, Route>;
