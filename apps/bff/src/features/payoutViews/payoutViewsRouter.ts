import {
  createPayoutViewBody,
  setDefaultPayoutViewBody,
  updatePayoutViewBody,
} from '@payouts/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { PayoutViewsService } from './payoutViewsService.js';

const noQuery = z.strictObject({});

/**
 * Saved views of the payouts list (issue 15). Everyone who reads payouts has views; sharing one
 * with everyone is the admins' (`payout-views:share`, checked by the service).
 */
export function createPayoutViewsRouter({
  payoutViewsService: service,
}: {
  payoutViewsService: PayoutViewsService;
}): Router {
  const router = Router();
  router.use('/payout-views', requirePermission('payouts:read'));

  router.get('/payout-views', async (req, res) => {
    parseInput(noQuery, req.query);
    res.json(await service.list(authOf(req).user));
  });

  router.post('/payout-views', async (req, res) => {
    const body = parseInput(createPayoutViewBody, req.body);
    res.status(201).json(await service.create(authOf(req).user, body, auditContextOf(req)));
  });

  // Before `/:id`: `default` is no view's id.
  router.put('/payout-views/default', async (req, res) => {
    const body = parseInput(setDefaultPayoutViewBody, req.body);
    res.json(await service.setDefault(authOf(req).user, body.view_id));
  });

  router.patch('/payout-views/:id', async (req, res) => {
    const body = parseInput(updatePayoutViewBody, req.body);
    res.json(await service.update(authOf(req).user, req.params.id, body, auditContextOf(req)));
  });

  router.delete('/payout-views/:id', async (req, res) => {
    await service.remove(authOf(req).user, req.params.id, auditContextOf(req));
    res.status(204).end();
  });

  return router;
}
