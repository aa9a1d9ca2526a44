import { approvalDecisionsBody, approvalInboxQuery } from '@payouts/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { ApprovalInbox } from './approvalInbox.js';

/** The approvals inbox (issue 12): finance and admin, as the single-payout decisions. */
export function createApprovalsRouter({
  approvalInbox,
  stepUp,
}: {
  approvalInbox: ApprovalInbox;
  stepUp: StepUp;
}): Router {
  const router = Router();

  router.get('/approvals', requirePermission('payouts:approve'), async (req, res) => {
    const q = parseInput(approvalInboxQuery, req.query);
    res.json(await approvalInbox.list(authOf(req).user, { cursor: q.cursor, limit: q.limit }));
  });

  router.get('/approvals/count', requirePermission('payouts:approve'), async (req, res) => {
    parseInput(z.strictObject({}), req.query);
    res.json(await approvalInbox.count(authOf(req).user));
  });

  router.post('/approvals/decisions', requirePermission('payouts:approve'), async (req, res) => {
    const body = parseInput(approvalDecisionsBody, req.body ?? {});
    if (body.decision === 'approve') stepUp.check(authOf(req));
    res.json(
      await approvalInbox.decide(
        authOf(req).user,
        { decision: body.decision, payoutIds: body.payout_ids, reason: body.reason },
        auditContextOf(req),
      ),
    );
  });

  return router;
}
