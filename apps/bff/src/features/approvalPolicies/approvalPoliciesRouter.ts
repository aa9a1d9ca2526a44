import { approvalPolicyEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { ApprovalPoliciesService } from './approvalPoliciesService.js';

/** The approval policy: everyone reads it; admins change it under four eyes. */
export function createApprovalPoliciesRouter({
  approvalPoliciesService: service,
  stepUp,
}: {
  approvalPoliciesService: ApprovalPoliciesService;
  stepUp: StepUp;
}): Router {
  const router = Router();
  mountEndpoints(router, approvalPolicyEndpoints, {
    getApprovalPolicies: () => service.get(),
    proposePolicy: ({ auth, body, audit }) => service.propose(auth.user, body, audit),
    approvePolicy: ({ auth, params, audit }) => {
      stepUp.check(auth);
      return service.approve(params.id, auth.user, audit);
    },
    rejectPolicy: ({ auth, params, body, audit }) =>
      service.reject(params.id, auth.user, body.reason, audit),
    dryRunPolicy: ({ body }) => service.dryRun(body),
  });
  return router;
}
