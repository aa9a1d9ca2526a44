import type { Corridor } from '@payouts/contracts';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Config, DepositPsp, KnownPsp } from './config.js';
import type { Database, JobsDb } from './db/database.js';
import { createApiRouter } from './http/apiRouter.js';
import { createHttpApp } from './http/httpApp.js';
import { createProvidersModule } from './features/providers/providersModule.js';
import { createApprovalPoliciesModule } from './features/approvalPolicies/approvalPoliciesModule.js';
import { createBatchesModule } from './features/batches/batchesModule.js';
import { createBeneficiariesModule } from './features/beneficiaries/beneficiariesModule.js';
import { createPayoutsModule } from './features/payouts/payoutsModule.js';
import { createIdentityModule } from './features/session/identityModule.js';
import { createStaffNotificationsModule } from './features/staffNotifications/staffNotificationsModule.js';
import { isBatchUpload } from './features/batches/batchesRouter.js';
import type { BatchWorker } from './features/batches/batchWorker.js';
import type {
  ApprovalPoliciesService,
  PolicyChangeNotifier,
} from './features/approvalPolicies/approvalPoliciesService.js';
import { createAuditRepository } from './features/audit/auditRepository.js';
import { createAuditRouter } from './features/audit/auditRouter.js';
import { createAuditService } from './features/audit/auditService.js';
import type { BeneficiaryPayouts } from './features/beneficiaries/beneficiaryPayouts.js';
import type { BeneficiaryEditing } from './features/beneficiaries/beneficiaryEditing.js';
import { createCorridorsRouter } from './features/corridors/corridorsRouter.js';
import { createHealthRouter, type ReadinessCheck } from './features/health/healthRouter.js';
import { createLabRouter } from './features/lab/labRouter.js';
import { createLabService } from './features/lab/labService.js';
import { createOverviewRepository } from './features/overview/overviewRepository.js';
import { createOverviewRouter } from './features/overview/overviewRouter.js';
import { createOverviewService } from './features/overview/overviewService.js';
import {
  createMetrics,
  createMetricsRouter,
  type PoolStats,
} from './features/observability/metrics/metrics.js';
import { createOpenApiRouter } from './features/observability/openapi/openApiRouter.js';
import { traceOrchestrator, tracingMiddleware } from './features/observability/tracing/tracing.js';
import { createPayoutViewsRepository } from './features/payoutViews/payoutViewsRepository.js';
import { createPayoutViewsRouter } from './features/payoutViews/payoutViewsRouter.js';
import { createPayoutViewsService } from './features/payoutViews/payoutViewsService.js';
import type { PayoutsReconciler } from './features/payouts/payoutsReconciler.js';
import type { SessionService } from './features/session/sessionService.js';
import { createPasswordHasher, type PasswordHasher } from './features/users/passwordHasher.js';
import type { NotificationMailer } from './features/staffNotifications/notificationMailer.js';
import type { StaffNotifier } from './features/staffNotifications/staffNotifier.js';
import { createSmtpTransport, type MailTransport } from './features/staffNotifications/index.js';
import { createStepUp } from './http/requireStepUp.js';
import { spaStatic } from './http/spaStatic.js';
import { systemClock, type Clock } from './shared/clock.js';
import { createSealedBox } from './shared/sealedBox.js';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** The same database as the batch queue (pg-boss) talks to it; without it batches are not sent. */
  jobsDb?: JobsDb;
  logger: Logger;
  /** The only door to the orchestrator (the embedded sandbox or a remote one). */
  orchestrator: OrchestratorClient;
  /** The merchant's corridors, for `/api/corridors`. */
  corridors: readonly Corridor[];
  /** Named checks behind `/readyz` (database, orchestrator login). */
  readinessChecks: Record<string, ReadinessCheck>;
  /** PSPs the merchant has credentials for (config KNOWN_PSPS, or the embedded sandbox's). */
  knownPsps?: readonly KnownPsp[];
  /** The card-deposit console's PSPs, MIDs and cashier key (config, or the embedded sandbox's). */
  deposits?: { psps: readonly DepositPsp[]; cashierKey: string | undefined };
  clock?: Clock;
  /** Tests pass cheaper scrypt parameters; production uses the defaults. */
  passwordHasher?: PasswordHasher;
  /** The reconciler's lease owner id (default: random per process). */
  reconcilerOwner?: string;
  /** Told when an admin proposes an approval-policy change (the other admins hear of it). */
  policyNotifier?: PolicyChangeNotifier;
  /** PostgreSQL's connection pool, for the pool gauges of `/metrics` (none on PGlite). */
  databasePool?: PoolStats;
  /**
   * How e-mail leaves (notifications, invitations): SMTP when SMTP_URL is set by default;
   * undefined turns e-mail off. Tests pass a mailbox in memory.
   */
  mailTransport?: MailTransport | undefined;
}

/**
 * The HTTP app, the background reconciler of its payouts (started by `startServer`), and the
 * port payouts pay saved beneficiaries through.
 */
export type App = Express & {
  reconciler: PayoutsReconciler;
  beneficiaryPayouts: BeneficiaryPayouts;
  /** Payees made as the API makes them: the demo's first start saves a few. */
  beneficiaryEditing: BeneficiaryEditing;
  /** Tells approvers what waits (the bell, and e-mail); policy proposals call it too. */
  staffNotifier: StaffNotifier;
  /** The e-mail outbox worker (started by `startServer`); undefined when SMTP_URL is unset. */
  notificationMailer: NotificationMailer | undefined;
  /** Its `ensureInitial()` stores version 1 of the approval policy at first start. */
  approvalPolicies: ApprovalPoliciesService;
  /** Sends batch rows from the queue (started by `startServer`; tests start it themselves). */
  batchWorker: BatchWorker;
  /** Sessions: tests record a second factor through it as a verify route would. */
  sessionService: SessionService;
};

export { JSON_BODY_LIMIT } from './http/apiRouter.js';

export function createApp({
  config,
  db,
  jobsDb = {
    executeSql: () => Promise.reject(new Error('this app was given no job queue database')),
  },
  logger,
  orchestrator: givenOrchestrator,
  corridors,
  readinessChecks,
  knownPsps = [],
  deposits = { psps: [], cashierKey: undefined },
  clock = systemClock,
  passwordHasher = createPasswordHasher(),
  reconcilerOwner,
  policyNotifier,
  databasePool,
  mailTransport = config.mail ? createSmtpTransport(config.mail) : undefined,
}: AppDependencies): App {
  // Prometheus metrics, only when METRICS_TOKEN is set (off: nothing is counted).
  const metrics =
    config.metrics.token === undefined
      ? undefined
      : createMetrics({ ...config, db, jobsDb, clock, logger, pool: databasePool });
  // Traces (no-ops unless a tracer provider is registered): a client span per call.
  const orchestrator = traceOrchestrator(
    metrics?.instrumentOrchestrator(givenOrchestrator) ?? givenOrchestrator,
  );
  const auditService = createAuditService({ auditRepository: createAuditRepository(db), clock });
  const base = {
    config,
    db,
    jobsDb,
    clock,
    logger,
    orchestrator,
    corridors,
    knownPsps,
    auditService,
    pspTitles: new Map(knownPsps.map((psp) => [psp.name, psp.title])),
    sealedBox: createSealedBox(config.payoutDataKeys),
    stepUp: createStepUp({ stepUpMs: config.mfa.stepUpMs, clock }),
    // Longer than any submission can take (a call plus a re-login, with margin).
    staleAfterMs: 2 * config.orchestrator.timeoutMs + 5_000,
  };
  const notifications = createStaffNotificationsModule({ ...base, mailTransport });
  const { notifier: staffNotifier } = notifications;
  const identity = createIdentityModule({
    ...base,
    passwordHasher,
    staffNotifier,
    mailTransport,
    demoMailbox: notifications.demoMailbox !== undefined,
  });
  const { separationOfDuties } = identity;
  const providers = createProvidersModule(base);
  const approvalPolicies = createApprovalPoliciesModule({
    ...base,
    separationOfDuties,
    staffNotifier,
    ...(policyNotifier ? { notify: policyNotifier } : {}),
  });
  const features = {
    ...base,
    providersService: providers.service,
    separationOfDuties,
    staffNotifier,
    policies: approvalPolicies.service,
  };
  const beneficiaries = createBeneficiariesModule({
    ...features,
    fingerprintSecret: config.payoutDataKeys[0]!,
  });
  const payouts = createPayoutsModule({
    ...features,
    beneficiaryPayouts: beneficiaries.payouts,
    ...(reconcilerOwner !== undefined ? { reconcilerOwner } : {}),
  });
  const batches = createBatchesModule({
    ...features,
    usersRepository: identity.usersRepository,
    payoutsRepository: payouts.repository,
    payoutCreation: payouts.creation,
    lifecycle: payouts.lifecycle,
    beneficiaryPayouts: beneficiaries.payouts,
  });
  providers.watchDrift({
    recheckBatches: (input) => batches.recheck.recheck(input),
    unusableBeneficiaries: (corridor, list) => beneficiaries.views.unusableIn(corridor, list),
    notifyAdmins: (input) => staffNotifier.metadataChanged(input),
  });
  const api = createApiRouter({
    config,
    serverToServer: [payouts.webhookRouter],
    sessionMiddleware: identity.sessionMiddleware,
    allowNonJsonBody: isBatchUpload,
    routers: [
      ...identity.routers,
      createAuditRouter({ auditService }),
      createCorridorsRouter({ corridors }),
      providers.router,
      ...payouts.routers,
      createOverviewRouter({
        overviewService: createOverviewService({ repo: createOverviewRepository(db), ...base }),
      }),
      createPayoutViewsRouter({
        payoutViewsService: createPayoutViewsService({
          repo: createPayoutViewsRepository(db),
          ...base,
        }),
      }),
      beneficiaries.router,
      batches.router,
      approvalPolicies.router,
      notifications.router,
      createLabRouter({
        ...base,
        labService: createLabService({ ...base, providersService: providers.service, deposits }),
        payoutCreation: payouts.creation,
        payoutQueries: payouts.queries,
        depositPsps: deposits.psps,
        fingerprintHosts: config.orchestrator.fingerprintHosts,
      }),
      // The API described (OpenAPI 3.1) and rendered.
      createOpenApiRouter(),
    ],
  });

  const app = createHttpApp({
    logger,
    trustProxy: config.trustProxy,
    https: config.publicUrl.protocol === 'https:',
    observe: tracingMiddleware(),
    ...(metrics ? { measure: [metrics.httpMiddleware] } : {}),
    outsideApi: [
      createHealthRouter({ checks: readinessChecks, logger }),
      createMetricsRouter({ token: config.metrics.token, metrics }),
    ],
    api,
    spa: spaStatic(config.webDistDir, { sessionFor: identity.embeddedSession }) ?? [],
  });
  return Object.assign(app, {
    reconciler: payouts.reconciler,
    beneficiaryPayouts: beneficiaries.payouts,
    beneficiaryEditing: beneficiaries.editing,
    staffNotifier,
    notificationMailer: notifications.mailer,
    approvalPolicies: approvalPolicies.service,
    batchWorker: batches.worker,
    sessionService: identity.sessionService,
  });
}
