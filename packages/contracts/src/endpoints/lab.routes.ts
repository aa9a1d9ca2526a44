import type { Route } from './route.js';

/** The payout-type lab and the card-deposit console: admins, every call to the orchestrator. */
export const labRoutes = {
  labTestData: {
    method: 'get',
    path: '/api/lab/test-data',
    access: 'lab:use',
  },
  sendLabPayout: {
    method: 'post',
    path: '/api/lab/payouts',
    access: 'lab:use',
    idempotencyKey: true,
  },
  depositOptions: {
    method: 'get',
    path: '/api/lab/deposits/options',
    access: 'lab:use',
  },
  depositTestData: {
    method: 'get',
    path: '/api/lab/deposits/test-data',
    access: 'lab:use',
  },
  depositFingerprint: {
    method: 'get',
    path: '/api/lab/fingerprint',
    access: 'lab:use',
  },
  makeDeposit: {
    method: 'post',
    path: '/api/lab/deposits',
    access: 'lab:use',
  },
  getDeposit: {
    method: 'get',
    path: '/api/lab/deposits/:id',
    access: 'lab:use',
  },
} as const satisfies Record<string, Route>;
