import { payoutViewEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { PayoutViewsService } from './payoutViewsService.js';

/**
 * Saved views of the payouts list. Everyone who reads payouts has views; sharing one with
 * everyone is the admins' (`payout-views:share`, checked by the service).
 */
export function createPayoutViewsRouter({
  payoutViewsService: service,
}: {
  payoutViewsService: PayoutViewsService;
}): Router {
  const router = Router();
  mountEndpoints(router, payoutViewEndpoints, {
    listPayoutViews: ({ auth }) => service.list(auth.user),
    createPayoutView: ({ auth, body, audit }) => service.create(auth.user, body, audit),
    setDefaultPayoutView: ({ auth, body }) => service.setDefault(auth.user, body.view_id),
    updatePayoutView: ({ auth, params, body, audit }) =>
      service.update(auth.user, params.id, body, audit),
    deletePayoutView: ({ auth, params, audit }) => service.remove(auth.user, params.id, audit),
  });
  return router;
}
