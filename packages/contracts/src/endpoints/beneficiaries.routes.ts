import type { Route } from './route.js';

/**
 * The payee book: support reads it; finance and admin edit; a second person approves a change of
 * a beneficiary's name, reference or payment details. The e-mail changes at once.
 */
export const beneficiaryRoutes = {
  listBeneficiaries: {
    method: 'get',
    path: '/api/beneficiaries',
    access: 'beneficiaries:read',
  },
  createBeneficiary: {
    method: 'post',
    path: '/api/beneficiaries',
    access: 'beneficiaries:write',
  },
  getBeneficiary: {
    method: 'get',
    path: '/api/beneficiaries/:id',
    access: 'beneficiaries:read',
  },
  updateBeneficiary: {
    method: 'patch',
    path: '/api/beneficiaries/:id',
    access: 'beneficiaries:write',
  },
  approveBeneficiaryChange: {
    method: 'post',
    path: '/api/beneficiaries/:id/changes/:changeId/approve',
    access: 'beneficiaries:approve',
  },
  rejectBeneficiaryChange: {
    method: 'post',
    path: '/api/beneficiaries/:id/changes/:changeId/reject',
    access: 'beneficiaries:approve',
  },
  archiveBeneficiary: {
    method: 'post',
    path: '/api/beneficiaries/:id/archive',
    access: 'beneficiaries:write',
  },
} as const satisfies Record<string, Route>;
