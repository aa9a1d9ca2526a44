import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import type { ApprovalPoliciesService } from '../approvalPolicies/index.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import type { PayoutCreation, PayoutLifecycle, PayoutsRepository } from '../payouts/index.js';
import type { ProvidersService } from '../providers/index.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { BatchOutcome, StaffNotifier } from '../staffNotifications/index.js';
import type { UsersRepository } from '../users/index.js';
import { createBatchDecisions } from './batchDecisions.js';
import { createFingerprinter, payoutAccountIdentity } from '../../shared/accountFingerprint.js';
import { createBatchEditing } from './batchEditing.js';
import { createBatchQueue } from './batchQueue.js';
import { createBatchRecheck, type BatchRecheck } from './batchRecheck.js';
import { createBatchesRepository, type BatchRow } from './batchesRepository.js';
import { createBatchesRouter } from './batchesRouter.js';
import { createBatchSender } from './batchSender.js';
import { createBatchViews } from './batchViews.js';
import { createBatchWorker, type BatchWorker } from './batchWorker.js';
import { createPspThrottle } from './pspThrottle.js';

export interface BatchesModule {
  router: Router;
  /** Sends batch rows from the queue (started by `startServer`; tests start it themselves). */
  worker: BatchWorker;
  /** Rechecks draft and validated batches when a corridor's PSP form changes. */
  recheck: BatchRecheck;
}

/**
 * Batch payouts from a file: rows become ordinary payouts (the payouts module's creation and
 * lifecycle), sent by a pg-boss queue shared by every process.
 */
export function createBatchesModule(
  deps: Pick<
    ModuleBase,
    | 'config'
    | 'db'
    | 'jobsDb'
    | 'clock'
    | 'logger'
    | 'corridors'
    | 'pspTitles'
    | 'sealedBox'
    | 'auditService'
    | 'stepUp'
    | 'staleAfterMs'
  > & {
    providersService: ProvidersService;
    separationOfDuties: SeparationOfDuties;
    usersRepository: UsersRepository;
    payoutsRepository: PayoutsRepository;
    payoutCreation: PayoutCreation;
    lifecycle: PayoutLifecycle;
    beneficiaryPayouts: BeneficiaryPayouts;
    policies: ApprovalPoliciesService;
    staffNotifier: StaffNotifier;
  },
): BatchesModule {
  const { config, clock, logger, corridors, sealedBox, auditService, providersService } = deps;
  const { separationOfDuties, staffNotifier, policies } = deps;
  const repo = createBatchesRepository(deps.db);
  // The payouts' and beneficiaries' key: a row and a payout paying one account match.
  const fingerprinter = createFingerprinter(config.payoutDataKeys[0]!);
  const queue = createBatchQueue({ jobsDb: deps.jobsDb, logger });
  /** Its uploader hears what others decided, and that it finished; a failed notice is logged. */
  const tellUploader = (
    batch: BatchRow,
    outcome: BatchOutcome,
    extra: { by?: string; rows?: { paid: number; notPaid: number } },
  ) =>
    staffNotifier
      .batchOutcome({
        batch,
        outcome,
        ...extra,
        reason: outcome === 'rejected' ? batch.rejectionReason : undefined,
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        logger.error({ err: error, batchId: batch.id }, 'uploader not told of the outcome');
      });
  const sender = createBatchSender({
    repo,
    payoutsRepository: deps.payoutsRepository,
    payoutCreation: deps.payoutCreation,
    lifecycle: deps.lifecycle,
    beneficiaryPayouts: deps.beneficiaryPayouts,
    providersService,
    usersRepository: deps.usersRepository,
    sealedBox,
    throttle: createPspThrottle({
      concurrency: config.batches.sendConcurrency,
      backoffBaseMs: 1_000,
      backoffMaxMs: 30_000,
    }),
    queue,
    clock,
    logger,
    corridors,
    settings: { staleAfterMs: deps.staleAfterMs, requeueAfterMs: config.batches.requeueAfterMs },
    onFinished: (batch, status, rows) => tellUploader(batch, status, { rows }),
  });
  const worker = createBatchWorker({
    queue,
    sender,
    logger,
    concurrency: config.batches.sendConcurrency,
    sweepIntervalMs: config.batches.sweepIntervalMs,
  });
  const recheck = createBatchRecheck({ repo, sealedBox, corridors, clock, auditService, logger });
  const router = createBatchesRouter({
    stepUp: deps.stepUp,
    editing: createBatchEditing({
      repo,
      providersService,
      corridors,
      sealedBox,
      clock,
      auditService,
      policies,
      beneficiaryPayouts: deps.beneficiaryPayouts,
      accountFingerprint: (type, cells) => fingerprinter(payoutAccountIdentity(type, cells)),
      duplicates: {
        windowMs: deps.config.duplicateWindowMs,
        recent: (input) => deps.payoutsRepository.recentByFingerprints(input),
      },
    }),
    decisions: createBatchDecisions({
      repo,
      payoutsRepository: deps.payoutsRepository,
      queue,
      clock,
      auditService,
      separationOfDuties,
      policies,
      notify: {
        awaitingApproval: async (batch) => {
          await staffNotifier
            .batchAwaitingApproval({
              batchId: batch.id,
              fileName: batch.fileName,
              rows: batch.summary?.included ?? batch.rowCount,
              total: batch.summary?.totals[0]?.amount ?? '0',
              currency: batch.currency,
              createdBy: batch.createdBy,
              roles: batch.approvalRule?.roles ?? [],
              ruleName: batch.approvalRule?.name ?? null,
              required: batch.approvalRule?.count ?? 0,
            })
            .catch((error: unknown) => {
              logger.error({ err: error, batchId: batch.id }, 'approvers not notified');
            });
        },
        decided: (batchId) =>
          staffNotifier.settled(batchId).catch((error: unknown) => {
            logger.error({ err: error, batchId }, 'approvers’ notifications not settled');
          }),
        outcome: (batch, outcome, by) => tellUploader(batch, outcome, { by }),
      },
    }),
    views: createBatchViews({
      repo,
      providersService,
      pspTitles: deps.pspTitles,
      clock,
      separationOfDuties,
    }),
    sender,
    repo,
    providersService,
    corridors,
    clock,
  });
  return { router, worker, recheck };
}
