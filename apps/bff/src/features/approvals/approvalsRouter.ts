import { approvalEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { ApprovalInbox } from './approvalInbox.js';

/** The approvals inbox: finance and admin, as the single-payout decisions. */
export function createApprovalsRouter({
  approvalInbox,
  stepUp,
}: {
  approvalInbox: ApprovalInbox;
  stepUp: StepUp;
}): Router {
  const router = Router();
  mountEndpoints(router, approvalEndpoints, {
    listApprovals: ({ auth, query }) =>
      approvalInbox.list(auth.user, { cursor: query.cursor, limit: query.limit }),
    countApprovals: ({ auth }) => approvalInbox.count(auth.user),
    decideApprovals: ({ auth, body, audit }) => {
      if (body.decision === 'approve') stepUp.check(auth);
      return approvalInbox.decide(
        auth.user,
        { decision: body.decision, payoutIds: body.payout_ids, reason: body.reason },
        audit,
      );
    },
  });
  return router;
}
