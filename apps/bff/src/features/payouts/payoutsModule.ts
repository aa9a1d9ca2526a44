import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import type { ApprovalPoliciesService } from '../approvalPolicies/index.js';
import {
  createApprovalInbox,
  createApprovalsRepository,
  createApprovalsRouter,
} from '../approvals/index.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import { createNotificationsRouter } from '../notifications/index.js';
import type { ProvidersService } from '../providers/index.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { StaffNotifier } from '../staffNotifications/index.js';
import { createApprovalPreview } from './approvalPreview.js';
import { createBeneficiaryPayoutCreation } from './beneficiaryPayoutCreation.js';
import { createPayoutApprovals } from './payoutApprovals.js';
import { createFingerprinter, payoutAccountIdentity } from '../../shared/accountFingerprint.js';
import { createPayoutCreation, type PayoutCreation } from './payoutCreation.js';
import { createPayoutLifecycle, type PayoutLifecycle } from './payoutLifecycle.js';
import { createPayoutQueries, type PayoutQueries } from './payoutQueries.js';
import { createPayoutTotals } from './payoutTotals.js';
import { createPayoutFilterOptions } from './payoutFilterOptions.js';
import { createPayoutResolutions } from './payoutResolutions.js';
import { createPayoutStatusUpdates } from './payoutStatusUpdates.js';
import { createPayoutViews } from './payoutViews.js';
import { createPayoutsReconciler, type PayoutsReconciler } from './payoutsReconciler.js';
import { createPayoutsRepository, type PayoutsRepository } from './payoutsRepository.js';
import { createPayoutsRouter } from './payoutsRouter.js';
import { reportingOutcomes } from './payoutOutcomes.js';

export interface PayoutsModule {
  /** The payouts routes and the approvals inbox, behind the session. */
  routers: Router[];
  /** The orchestrator's webhook, mounted before the session and CSRF checks. */
  webhookRouter: Router;
  /** The background reconciler (started by `startServer`). */
  reconciler: PayoutsReconciler;
  repository: PayoutsRepository;
  lifecycle: PayoutLifecycle;
  creation: PayoutCreation;
  queries: PayoutQueries;
}

/**
 * Payouts: created from a corridor's form or a saved beneficiary, decided under four eyes, sent
 * once through the lifecycle, reconciled in the background, settled by people when unknown.
 */
export function createPayoutsModule(
  deps: Pick<
    ModuleBase,
    | 'config'
    | 'db'
    | 'clock'
    | 'logger'
    | 'orchestrator'
    | 'corridors'
    | 'pspTitles'
    | 'sealedBox'
    | 'auditService'
    | 'stepUp'
    | 'staleAfterMs'
  > & {
    providersService: ProvidersService;
    separationOfDuties: SeparationOfDuties;
    policies: ApprovalPoliciesService;
    staffNotifier: StaffNotifier;
    beneficiaryPayouts: BeneficiaryPayouts;
    /** The reconciler's lease owner id (default: random per process). */
    reconcilerOwner?: string;
  },
): PayoutsModule {
  const { config, clock, logger, orchestrator, auditService, staffNotifier } = deps;
  const { separationOfDuties, staleAfterMs, stepUp } = deps;
  // Every committed change that is news to a payout's creator reaches the bell (and their
  // e-mail, by their digest); a failed notice is logged, never the change's error.
  const payoutsRepository = reportingOutcomes(createPayoutsRepository(deps.db), (change) =>
    staffNotifier
      .payoutOutcome({
        payout: change.row,
        outcome: change.outcome,
        actors: change.actors,
        by: change.by,
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        logger.error({ err: error, payoutId: change.row.id }, 'creator not told of the outcome');
      }),
  );
  const lifecycle = createPayoutLifecycle({
    repo: payoutsRepository,
    orchestrator,
    clock,
    logger,
    sealedBox: deps.sealedBox,
    schedule: {
      backoffMs: config.reconciler.backoffMs,
      maxBackoffMs: config.reconciler.maxBackoffMs,
      staleAfterMs,
    },
  });
  // One service per job, sharing the lifecycle and one way of showing a payout.
  const views = createPayoutViews({
    repo: payoutsRepository,
    clock,
    attentionAfterMs: config.attentionAfterMs,
    pspTitles: deps.pspTitles,
  });
  const shared = { payoutsRepository, views, lifecycle, auditService, clock };
  // The beneficiaries' key: a payout to a saved payee and one typed in match when they pay the
  // same account.
  const fingerprinter = createFingerprinter(config.payoutDataKeys[0]!);
  const creation = createPayoutCreation({
    ...shared,
    fingerprint: (type, metadata) => fingerprinter(payoutAccountIdentity(type, metadata)),
    duplicateWindowMs: config.duplicateWindowMs,
    providersService: deps.providersService,
    staleAfterMs,
    policies: deps.policies,
    labMaxAmounts: config.labMaxAmounts,
    corridors: deps.corridors,
    onAwaitingApproval: async (payout) => {
      // The payout exists either way: a failed notification is logged, not the request's error.
      await staffNotifier.payoutAwaitingApproval(payout).catch((error: unknown) => {
        logger.error({ err: error, payoutId: payout.id }, 'approvers not notified');
      });
    },
  });
  const queries = createPayoutQueries({
    payoutsRepository,
    payoutTotals: createPayoutTotals({ db: deps.db }),
    filterOptions: createPayoutFilterOptions({ db: deps.db, pspTitles: deps.pspTitles }),
    views,
  });
  const approvals = createPayoutApprovals({
    ...shared,
    separationOfDuties,
    // Decided: the approvers' bell items and unsent e-mails about it stop asking.
    onDecided: (payoutId) =>
      staffNotifier.settled(payoutId).catch((error: unknown) => {
        logger.error({ err: error, payoutId }, 'approvers’ notifications not settled');
      }),
  });
  const resolutions = createPayoutResolutions({
    ...shared,
    orchestrator,
    payoutCreation: creation,
    logger,
    separationOfDuties,
  });
  const statusUpdates = createPayoutStatusUpdates({
    ...shared,
    orchestrator,
    logger,
    // A payout's real life sends a handful; a flood (replays, a leaked token) asks no more.
    notificationChecks: { windowMs: 60_000, max: 5 },
  });
  const reconciler = createPayoutsReconciler({
    repo: payoutsRepository,
    lifecycle,
    orchestrator,
    clock,
    logger,
    settings: {
      graceMs: config.reconciler.graceMs,
      lookupMs: config.reconciler.lookupMs,
      refusesDuplicateOrderId: config.reconciler.refusesDuplicateOrderId,
      batchSize: config.reconciler.batchSize,
      leaseMs: staleAfterMs,
      intervalMs: config.reconciler.intervalMs,
    },
    ...(deps.reconcilerOwner !== undefined ? { owner: deps.reconcilerOwner } : {}),
  });
  const routers = [
    createPayoutsRouter({
      payoutCreation: creation,
      beneficiaryPayoutCreation: createBeneficiaryPayoutCreation({
        beneficiaries: deps.beneficiaryPayouts,
        creation,
      }),
      payoutQueries: queries,
      payoutApprovals: approvals,
      payoutStatusUpdates: statusUpdates,
      payoutResolutions: resolutions,
      approvalPreview: createApprovalPreview({
        policies: deps.policies,
        beneficiaryPayouts: deps.beneficiaryPayouts,
        clock,
      }),
      stepUp,
    }),
    createApprovalsRouter({
      approvalInbox: createApprovalInbox({
        approvalsRepository: createApprovalsRepository(deps.db),
        views,
        payoutApprovals: approvals,
        clock,
        logger,
      }),
      stepUp,
    }),
  ];
  const webhookRouter = createNotificationsRouter({
    payoutStatusUpdates: statusUpdates,
    token: config.orchestrator.notificationToken,
  });
  return {
    routers,
    webhookRouter,
    reconciler,
    repository: payoutsRepository,
    lifecycle,
    creation,
    queries,
  };
}
