import type { Route } from './route.js';

/** The payout-type lab and the card-deposit console: admins, every call to the orchestrator. */
export const labRoutes = {
  labTestData: {
    method: 'get',
    path: '/api/lab/test-data',
    summary: 'Test data for a PSP and payout type in a corridor',
    tag: 'Lab',
    access: 'lab:use',
  },
  sendLabPayout: {
    method: 'post',
    path: '/api/lab/payouts',
    summary: 'Send a test payout (a refusal is a 200 with `problem`)',
    tag: 'Lab',
    access: 'lab:use',
    idempotencyKey: true,
  },
  depositOptions: {
    method: 'get',
    path: '/api/lab/deposits/options',
    summary: 'PSPs and MIDs for card deposits',
    tag: 'Lab',
    access: 'lab:use',
  },
  depositFingerprint: {
    method: 'get',
    path: '/api/lab/fingerprint',
    summary: 'The cashier’s device-fingerprint page (204 when the PSP wants none)',
    tag: 'Lab',
    access: 'lab:use',
  },
  makeDeposit: {
    method: 'post',
    path: '/api/lab/deposits',
    summary: 'Make a card deposit',
    tag: 'Lab',
    access: 'lab:use',
  },
  getDeposit: {
    method: 'get',
    path: '/api/lab/deposits/:id',
    summary: 'A card deposit',
    tag: 'Lab',
    access: 'lab:use',
  },
} as const satisfies Record<string, Route>;
