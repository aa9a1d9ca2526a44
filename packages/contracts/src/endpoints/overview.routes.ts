import type { Route } from './route.js';

/** The overview's four reads: every role that may read payouts sees them. */
export const overviewRoutes = {
  getOverviewSummary: {
    method: 'get',
    path: '/api/overview/summary',
    summary: 'Counts and amounts per status and currency, against the previous period',
    tag: 'Payouts',
    access: 'payouts:read',
  },
  getOverviewTimeseries: {
    method: 'get',
    path: '/api/overview/timeseries',
    summary: 'Count, volume, failed and unknown per hour or day and currency',
    tag: 'Payouts',
    access: 'payouts:read',
  },
  getOverviewProviders: {
    method: 'get',
    path: '/api/overview/providers',
    summary: 'Success rate and median time to final per PSP and payout method type',
    tag: 'Payouts',
    access: 'payouts:read',
  },
  getOverviewDeclines: {
    method: 'get',
    path: '/api/overview/declines',
    summary: 'The most frequent decline codes with their reasons',
    tag: 'Payouts',
    access: 'payouts:read',
  },
} as const satisfies Record<string, Route>;
