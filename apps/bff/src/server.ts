import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { prepareSchemaCompiler, type Corridor } from '@payouts/contracts';
import { createOrchestratorClient, type OrchestratorClient } from '@payouts/orchestrator-client';
// Types only: the sandbox is a development dependency, loaded in embedded mode alone (below).
import type * as SandboxModule from '@payouts/orchestrator-sandbox';
import type { Sandbox } from '@payouts/orchestrator-sandbox';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { describeSmtp, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { loadOrCreateLocalSecret } from './db/localSecret.js';
import { propagationHeaders } from './features/observability/tracing/tracing.js';
import { recordOrchestratorCall } from './http/serverTiming.js';
import { createAuditRepository } from './features/audit/auditRepository.js';
import { createAuditService } from './features/audit/auditService.js';
import { createMemoryMailbox } from './features/staffNotifications/index.js';
import { createPasswordHasher } from './features/users/passwordHasher.js';
import {
  openDemoPayouts,
  prefetchDemoWorld,
  seedDemoHistory,
} from './features/demoSeed/demoSeed.js';
import { seedUsers } from './features/users/seedUsers.js';
import { PGLITE_TEMPLATE_DIR, pgliteTemplateDir } from './db/pgliteTemplate.js';
import { createUsersRepository } from './features/users/usersRepository.js';
import { createUsersService, DEMO_USERS } from './features/users/usersService.js';
import { systemClock } from './shared/clock.js';
import { cryptoCurrenciesWithoutOwnAmount } from './configValues.js';
import {
  corridorsOfSandbox,
  demoFactsOfSandbox,
  depositPspsOfSandbox,
  knownPspsOfSandbox,
} from './sandboxWiring.js';

/** Embedded mode was asked for (no ORCHESTRATOR_BASE_URL) on an install without the sandbox. */
export class SandboxNotInstalledError extends Error {
  constructor(options?: ErrorOptions) {
    super(
      'ORCHESTRATOR_BASE_URL is not set, so the BFF would run its embedded sandbox orchestrator, ' +
        'but @payouts/orchestrator-sandbox is not installed (a production install, ' +
        '`npm ci --omit=dev`, leaves it out). Set ORCHESTRATOR_BASE_URL, ORCHESTRATOR_API_KEY, ' +
        'ORCHESTRATOR_USER_NAME and ORCHESTRATOR_PASSWORD to use a real orchestrator, or install ' +
        'the development dependencies (`npm ci`) for the embedded sandbox.',
      options,
    );
    this.name = 'SandboxNotInstalledError';
  }
}

/**
 * The sandbox package, imported only in embedded mode: production installs with a remote
 * orchestrator neither ship nor load it (docs/decisions/012).
 */
export async function importSandbox(): Promise<typeof SandboxModule> {
  try {
    // oxlint-disable-next-line no-restricted-imports -- the one load the rule points to
    return await import('@payouts/orchestrator-sandbox');
  } catch (error) {
    const missing =
      (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' &&
      String((error as Error).message).includes('orchestrator-sandbox');
    if (missing) throw new SandboxNotInstalledError({ cause: error });
    throw error;
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function startupMessage(config: Config, corridors: Corridor[], database: DatabaseHandle): string {
  const lines = [`Payouts back-office listening on ${config.publicUrl.origin}`];
  lines.push(`  database: ${database.description}`);
  lines.push(
    `  orchestrator: ${config.orchestrator.mode === 'embedded' ? 'embedded sandbox' : config.orchestrator.baseUrl}`,
  );
  lines.push(
    `  corridors: ${corridors.map((c) => `${c.country}/${c.currency}`).join(', ') || 'none'}`,
  );
  lines.push(
    `  e-mail: ${
      config.mail
        ? `${describeSmtp(config.mail.smtpUrl)} from ${config.mail.from}`
        : config.demo.enabled
          ? `the demo mailbox, ${new URL('/mailbox', config.publicUrl).href} (SMTP_URL unset)`
          : 'off (SMTP_URL unset)'
    }`,
  );
  if (config.defaultsUsed.length > 0)
    lines.push(`  defaults in use: ${config.defaultsUsed.join('; ')}`);
  if (config.demo.enabled) {
    // The default demo password is public (README); a custom one stays out of the log.
    const password =
      config.demo.password === 'demo-password' ? 'demo-password' : '(the DEMO_PASSWORD value)';
    lines.push(`  demo users (password ${password}):`);
    for (const user of DEMO_USERS) lines.push(`    ${user.email.padEnd(22)} ${user.role}`);
  }
  return lines.join('\n');
}

/** Wiring only: configuration, database, orchestrator (embedded sandbox or remote), HTTP. */
export interface RunningServer {
  /** Where the app is served (the public URL's origin). */
  url: string;
  port: number;
  config: Config;
  /** The embedded sandbox, when no orchestrator base URL is configured. */
  sandbox: Sandbox | undefined;
  close(): Promise<void>;
}

/**
 * The whole `npm start` wiring: database (PGlite or PostgreSQL) with migrations, orchestrator
 * (embedded sandbox or remote), users, the app on one port. `main.ts` adds config parsing and
 * signals; browser journeys call this directly.
 */
export async function startServer(initialConfig: Config, logger: Logger): Promise<RunningServer> {
  let config = initialConfig;
  // Where a start's time goes, in the `ready` log line (start to ready in 3 s).
  const startedAt = performance.now();
  const phases: Record<string, number> = {};
  let phaseStart = startedAt;
  const phaseDone = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  // Before the database is touched: a missing sandbox fails the start at once, saying what to do.
  const sandboxModule = config.orchestrator.mode === 'embedded' ? await importSandbox() : undefined;
  const database: DatabaseHandle = config.database.url
    ? await openDatabase({
        url: config.database.url,
        onPoolError: (error) => logger.error({ err: error }, 'idle database connection failed'),
      })
    : await openDatabase({
        dataDir: config.database.dataDir,
        template: pgliteTemplateDir(PGLITE_TEMPLATE_DIR),
      });
  await database.migrate();
  phaseDone('database');
  if (config.payoutDataKeyIsRandom && !config.database.url) {
    // Embedded demo: keep the key beside the PGlite ledger, so approvals survive a restart.
    const file = join(config.database.dataDir, 'payout-data.key');
    config = {
      ...config,
      payoutDataKeys: [loadOrCreateLocalSecret(file)],
      payoutDataKeyIsRandom: false,
      defaultsUsed: config.defaultsUsed.map((note) =>
        note.startsWith('random PAYOUT_DATA_KEY') ? `PAYOUT_DATA_KEY kept in ${file}` : note,
      ),
    };
  }

  // The accounts' password hashes run on libuv's thread pool while this thread goes on wiring
  // the app; awaited before anything reads the users (the demo history names its creators).
  const passwordHasher = createPasswordHasher();
  const auditService = createAuditService({
    auditRepository: createAuditRepository(database.db),
    clock: systemClock,
  });
  const usersSeeded = seedUsers({
    config,
    usersService: createUsersService({
      usersRepository: createUsersRepository(database.db),
      passwordHasher,
      auditService,
      clock: systemClock,
    }),
    logger,
  });
  // Handled where it is awaited; this keeps a failure meanwhile from counting as unhandled.
  usersSeeded.catch(() => undefined);

  // Listen first: the embedded sandbox needs our port for its notification URL.
  // Until the app is wired, answer 503 rather than leave early requests hanging.
  const starting = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'text/plain' }).end('Starting\n');
  };
  const server = createServer(starting);
  const port = await listen(server, config.port, config.host);
  if (config.port === 0 && config.publicUrlIsDefault) {
    const publicUrl = new URL(`http://localhost:${port}`);
    config = {
      ...config,
      publicUrl,
      defaultsUsed: config.defaultsUsed.map((note) =>
        note.startsWith('public URL') ? `public URL ${publicUrl.origin} (PUBLIC_URL unset)` : note,
      ),
    };
  }

  let sandbox: Sandbox | undefined;
  let baseUrl = config.orchestrator.baseUrl;
  if (sandboxModule) {
    sandbox = await sandboxModule.createSandbox({
      apiKey: config.orchestrator.apiKey,
      userName: config.orchestrator.userName,
      password: config.orchestrator.password,
      notifyUrl: `http://127.0.0.1:${port}/api/orchestrator/notifications/${config.orchestrator.notificationToken}`,
      logger: logger.child({ component: 'sandbox' }),
      profile: config.orchestrator.sandboxProfile,
      // Its /_sandbox routes read recipients' details and the notification token, and can
      // redirect notifications: any local process could call them. The demo needs none of
      // them (payouts settle on their own); tests drive the sandbox object in-process.
      controlApi: false,
    });
    baseUrl = sandbox.url;
  }
  if (!baseUrl) throw new Error('no orchestrator base URL');
  const orchestrator: OrchestratorClient = createOrchestratorClient({
    baseUrl,
    apiKey: config.orchestrator.apiKey,
    userName: config.orchestrator.userName,
    password: config.orchestrator.password,
    apiVersion: config.orchestrator.apiVersion,
    depositLookupPrefix: config.orchestrator.depositLookupPrefix,
    timeoutMs: config.orchestrator.timeoutMs,
    logger: logger.child({ component: 'orchestrator-client' }),
    // Server-Timing: orchestrator time per request.
    onCall: recordOrchestratorCall,
    // `traceparent` of the calling span (decision 023; empty when traces are off).
    propagationHeaders,
  });
  const corridors = config.corridors ?? (sandbox ? corridorsOfSandbox(sandbox) : []);
  // A first demo start asks for the history's PSPs and compiles its validators now, on this
  // thread, which would otherwise wait for the demo password's hash below.
  const demoWorld = sandbox
    ? prefetchDemoWorld({ config, db: database.db, orchestrator, corridors, clock: systemClock })
    : undefined;
  // Handled where it is awaited (seedDemoHistory asks again after a failure).
  demoWorld?.catch(() => undefined);

  const app = createApp({
    config,
    // Without SMTP, the demo keeps its e-mail (invitations too) where anyone may read it.
    ...(!config.mail && config.demo.enabled
      ? { mailTransport: createMemoryMailbox({ clock: systemClock }) }
      : {}),
    db: database.db,
    jobsDb: database.jobsDb,
    ...(database.pool ? { databasePool: database.pool } : {}),
    logger,
    passwordHasher,
    orchestrator,
    corridors,
    knownPsps: config.knownPsps ?? (sandbox ? knownPspsOfSandbox(sandbox) : []),
    deposits: {
      psps: config.depositPsps ?? (sandbox ? depositPspsOfSandbox(sandbox) : []),
      cashierKey: config.cashierKey ?? sandbox?.credentials.cashierKey,
    },
    readinessChecks: {
      database: () => database.ping(),
      // Any authenticated call proves the login works; a one-row list is the cheapest.
      orchestrator: async () => {
        await orchestrator.listPayouts({ limit: 1 });
      },
    },
  });
  // Version 1 of the approval policy, from configuration, on a database that has none yet;
  // afterwards APPROVAL_THRESHOLDS is ignored (changes go through /api/approval-policies).
  await app.approvalPolicies.ensureInitial();
  phaseDone('app');
  await usersSeeded;
  phaseDone('users');
  if (sandbox && sandboxModule) {
    // A first demo start is not empty (docs/decisions/021). Only with the embedded
    // sandbox: its decline codes make the history, and it can be told the open payouts again.
    try {
      await seedDemoHistory({
        config,
        db: database.db,
        orchestrator,
        corridors,
        policies: app.approvalPolicies,
        facts: demoFactsOfSandbox(sandboxModule),
        clock: systemClock,
        logger,
        ...(demoWorld ? { prefetched: demoWorld } : {}),
        beneficiaries: app.beneficiaryEditing,
      });
      // It keeps payouts in memory: the seeded ones still open there are known again.
      sandbox.restorePayouts(await openDemoPayouts(database.db));
    } catch (error) {
      // A failed seed wrote nothing (one transaction): the demo starts anyway.
      logger.error({ err: error }, 'demo history not seeded');
    }
  } else if (config.demo.seedHistory) {
    logger.info('no demo history: it is made only with the embedded sandbox');
  }
  phaseDone('demoHistory');
  server.off('request', starting);
  server.on('request', app);
  if (config.reconciler.enabled) app.reconciler.start();
  if (config.batches.workerEnabled) await app.batchWorker.start();
  app.notificationMailer?.start();
  phaseDone('workers');
  // Between requests, not before the first: it is work every first validation would do anyway.
  setImmediate(prepareSchemaCompiler);
  const banner = startupMessage(config, corridors, database);
  const unguarded = cryptoCurrenciesWithoutOwnAmount(corridors, config.approvalThresholds);
  if (unguarded.length > 0) {
    logger.warn(
      { currencies: unguarded },
      `no approval threshold of their own for ${unguarded.join(', ')}: ${
        config.approvalThresholds.default === undefined
          ? 'no payout in them ever needs a second person'
          : `the catch-all ${config.approvalThresholds.default} applies as if it were a fiat amount`
      } (set APPROVAL_THRESHOLDS, e.g. BTC=0.5,ETH=5)`,
    );
  }
  logger.info(
    {
      url: config.publicUrl.origin,
      database: database.description,
      orchestrator: config.orchestrator.mode,
      demo: config.demo.enabled,
      defaultsUsed: config.defaultsUsed,
      // Since startServer was called: the modules' loading before it is not counted.
      startupMs: { ...phases, total: Math.round(performance.now() - startedAt) },
    },
    'ready',
  );
  // People starting it by hand get the same facts readable (URL, demo users), not as JSON.
  if (process.stdout.isTTY) process.stdout.write(`\n${banner}\n\n`);
  else logger.info(banner);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await app.reconciler.stop();
      await app.batchWorker.stop();
      await app.notificationMailer?.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await orchestrator.close();
      await sandbox?.close();
      // Closing PGlite flushes it to disk and releases the data folder's lock file.
      await database.close();
    })();
    return closing;
  };
  return { url: config.publicUrl.origin, port, config, sandbox, close };
}
