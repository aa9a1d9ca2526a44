import type { Corridor, SessionReply } from '@payouts/contracts';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config, DepositPsp, KnownPsp } from './config.js';
import type { Database, JobsDb } from './db/database.js';
import { createBatchDecisions } from './features/batches/batchDecisions.js';
import { createBatchEditing } from './features/batches/batchEditing.js';
import { createBatchRecheck } from './features/batches/batchRecheck.js';
import { createBatchQueue } from './features/batches/batchQueue.js';
import { createBatchesRepository } from './features/batches/batchesRepository.js';
import { createBatchesRouter, isBatchUpload } from './features/batches/batchesRouter.js';
import { createBatchSender } from './features/batches/batchSender.js';
import { createBatchViews } from './features/batches/batchViews.js';
import { createBatchWorker, type BatchWorker } from './features/batches/batchWorker.js';
import { createPspThrottle } from './features/batches/pspThrottle.js';
import { createApprovalInbox } from './features/approvals/approvalInbox.js';
import { createApprovalsRepository } from './features/approvals/approvalsRepository.js';
import { createApprovalsRouter } from './features/approvals/approvalsRouter.js';
import { createApprovalPoliciesRepository } from './features/approvalPolicies/approvalPoliciesRepository.js';
import { createApprovalPoliciesRouter } from './features/approvalPolicies/approvalPoliciesRouter.js';
import {
  createApprovalPoliciesService,
  type ApprovalPoliciesService,
  type PolicyChangeNotifier,
} from './features/approvalPolicies/approvalPoliciesService.js';
import { createAuditRepository } from './features/audit/auditRepository.js';
import { createAuditRouter } from './features/audit/auditRouter.js';
import { createAuditService } from './features/audit/auditService.js';
import { createBeneficiariesRepository } from './features/beneficiaries/beneficiariesRepository.js';
import { createBeneficiariesRouter } from './features/beneficiaries/beneficiariesRouter.js';
import { createBeneficiaryEditing } from './features/beneficiaries/beneficiaryEditing.js';
import {
  createBeneficiaryPayouts,
  type BeneficiaryPayouts,
} from './features/beneficiaries/beneficiaryPayouts.js';
import { createBeneficiaryQueries } from './features/beneficiaries/beneficiaryQueries.js';
import { createBeneficiaryVault } from './features/beneficiaries/beneficiaryVault.js';
import { createBeneficiaryViews } from './features/beneficiaries/beneficiaryViews.js';
import { createCorridorsRouter } from './features/corridors/corridorsRouter.js';
import { createFactorsRepository } from './features/factors/factorsRepository.js';
import { createFactorsRouter } from './features/factors/factorsRouter.js';
import { FACTOR_ACCOUNT_FREE_FAILURES } from './features/factors/factorLockout.js';
import { createFactorsService } from './features/factors/factorsService.js';
import { createPasskeys } from './features/factors/passkeys.js';
import { createRecoveryCodeHasher } from './features/factors/recoveryCodes.js';
import { createHealthRouter, type ReadinessCheck } from './features/health/healthRouter.js';
import { createLabRouter } from './features/lab/labRouter.js';
import { createLabService } from './features/lab/labService.js';
import { createOidcFeature } from './features/oidc/oidcFeature.js';
import { createOidcRouter } from './features/oidc/oidcRouter.js';
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
import { createNotificationsRouter } from './features/notifications/notificationsRouter.js';
import { createPayoutViewsRepository } from './features/payoutViews/payoutViewsRepository.js';
import { createPayoutViewsRouter } from './features/payoutViews/payoutViewsRouter.js';
import { createPayoutViewsService } from './features/payoutViews/payoutViewsService.js';
import { createPayoutApprovals } from './features/payouts/payoutApprovals.js';
import { createPayoutCreation } from './features/payouts/payoutCreation.js';
import { createPayoutLifecycle } from './features/payouts/payoutLifecycle.js';
import { createPayoutQueries } from './features/payouts/payoutQueries.js';
import { createSeparationOfDuties } from './features/separationOfDuties/separationOfDuties.js';
import { createMetadataDrift } from './features/providers/metadataDrift.js';
import { createMetadataVersions } from './features/providers/metadataVersions.js';
import { createPayoutResolutions } from './features/payouts/payoutResolutions.js';
import { createPayoutStatusUpdates } from './features/payouts/payoutStatusUpdates.js';
import { createPayoutViews } from './features/payouts/payoutViews.js';
import {
  createPayoutsReconciler,
  type PayoutsReconciler,
} from './features/payouts/payoutsReconciler.js';
import { createPayoutsRepository } from './features/payouts/payoutsRepository.js';
import { createPayoutsRouter } from './features/payouts/payoutsRouter.js';
import { createBeneficiaryPayoutCreation } from './features/payouts/beneficiaryPayoutCreation.js';
import { createProvidersRouter } from './features/providers/providersRouter.js';
import { createProvidersService } from './features/providers/providersService.js';
import { createDatabaseRateLimitStore } from './features/session/databaseRateLimitStore.js';
import { createSignInDelays } from './features/session/signInDelays.js';
import { SESSION_CACHE_TTL_MS, withSessionCache } from './features/session/sessionCache.js';
import { createSessionRepository } from './features/session/sessionRepository.js';
import { createSessionRouter } from './features/session/sessionRouter.js';
import {
  createSessionService,
  sessionKey,
  type SessionService,
} from './features/session/sessionService.js';
import { createStaffSessionsService } from './features/session/staffSessions.js';
import { createStaffSessionsRouter } from './features/session/staffSessionsRouter.js';
import { createPasswordHasher, type PasswordHasher } from './features/users/passwordHasher.js';
import { createUsersRepository } from './features/users/usersRepository.js';
import { createUserChanges } from './features/users/userChanges.js';
import { createUserChangesRepository } from './features/users/userChangesRepository.js';
import { createUsersRouter } from './features/users/usersRouter.js';
import { createUsersService } from './features/users/usersService.js';
import { createSmtpTransport } from './features/staffNotifications/mailTransport.js';
import {
  createNotificationMailer,
  type NotificationMailer,
} from './features/staffNotifications/notificationMailer.js';
import { createStaffNotificationsRepository } from './features/staffNotifications/staffNotificationsRepository.js';
import { createStaffNotificationsRouter } from './features/staffNotifications/staffNotificationsRouter.js';
import { createStaffNotificationsService } from './features/staffNotifications/staffNotificationsService.js';
import {
  createStaffNotifier,
  type StaffNotifier,
} from './features/staffNotifications/staffNotifier.js';
import { AppError } from './shared/AppError.js';
import { csrfGuard } from './http/csrfGuard.js';
import { createProblemHandler } from './http/problemHandler.js';
import { createRequestLogger } from './http/requestLogger.js';
import { refuseCardNumbersInText } from './http/refuseCardNumbersInText.js';
import { refuseUnstorableText } from './http/refuseUnstorableText.js';
import { requireJsonBody } from './http/requireJsonBody.js';
import { securityHeaders } from './http/securityHeaders.js';
import { serverTiming } from './http/serverTiming.js';
import { clearSessionCookie, type SessionCookieSettings } from './http/sessionCookie.js';
import { parseCookies } from './http/parseCookies.js';
import { sessionMiddleware } from './features/session/sessionMiddleware.js';
import { secondFactorGate } from './http/secondFactorGate.js';
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
}

/**
 * The HTTP app, the background reconciler of its payouts (started by `startServer`), and the
 * port payouts pay saved beneficiaries through.
 */
export type App = Express & {
  reconciler: PayoutsReconciler;
  beneficiaryPayouts: BeneficiaryPayouts;
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

export const JSON_BODY_LIMIT = '100kb';

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
}: AppDependencies): App {
  // Prometheus metrics, only when METRICS_TOKEN is set (off: nothing is counted).
  const metrics =
    config.metrics.token === undefined
      ? undefined
      : createMetrics({
          db,
          jobsDb,
          clock,
          logger,
          attentionAfterMs: config.attentionAfterMs,
          pool: databasePool,
        });
  // Traces (no-ops unless a tracer provider is registered): a client span per call.
  const orchestrator = traceOrchestrator(
    metrics?.instrumentOrchestrator(givenOrchestrator) ?? givenOrchestrator,
  );
  const auditService = createAuditService({
    auditRepository: createAuditRepository(db),
    clock,
  });
  const usersRepository = createUsersRepository(db);
  const sessionRepository = withSessionCache(createSessionRepository(db), {
    ttlMs: SESSION_CACHE_TTL_MS,
  });
  const usersService = createUsersService({
    usersRepository,
    passwordHasher,
    auditService,
    clock,
    sessions: sessionRepository,
  });
  // Single sign-on: the session service asks it to recheck OIDC sessions.
  const oidc = createOidcFeature({
    config,
    db,
    sessionRepository,
    auditService,
    clock,
    logger,
    startSession: (input) => sessionService.startSession(input),
  });
  const sessionService = createSessionService({
    passwordPolicy: config.auth,
    ...(oidc.oidcRecheck ? { oidcRecheck: oidc.oidcRecheck } : {}),
    sessionRepository,
    usersRepository,
    passwordHasher,
    auditService,
    clock,
    logger,
    settings: { ...config.session, security: config.mfa },
  });
  // The one separation-of-duties rule every approval asks (decision 042).
  const separationOfDuties = createSeparationOfDuties({
    auditService,
    users: { createdAt: async (id) => (await usersRepository.findById(id))?.createdAt },
    clock,
    cooldownMs: config.approvalCooldownMs,
  });
  const stepUp = createStepUp({ stepUpMs: config.mfa.stepUpMs, clock });
  const staffSessions = createStaffSessionsService({
    sessionRepository,
    usersRepository,
    auditService,
    clock,
    sessionKey: (sessionId) => sessionKey(config.session.secret, sessionId),
    idleTimeoutMs: config.session.idleTimeoutMs,
  });
  // Each corridor's metadata kept as a version whenever it changes (decision 041).
  const metadataVersions = createMetadataVersions({ db, clock, logger });
  const providersService = createProvidersService({
    orchestrator,
    clock,
    ttlMs: config.providersCacheTtlMs,
    logger,
    // Bound below, once batches, beneficiaries and the bell exist; reads start after createApp.
    onFetched: (corridor, metadata) => metadataDrift(corridor, metadata),
  });
  // Longer than any submission can take (a call plus a re-login, with margin).
  const staleAfterMs = 2 * config.orchestrator.timeoutMs + 5_000;
  const sealedBox = createSealedBox(config.payoutDataKeys);
  const pspTitles = new Map(knownPsps.map((psp) => [psp.name, psp.title]));
  // The payee book: sealed like submissions; payouts pay it through `beneficiaryPayouts`.
  const beneficiariesRepository = createBeneficiariesRepository(db);
  const beneficiaryVault = createBeneficiaryVault({
    sealedBox,
    fingerprintSecret: config.payoutDataKeys[0]!,
  });
  const beneficiaryViews = createBeneficiaryViews({
    repo: beneficiariesRepository,
    providersService,
    corridors,
    pspTitles,
    vault: beneficiaryVault,
    clock,
  });
  const beneficiaryQueries = createBeneficiaryQueries({
    repo: beneficiariesRepository,
    views: beneficiaryViews,
  });
  const beneficiaryEditing = createBeneficiaryEditing({
    repo: beneficiariesRepository,
    views: beneficiaryViews,
    vault: beneficiaryVault,
    providersService,
    auditService,
    clock,
    corridors,
    separationOfDuties,
  });
  const beneficiaryPayouts: BeneficiaryPayouts = createBeneficiaryPayouts({
    repo: beneficiariesRepository,
    views: beneficiaryViews,
    vault: beneficiaryVault,
  });
  // Staff notifications: rows in the request, e-mail from the outbox worker.
  const staffNotificationsRepository = createStaffNotificationsRepository(db);
  const emailEnabled = config.mail !== undefined;
  const staffNotifier = createStaffNotifier({
    repo: staffNotificationsRepository,
    clock,
    logger,
    emailEnabled,
  });
  const notificationMailer = config.mail
    ? createNotificationMailer({
        repo: staffNotificationsRepository,
        transport: createSmtpTransport(config.mail),
        clock,
        logger,
        publicUrl: config.publicUrl,
      })
    : undefined;
  // Stored approval policies: version 1 from configuration, changes under four eyes.
  const approvalPolicies = createApprovalPoliciesService({
    repo: createApprovalPoliciesRepository(db),
    auditService,
    clock,
    logger,
    initialPolicy: config.approvalPolicy,
    separationOfDuties,
    // Tests pass their own to see it called; otherwise the admins are told (bell and e-mail).
    notify: policyNotifier ?? {
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
  const payoutsRepository = createPayoutsRepository(db);
  const lifecycle = createPayoutLifecycle({
    repo: payoutsRepository,
    orchestrator,
    clock,
    logger,
    sealedBox,
    schedule: {
      backoffMs: config.reconciler.backoffMs,
      maxBackoffMs: config.reconciler.maxBackoffMs,
      staleAfterMs,
    },
  });
  // One service per job, sharing the lifecycle and one way of showing a payout.
  const payoutViews = createPayoutViews({
    repo: payoutsRepository,
    clock,
    attentionAfterMs: config.attentionAfterMs,
    pspTitles,
  });
  const payouts = { payoutsRepository, views: payoutViews, lifecycle, auditService, clock };
  const payoutCreation = createPayoutCreation({
    ...payouts,
    providersService,
    staleAfterMs,
    policies: approvalPolicies,
    labMaxAmounts: config.labMaxAmounts,
    corridors,
    onAwaitingApproval: async (payout) => {
      // The payout exists either way: a failed notification is logged, not the request's error.
      await staffNotifier.payoutAwaitingApproval(payout).catch((error: unknown) => {
        logger.error({ err: error, payoutId: payout.id }, 'approvers not notified');
      });
    },
  });
  const payoutQueries = createPayoutQueries({ payoutsRepository, views: payoutViews });
  const payoutApprovals = createPayoutApprovals({
    ...payouts,
    separationOfDuties,
    // Decided: the approvers' bell items and unsent e-mails about it stop asking.
    onDecided: (payoutId) =>
      staffNotifier.settled(payoutId).catch((error: unknown) => {
        logger.error({ err: error, payoutId }, 'approvers’ notifications not settled');
      }),
  });
  const payoutResolutions = createPayoutResolutions({
    ...payouts,
    orchestrator,
    payoutCreation,
    logger,
    separationOfDuties,
  });
  const payoutStatusUpdates = createPayoutStatusUpdates({
    ...payouts,
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
    ...(reconcilerOwner !== undefined ? { owner: reconcilerOwner } : {}),
  });
  // Batch payouts from a file: rows become ordinary payouts, sent by a queue.
  const batchesRepository = createBatchesRepository(db);
  const batchQueue = createBatchQueue({ jobsDb, logger });
  const batchSender = createBatchSender({
    repo: batchesRepository,
    payoutsRepository,
    payoutCreation,
    lifecycle,
    beneficiaryPayouts,
    providersService,
    usersRepository,
    sealedBox,
    throttle: createPspThrottle({
      concurrency: config.batches.sendConcurrency,
      backoffBaseMs: 1_000,
      backoffMaxMs: 30_000,
    }),
    queue: batchQueue,
    clock,
    logger,
    corridors,
    settings: { staleAfterMs, requeueAfterMs: config.batches.requeueAfterMs },
  });
  const batchWorker = createBatchWorker({
    queue: batchQueue,
    sender: batchSender,
    logger,
    concurrency: config.batches.sendConcurrency,
    sweepIntervalMs: config.batches.sweepIntervalMs,
  });
  const batchRecheck = createBatchRecheck({
    repo: batchesRepository,
    sealedBox,
    corridors,
    clock,
    auditService,
    logger,
  });
  const metadataDrift = createMetadataDrift({
    versions: metadataVersions,
    recheckBatches: (input) => batchRecheck.recheck(input),
    unusableBeneficiaries: (corridor, providers) =>
      beneficiaryViews.unusableIn(corridor, providers),
    notifyAdmins: (input) => staffNotifier.metadataChanged(input),
    psps: knownPsps,
    logger,
  });
  const batchViews = createBatchViews({
    repo: batchesRepository,
    providersService,
    pspTitles,
    clock,
    separationOfDuties,
  });
  const batchesRouter = createBatchesRouter({
    stepUp,
    editing: createBatchEditing({
      repo: batchesRepository,
      providersService,
      corridors,
      sealedBox,
      clock,
      auditService,
      policies: approvalPolicies,
      beneficiaryPayouts,
    }),
    decisions: createBatchDecisions({
      repo: batchesRepository,
      payoutsRepository,
      queue: batchQueue,
      clock,
      auditService,
      separationOfDuties,
      policies: approvalPolicies,
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
      },
    }),
    views: batchViews,
    sender: batchSender,
    repo: batchesRepository,
    providersService,
    corridors,
  });
  // Second factors: TOTP secrets sealed like payout data; codes HMAC'd with its keys.
  const factorsRepository = createFactorsRepository(db);
  const factorSessionKey = (sessionId: string) => sessionKey(config.session.secret, sessionId);
  const factorsService = createFactorsService({
    repo: factorsRepository,
    passkeys: createPasskeys({ publicUrl: config.publicUrl }),
    sealedBox,
    recoveryCodeHasher: createRecoveryCodeHasher(config.payoutDataKeys),
    auditService,
    clock,
    sessions: sessionService,
    sessionKey: factorSessionKey,
    forgetUserSessions: (userId) => sessionRepository.forgetUser(userId),
    mfaRequiredRoles: config.mfa.requiredRoles,
    stepUpMs: config.mfa.stepUpMs,
    accountDelays: createSignInDelays({
      db,
      clock,
      policy: {
        freeFailures: FACTOR_ACCOUNT_FREE_FAILURES,
        baseDelayMs: 1000,
        maxDelayMs: config.signIn.maxDelayMs,
        quietMs: config.signIn.windowMs,
      },
    }),
    tellUser: (notice) => staffNotifier.factorEnrolled(notice),
    logger,
  });
  const cookie: SessionCookieSettings = {
    cookieName: config.session.cookieName,
    secureCookie: config.session.secureCookie,
    absoluteTimeoutMs: config.session.absoluteTimeoutMs,
  };

  const app = express();
  app.disable('x-powered-by');
  // API replies are `no-store`: an ETag (a SHA-1 of every body) would never be used.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  // The trace's server span wraps everything else the request does.
  app.use(tracingMiddleware());
  // First, so its own time covers every other middleware.
  app.use(serverTiming());
  if (metrics) app.use(metrics.httpMiddleware);
  app.use(createRequestLogger(logger));
  app.use(securityHeaders({ https: config.publicUrl.protocol === 'https:' }));
  app.use(createHealthRouter({ checks: readinessChecks, logger }));
  app.use(createMetricsRouter({ token: config.metrics.token, metrics }));

  const api = express.Router();
  api.use((_req, res, next) => {
    // Replies carry personal and payment data: never cached by a browser or a proxy.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(
    createNotificationsRouter({
      payoutStatusUpdates,
      token: config.orchestrator.notificationToken,
    }),
  );
  api.use(requireJsonBody({ allowOther: isBatchUpload }));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  // Card numbers first: its pointers never name a key holding one, the other's would.
  api.use(refuseCardNumbersInText());
  api.use(refuseUnstorableText());
  api.use(csrfGuard({ publicOrigin: config.publicUrl.origin }));
  api.use(sessionMiddleware({ sessionService, cookie }));
  api.use(secondFactorGate());
  api.use(
    createSessionRouter({
      sessionService,
      cookie,
      signInLimits: config.signIn,
      signInThrottleStore: () => createDatabaseRateLimitStore({ db, clock }),
      signInDelays: createSignInDelays({
        db,
        clock,
        policy: {
          freeFailures: config.signIn.maxFailuresPerAccount,
          baseDelayMs: 1000,
          maxDelayMs: config.signIn.maxDelayMs,
          quietMs: config.signIn.windowMs,
        },
      }),
    }),
  );
  // Starts are limited per address in each process's memory: a start writes only its own
  // pending sign-in, and a restart forgets nothing that matters.
  api.use(createOidcRouter({ options: oidc.options, oidcSignIn: oidc.oidcSignIn, cookie }));
  api.use(createAuditRouter({ auditService }));
  api.use(createStaffSessionsRouter({ staffSessions }));
  // Privileged account changes wait for a second admin (decision 042).
  const userChanges = createUserChanges({
    repo: createUserChangesRepository(db),
    usersRepository,
    usersService,
    hashPassword: (password) => passwordHasher.hash(password),
    resetFactors: (userId, context) => factorsService.reset(userId, context),
    auditService,
    separationOfDuties,
    clock,
    logger,
    notify: {
      proposed: async ({ id, summary, proposedBy }) => {
        await staffNotifier
          .userChangeProposed({ changeId: id, summary, proposedBy })
          .catch((error: unknown) => {
            logger.warn({ err: error, changeId: id }, 'account change notification failed');
          });
      },
      settled: async (id) => {
        await staffNotifier.settled(id).catch((error: unknown) => {
          logger.warn({ err: error, changeId: id }, 'account change notification not settled');
        });
      },
    },
  });
  api.use(
    createFactorsRouter({
      factorsService,
      stepUp,
      proposeFactorReset: (userId, proposer, context) =>
        userChanges.propose({ kind: 'factor_reset', userId }, proposer, context),
    }),
  );
  api.use(createUsersRouter({ usersService, userChanges, stepUp }));
  api.use(createCorridorsRouter({ corridors }));
  api.use(createProvidersRouter({ providersService, corridors, knownPsps, metadataVersions }));
  api.use(
    createPayoutsRouter({
      payoutCreation,
      beneficiaryPayoutCreation: createBeneficiaryPayoutCreation({
        beneficiaries: beneficiaryPayouts,
        creation: payoutCreation,
      }),
      payoutQueries,
      payoutApprovals,
      payoutStatusUpdates,
      payoutResolutions,
      stepUp,
    }),
  );
  api.use(
    createOverviewRouter({
      overviewService: createOverviewService({ repo: createOverviewRepository(db), pspTitles }),
    }),
  );
  api.use(
    createApprovalsRouter({
      approvalInbox: createApprovalInbox({
        approvalsRepository: createApprovalsRepository(db),
        views: payoutViews,
        payoutApprovals,
        clock,
        logger,
      }),
      stepUp,
    }),
  );
  // Saved views of the payouts list.
  api.use(
    createPayoutViewsRouter({
      payoutViewsService: createPayoutViewsService({
        repo: createPayoutViewsRepository(db),
        auditService,
        clock,
      }),
    }),
  );
  api.use(createBeneficiariesRouter({ beneficiaryQueries, beneficiaryEditing, stepUp }));
  api.use(batchesRouter);
  api.use(createApprovalPoliciesRouter({ approvalPoliciesService: approvalPolicies, stepUp }));
  api.use(
    createStaffNotificationsRouter({
      staffNotificationsService: createStaffNotificationsService({
        repo: staffNotificationsRepository,
        clock,
        emailEnabled,
      }),
    }),
  );
  api.use(
    createLabRouter({
      labService: createLabService({
        providersService,
        orchestrator,
        auditService,
        clock,
        deposits,
      }),
      payoutCreation,
      payoutQueries,
      corridors,
      depositPsps: deposits.psps,
      fingerprintHosts: config.orchestrator.fingerprintHosts,
    }),
  );
  // The API described (OpenAPI 3.1) and rendered.
  api.use(createOpenApiRouter());
  api.use((_req, _res, next) => {
    next(new AppError('not_found', 'No such API route.'));
  });
  app.use('/api', api);

  const spa = spaStatic(config.webDistDir, {
    // What `GET /api/session` would answer, in the page itself (one round trip less).
    sessionFor: async (req, res) => {
      const sessionId = parseCookies(req.headers.cookie).get(cookie.cookieName);
      // No cookie is not "signed out": the browser withholds the SameSite=Strict cookie from a
      // navigation a redirect from another site started (single sign-on's return). The app's
      // own call, same-site, carries it.
      if (!sessionId) return undefined;
      const reply = await sessionService.reply(sessionId);
      if (reply) return reply satisfies SessionReply;
      clearSessionCookie(res, cookie);
      return null;
    },
  });
  if (spa) app.use(...spa);

  app.use((_req, _res, next) => {
    next(new AppError('not_found'));
  });
  app.use(createProblemHandler());
  return Object.assign(app, {
    reconciler,
    beneficiaryPayouts,
    staffNotifier,
    notificationMailer,
    approvalPolicies,
    batchWorker,
    sessionService,
  });
}
