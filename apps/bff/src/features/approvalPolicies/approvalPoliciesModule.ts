import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { StaffNotifier } from '../staffNotifications/index.js';
import { createApprovalPoliciesRepository } from './approvalPoliciesRepository.js';
import { createApprovalPoliciesRouter } from './approvalPoliciesRouter.js';
import {
  createApprovalPoliciesService,
  type ApprovalPoliciesService,
  type PolicyChangeNotifier,
} from './approvalPoliciesService.js';

export interface ApprovalPoliciesModule {
  router: Router;
  /** Every new payout and batch reads the policy in force from it. */
  service: ApprovalPoliciesService;
}

/** Stored approval policies: version 1 from configuration, changes under four eyes. */
export function createApprovalPoliciesModule(
  deps: Pick<ModuleBase, 'config' | 'db' | 'clock' | 'logger' | 'auditService' | 'stepUp'> & {
    separationOfDuties: SeparationOfDuties;
    staffNotifier: StaffNotifier;
    /** Tests pass their own to see it called; otherwise the admins are told (bell and e-mail). */
    notify?: PolicyChangeNotifier;
  },
): ApprovalPoliciesModule {
  const { config, staffNotifier } = deps;
  const service = createApprovalPoliciesService({
    repo: createApprovalPoliciesRepository(deps.db),
    auditService: deps.auditService,
    clock: deps.clock,
    logger: deps.logger,
    initialPolicy: config.approvalPolicy,
    separationOfDuties: deps.separationOfDuties,
    notify: deps.notify ?? {
      policyChangeProposed: async (input) => {
        await staffNotifier.policyChangeProposed(input);
      },
      policyChangeDecided: (proposalId) => staffNotifier.settled(proposalId),
      policyChangeScheduled: async (input) => {
        await staffNotifier.policyChangeScheduled(input);
      },
    },
    weakeningDelayMs: config.policyWeakeningDelayMs,
  });
  return {
    router: createApprovalPoliciesRouter({ approvalPoliciesService: service, stepUp: deps.stepUp }),
    service,
  };
}
