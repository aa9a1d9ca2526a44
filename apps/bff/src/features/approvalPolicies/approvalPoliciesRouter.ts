import { policyDryRunBody, proposePolicyBody, rejectPolicyBody } from '@payouts/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { ApprovalPoliciesService } from './approvalPoliciesService.js';

/** The approval policy (issue 12): everyone reads it; admins change it under four eyes. */
export function createApprovalPoliciesRouter({
  approvalPoliciesService: service,
  stepUp,
}: {
  approvalPoliciesService: ApprovalPoliciesService;
  stepUp: StepUp;
}): Router {
  const router = Router();

  router.get(
    '/approval-policies',
    requirePermission('approval-policies:read'),
    async (req, res) => {
      parseInput(z.strictObject({}), req.query);
      res.json(await service.get());
    },
  );

  router.post(
    '/approval-policies/proposals',
    requirePermission('approval-policies:manage'),
    async (req, res) => {
      const body = parseInput(proposePolicyBody, req.body);
      res.status(201).json(await service.propose(authOf(req).user, body, auditContextOf(req)));
    },
  );

  router.post(
    '/approval-policies/proposals/:id/approve',
    requirePermission('approval-policies:manage'),
    async (req, res) => {
      parseInput(z.strictObject({}), req.body ?? {});
      stepUp.check(authOf(req));
      res.json(
        await service.approve(req.params.id as string, authOf(req).user, auditContextOf(req)),
      );
    },
  );

  router.post(
    '/approval-policies/proposals/:id/reject',
    requirePermission('approval-policies:manage'),
    async (req, res) => {
      const { reason } = parseInput(rejectPolicyBody, req.body);
      res.json(
        await service.reject(
          req.params.id as string,
          authOf(req).user,
          reason,
          auditContextOf(req),
        ),
      );
    },
  );

  router.post(
    '/approval-policies/dry-run',
    requirePermission('approval-policies:manage'),
    async (req, res) => {
      res.json(await service.dryRun(parseInput(policyDryRunBody, req.body)));
    },
  );

  return router;
}
