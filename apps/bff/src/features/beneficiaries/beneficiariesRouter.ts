import {
  beneficiaryListQuery as listQuery,
  createBeneficiaryBody,
  rejectBeneficiaryChangeBody,
  updateBeneficiaryBody,
} from '@payouts/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { BeneficiaryEditing } from './beneficiaryEditing.js';
import type { BeneficiaryQueries } from './beneficiaryQueries.js';

/** The payee book (issue 11): support reads it; finance and admin edit; a second person approves. */
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

  router.get('/beneficiaries', requirePermission('beneficiaries:read'), async (req, res) => {
    const q = parseInput(listQuery, req.query);
    res.json(
      await beneficiaryQueries.list({
        q: q.q,
        country: q.country,
        currency: q.currency,
        payoutMethodType: q.payout_method_type,
        provider: q.provider,
        statuses: q.status,
        cursor: q.cursor,
        limit: q.limit,
      }),
    );
  });

  router.post('/beneficiaries', requirePermission('beneficiaries:write'), async (req, res) => {
    const body = parseInput(createBeneficiaryBody, req.body);
    res
      .status(201)
      .json(await beneficiaryEditing.create(authOf(req).user, body, auditContextOf(req)));
  });

  router.get('/beneficiaries/:id', requirePermission('beneficiaries:read'), async (req, res) => {
    res.json(await beneficiaryQueries.get(req.params.id as string));
  });

  router.patch('/beneficiaries/:id', requirePermission('beneficiaries:write'), async (req, res) => {
    const body = parseInput(updateBeneficiaryBody, req.body);
    res.json(
      await beneficiaryEditing.update(
        req.params.id as string,
        authOf(req).user,
        body,
        auditContextOf(req),
      ),
    );
  });

  router.post(
    '/beneficiaries/:id/changes/:changeId/approve',
    requirePermission('beneficiaries:approve'),
    async (req, res) => {
      parseInput(z.strictObject({}), req.body ?? {});
      stepUp.check(authOf(req));
      res.json(
        await beneficiaryEditing.approve(
          req.params.id as string,
          req.params.changeId as string,
          authOf(req).user,
          auditContextOf(req),
        ),
      );
    },
  );

  router.post(
    '/beneficiaries/:id/changes/:changeId/reject',
    requirePermission('beneficiaries:approve'),
    async (req, res) => {
      const body = parseInput(rejectBeneficiaryChangeBody, req.body ?? {});
      res.json(
        await beneficiaryEditing.reject(
          req.params.id as string,
          req.params.changeId as string,
          authOf(req).user,
          body,
          auditContextOf(req),
        ),
      );
    },
  );

  router.post(
    '/beneficiaries/:id/archive',
    requirePermission('beneficiaries:write'),
    async (req, res) => {
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(
        await beneficiaryEditing.archive(
          req.params.id as string,
          authOf(req).user,
          auditContextOf(req),
        ),
      );
    },
  );

  return router;
}
