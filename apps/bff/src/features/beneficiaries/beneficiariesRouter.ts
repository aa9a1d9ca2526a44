import { beneficiaryEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { BeneficiaryEditing } from './beneficiaryEditing.js';
import type { BeneficiaryQueries } from './beneficiaryQueries.js';

/** The payee book: support reads it; finance and admin edit; a second person approves. */
export function createBeneficiariesRouter({
  beneficiaryQueries,
  beneficiaryEditing,
  stepUp,
}: {
  beneficiaryQueries: BeneficiaryQueries;
  beneficiaryEditing: BeneficiaryEditing;
  stepUp: StepUp;
}): Router {
  const router = Router();
  mountEndpoints(router, beneficiaryEndpoints, {
    listBeneficiaries: ({ query: q }) =>
      beneficiaryQueries.list({
        q: q.q,
        country: q.country,
        currency: q.currency,
        payoutMethodType: q.payout_method_type,
        provider: q.provider,
        statuses: q.status,
        cursor: q.cursor,
        limit: q.limit,
      }),
    createBeneficiary: ({ auth, body, audit }) => beneficiaryEditing.create(auth.user, body, audit),
    getBeneficiary: ({ params }) => beneficiaryQueries.get(params.id),
    updateBeneficiary: ({ auth, params, body, audit }) =>
      beneficiaryEditing.update(params.id, auth.user, body, audit),
    approveBeneficiaryChange: ({ auth, params, audit }) => {
      stepUp.check(auth);
      return beneficiaryEditing.approve(params.id, params.changeId, auth.user, audit);
    },
    rejectBeneficiaryChange: ({ auth, params, body, audit }) =>
      beneficiaryEditing.reject(params.id, params.changeId, auth.user, body, audit),
    archiveBeneficiary: ({ auth, params, audit }) =>
      beneficiaryEditing.archive(params.id, auth.user, audit),
  });
  return router;
}
