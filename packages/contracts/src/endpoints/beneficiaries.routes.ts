import type { Route } from './route.js';

/**
 * The payee book: support reads it; finance and admin edit; a second person approves a change of
 * a beneficiary's name, reference or payment details. The e-mail changes at once.
 */
export const beneficiaryRoutes = {
  listBeneficiaries: {
    method: 'get',
    path: '/api/beneficiaries',
    summary: 'List beneficiaries, by display name',
    tag: 'Beneficiaries',
    access: 'beneficiaries:read',
  },
  createBeneficiary: {
    method: 'post',
    path: '/api/beneficiaries',
    summary: 'Save a beneficiary (409 `beneficiary_duplicate` names the ones it matches)',
    tag: 'Beneficiaries',
    access: 'beneficiaries:write',
  },
  getBeneficiary: {
    method: 'get',
    path: '/api/beneficiaries/:id',
    summary: 'A beneficiary, its history and changes',
    tag: 'Beneficiaries',
    access: 'beneficiaries:read',
  },
  updateBeneficiary: {
    method: 'patch',
    path: '/api/beneficiaries/:id',
    summary: 'Change a beneficiary (name, reference and details wait for a second person)',
    tag: 'Beneficiaries',
    access: 'beneficiaries:write',
  },
  approveBeneficiaryChange: {
    method: 'post',
    path: '/api/beneficiaries/:id/changes/:changeId/approve',
    summary: 'Approve a pending change (another person; step-up)',
    tag: 'Beneficiaries',
    access: 'beneficiaries:approve',
  },
  rejectBeneficiaryChange: {
    method: 'post',
    path: '/api/beneficiaries/:id/changes/:changeId/reject',
    summary: 'Reject a pending change',
    tag: 'Beneficiaries',
    access: 'beneficiaries:approve',
  },
  archiveBeneficiary: {
    method: 'post',
    path: '/api/beneficiaries/:id/archive',
    summary: 'Archive a beneficiary',
    tag: 'Beneficiaries',
    access: 'beneficiaries:write',
  },
} as const satisfies Record<string, Route>;
