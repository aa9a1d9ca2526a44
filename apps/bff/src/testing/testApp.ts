import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Corridor } from '@payouts/contracts';
import { createOrchestratorClient, type OrchestratorClient } from '@payouts/orchestrator-client';
import * as sandboxModule from '@payouts/orchestrator-sandbox';
import { createSandbox, type Sandbox, type SandboxOptions } from '@payouts/orchestrator-sandbox';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { DestinationStream } from 'pino';
import { createApp, type App } from '../app.js';
import type { PolicyChangeNotifier } from '../features/approvalPolicies/approvalPoliciesService.js';
import type { BeneficiaryPayouts } from '../features/beneficiaries/beneficiaryPayouts.js';
import type { PayoutsReconciler } from '../features/payouts/payoutsReconciler.js';
import type { NotificationMailer } from '../features/staffNotifications/notificationMailer.js';
import {
  createSmtpTransport,
  type MailTransport,
} from '../features/staffNotifications/mailTransport.js';
import {
  createMemoryMailbox,
  type MemoryMailbox,
} from '../features/staffNotifications/memoryMailbox.js';
import type { BatchWorker } from '../features/batches/batchWorker.js';
import type { SessionService } from '../features/session/sessionService.js';
import type { StaffNotifier } from '../features/staffNotifications/staffNotifier.js';
import { parseConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import * as tables from '../db/schema.js';
import { createAuditRepository } from '../features/audit/auditRepository.js';
import { createAuditService } from '../features/audit/auditService.js';
import type { ReadinessCheck } from '../features/health/healthRouter.js';
import { createPasswordHasher } from '../features/users/passwordHasher.js';
import type { Role } from '../features/users/roles.js';
import { createUsersRepository } from '../features/users/usersRepository.js';
import { createUsersService, DEMO_USERS } from '../features/users/usersService.js';
import { createLogger } from '../http/createLogger.js';
import { propagationHeaders } from '../features/observability/tracing/tracing.js';
import { recordOrchestratorCall } from '../http/serverTiming.js';
import {
  openDemoPayouts,
  seedDemoHistory,
  type DemoSeedResult,
} from '../features/demoSeed/demoSeed.js';
import { demoFactsOfSandbox, depositPspsOfSandbox, knownPspsOfSandbox } from '../sandboxWiring.js';
import { checkReplyConforms } from './openApiConformance.js';
import { createSecretScanner, type SecretScanner } from './secretScanner.js';
import { createTestClock, type TestClock } from './testClock.js';
import type { TestDatabase } from './testDatabase.js';

export const TEST_PASSWORD = 'demo-password';
/** Cheap scrypt parameters: sign-ins stay fast; the format and code path are the real ones. */
export const testPasswordHasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  body?: RequestInit['body'];
  /** Leave out the same-origin `Origin` header a browser would send (CSRF tests). */
  crossSite?: boolean;
}

/** `fetch` against the app, as a browser on our origin would send it (Origin header, cookie). */
export type ApiFetch = ((path: string, init?: ApiInit) => Promise<Response>) & {
  cookie: string | undefined;
};

export interface TestApp {
  baseUrl: string;
  config: Config;
  db: Database;
  clock: TestClock;
  /** The real sandbox orchestrator this app talks to (faults, settle, inspect). */
  sandbox: Sandbox;
  orchestrator: OrchestratorClient;
  /** The app's payout reconciler (never started on its own here: tests run its rounds). */
  reconciler: PayoutsReconciler;
  /** The port payouts pay saved beneficiaries through. */
  beneficiaryPayouts: BeneficiaryPayouts;
  staffNotifier: StaffNotifier;
  /** The e-mail outbox worker (never started here: tests run its rounds). */
  notificationMailer: NotificationMailer | undefined;
  /** What the app e-mailed (invitations, notifications), newest first; unless SMTP_URL is set. */
  mailbox: MemoryMailbox;
  /** The token of the newest password link (invitation or reset) e-mailed to `email`. */
  invitationTokenOf(email: string): string;
  /** The batch queue's worker (not started here: tests that send batches start it). */
  batchWorker: BatchWorker;
  sessionService: SessionService;
  /** The Express app itself (the OpenAPI completeness test walks its routes). */
  app: App;
  database: TestDatabase;
  /**
   * What the demo history seeding did at the last (re)start: undefined unless the app was
   * started with `demoHistory: true` (then as `npm start` does it, DEMO_SEED permitting).
   */
  demoHistory: DemoSeedResult | undefined;
  /**
   * A new app instance on the same port, database and sandbox, as after a process restart:
   * connections are cut, in-memory state (provider cache, orchestrator login) is gone.
   */
  restart(): Promise<void>;
  /** Requests without a session. */
  api: ApiFetch;
  signIn(role: Role | 'finance2' | 'admin2'): Promise<ApiFetch>;
  /** Signs in any account (one a test created), by its email and password. */
  signInAs(email: string, password: string): Promise<ApiFetch>;
  /**
   * A new staff account as an admin makes it: `by` (default the demo admin) asks, and for a
   * finance or admin account `approver` (default admin2) approves it (decision 042). Signed in.
   */
  makeAccount(
    role: Role,
    options?: { by?: ApiFetch; approver?: ApiFetch; email?: string; password?: string },
  ): Promise<{ id: string; email: string; password: string; client: ApiFetch }>;
  /**
   * Every reply this app sends through `api`/`signIn` fetches, and every log line, is scanned
   * for the orchestrator's API key, password and tokens and for full card numbers.
   */
  secretScanner: SecretScanner;
  close(): Promise<void>;
}

export interface StartTestAppOptions {
  database: TestDatabase;
  /** Extra environment for `parseConfig` (strings, as in a real environment). */
  env?: Record<string, string>;
  clock?: TestClock;
  logDestination?: DestinationStream;
  readinessChecks?: Record<string, ReadinessCheck>;
  /** Default: payouts settle only when the test calls `sandbox.settle()`. */
  sandboxOptions?: SandboxOptions;
  corridors?: Corridor[];
  /** For faults the sandbox cannot make: wrap the real client. */
  wrapOrchestrator?: (client: OrchestratorClient) => OrchestratorClient;
  /** Told of approval-policy proposals (the app has none unless given). */
  policyNotifier?: PolicyChangeNotifier;
  /**
   * Seed the demo history at start and restart, as `npm start` does. Off by
   * default: suites count the payouts they make (DEMO_SEED is 0 unless this is set).
   */
  demoHistory?: boolean;
  /**
   * How e-mail leaves: by default `mailbox`, in memory (SMTP_URL in `env` sends over SMTP);
   * null turns e-mail off, as without SMTP_URL outside the demo.
   */
  mailTransport?: MailTransport | null;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

function createApiFetch(
  baseUrl: string,
  origin: string,
  scanner: SecretScanner,
  cookie?: string,
): ApiFetch {
  const apiFetch = (async (path: string, init: ApiInit = {}) => {
    const { json, crossSite, headers: extra, ...rest } = init;
    const headers = new Headers(extra);
    const method = (rest.method ?? 'GET').toUpperCase();
    if (!crossSite && !['GET', 'HEAD'].includes(method) && !headers.has('origin')) {
      headers.set('Origin', origin);
    }
    if (apiFetch.cookie && !headers.has('cookie')) headers.set('Cookie', apiFetch.cookie);
    let body = rest.body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(json);
    }
    const res = await fetch(baseUrl + path, { ...rest, method, headers, body });
    const where = `reply to ${method} ${path}`;
    scanner.check(`${where} (headers)`, JSON.stringify([...res.headers]));
    const text = await res.clone().text();
    scanner.check(where, text);
    // Every JSON reply must match what the OpenAPI document says of its route.
    checkReplyConforms(method, path, res.status, res.headers.get('content-type'), text);
    return res;
  }) as ApiFetch;
  apiFetch.cookie = cookie;
  return apiFetch;
}

/** The real app on a free loopback port, with the demo users seeded, on a test database. */
export async function startTestApp({
  database,
  env = {},
  clock = createTestClock(),
  logDestination,
  readinessChecks,
  sandboxOptions = {},
  corridors = [
    { country: 'BE', currency: 'EUR' },
    { country: 'US', currency: 'USD' },
  ],
  wrapOrchestrator = (client) => client,
  policyNotifier,
  demoHistory: seedsDemoHistory = false,
  mailTransport,
}: StartTestAppOptions): Promise<TestApp> {
  const server = createServer();
  // The client closes idle sockets first (fetch keeps them 4 s): a server closing one at its own
  // 5 s while a loaded machine runs the client's timer late made a request land on a dead socket.
  server.keepAliveTimeout = 120_000;
  const baseUrl = await listen(server);
  const config = parseConfig({
    PUBLIC_URL: baseUrl,
    DEMO: '1',
    SESSION_SECRET: 'test-session-secret-0123456789abcdef',
    LOG_LEVEL: 'debug',
    // Suites that test four eyes set their own thresholds.
    APPROVAL_THRESHOLDS: 'none',
    // Suites pay one test card the same amounts again and again; the duplicate check's own suite
    // turns it on.
    DUPLICATE_WINDOW_DAYS: '0',
    DEMO_SEED: seedsDemoHistory ? '1' : '0',
    ...env,
  });
  // The scanner needs the sandbox's tokens; the sandbox needs the config first.
  const issuedTokens: { of?: Sandbox } = {};
  const secretScanner = createSecretScanner(() => ({
    'the orchestrator API key': [config.orchestrator.apiKey],
    'the orchestrator password': [config.orchestrator.password],
    'an orchestrator token': issuedTokens.of?.inspect.issuedTokens() ?? [],
  }));
  // Every log line is kept for the scan at close, and passed on to a test's own destination.
  const logLines: string[] = [];
  const logger = createLogger({
    level: config.logLevel,
    destination: {
      write(line: string) {
        logLines.push(line);
        logDestination?.write(line);
      },
    },
  });
  const sandbox = await createSandbox({
    apiKey: config.orchestrator.apiKey,
    userName: config.orchestrator.userName,
    password: config.orchestrator.password,
    settleAfterMs: 3_600_000,
    notificationRetry: { maxAttempts: 3, baseDelayMs: 50 },
    logger: false,
    ...sandboxOptions,
    notifyUrl: `${baseUrl}/api/orchestrator/notifications/${config.orchestrator.notificationToken}`,
  });
  issuedTokens.of = sandbox;
  const newOrchestrator = () =>
    createOrchestratorClient({
      baseUrl: sandbox.url,
      apiKey: config.orchestrator.apiKey,
      userName: config.orchestrator.userName,
      password: config.orchestrator.password,
      timeoutMs: config.orchestrator.timeoutMs,
      onCall: recordOrchestratorCall,
      // `traceparent` of the calling span (decision 023; empty when traces are off).
      propagationHeaders,
    });
  let orchestrator = newOrchestrator();
  const db = database.handle.db;
  const usersService = createUsersService({
    usersRepository: createUsersRepository(db),
    passwordHasher: testPasswordHasher,
    auditService: createAuditService({ auditRepository: createAuditRepository(db), clock }),
    clock,
  });
  await usersService.ensureDemoUsers(TEST_PASSWORD);

  // E-mail stays in this process; where a test set SMTP_URL (its own SMTP server) it goes there
  // too, and the mailbox keeps a copy (invitation links for `makeAccount`).
  const mailbox = createMemoryMailbox({ clock });
  const smtp = config.mail ? createSmtpTransport(config.mail) : undefined;
  const defaultTransport: MailTransport = smtp
    ? {
        send: async (mail) => {
          await smtp.send(mail);
          await mailbox.send(mail);
        },
        close: () => smtp.close(),
      }
    : mailbox;
  const invitationTokenOf = (email: string) => {
    const mail = mailbox.list().find((m) => m.to === email && m.text.includes('/invitation#'));
    const token = /\/invitation#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation e-mailed to ${email}`);
    return token;
  };
  const buildApp = () =>
    createApp({
      config,
      mailTransport: mailTransport === null ? undefined : (mailTransport ?? defaultTransport),
      db,
      jobsDb: database.handle.jobsDb,
      ...(database.handle.pool ? { databasePool: database.handle.pool } : {}),
      logger,
      clock,
      passwordHasher: testPasswordHasher,
      orchestrator: wrapOrchestrator(orchestrator),
      ...(policyNotifier ? { policyNotifier } : {}),
      corridors,
      knownPsps: config.knownPsps ?? knownPspsOfSandbox(sandbox),
      deposits: {
        psps: config.depositPsps ?? depositPspsOfSandbox(sandbox),
        cashierKey: config.cashierKey ?? sandbox.credentials.cashierKey,
      },
      readinessChecks: readinessChecks ?? {
        database: () => database.handle.ping(),
        orchestrator: async () => {
          await orchestrator.listPayouts({ limit: 1 });
        },
      },
    });
  let app = buildApp();
  await app.approvalPolicies.ensureInitial();
  let demoHistory: DemoSeedResult | undefined;
  const seedHistory = async () => {
    if (!seedsDemoHistory) return;
    demoHistory = await seedDemoHistory({
      config,
      db,
      orchestrator,
      corridors,
      policies: app.approvalPolicies,
      facts: demoFactsOfSandbox(sandboxModule),
      clock,
      logger,
      beneficiaries: app.beneficiaryEditing,
    });
    sandbox.restorePayouts(await openDemoPayouts(db));
  };
  await seedHistory();
  server.on('request', app);
  const origin = config.publicUrl.origin;

  async function signInAs(email: string, password: string): Promise<ApiFetch> {
    const post = () =>
      createApiFetch(
        baseUrl,
        origin,
        secretScanner,
      )('/api/session', {
        method: 'POST',
        json: { email, password },
      });
    // A kept-alive connection that `restart` cut can still be in fetch's pool when the next
    // request takes it ("other side closed", nothing sent to the app): a sign-in is asked again.
    const res = await post().catch((error: unknown) => {
      if (!isSocketClosed(error)) throw error;
      return post();
    });
    if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status}`);
    const setCookie = res.headers.getSetCookie()[0];
    if (!setCookie) throw new Error('sign-in set no cookie');
    return createApiFetch(baseUrl, origin, secretScanner, setCookie.split(';')[0]);
  }

  return {
    baseUrl,
    config,
    db,
    clock,
    sandbox,
    get orchestrator() {
      return orchestrator;
    },
    get reconciler() {
      return app.reconciler;
    },
    get beneficiaryPayouts() {
      return app.beneficiaryPayouts;
    },
    get staffNotifier() {
      return app.staffNotifier;
    },
    get notificationMailer() {
      return app.notificationMailer;
    },
    mailbox,
    invitationTokenOf,
    get sessionService() {
      return app.sessionService;
    },
    get batchWorker() {
      return app.batchWorker;
    },
    get app() {
      return app;
    },
    database,
    get demoHistory() {
      return demoHistory;
    },
    async restart() {
      // What a process restart loses: open connections, in-memory caches, the login token.
      const old = { app, orchestrator };
      orchestrator = newOrchestrator();
      app = buildApp();
      // The new app takes requests at once, in the same tick as it is built (as before the demo
      // history): an await in between let the exactly-once model's retries land in the gap
      // and fall through to a 404.
      server.removeListener('request', old.app);
      server.on('request', app);
      server.closeAllConnections();
      await seedHistory();
      await old.app.batchWorker.stop();
      await old.orchestrator.close();
    },
    api: createApiFetch(baseUrl, origin, secretScanner),
    secretScanner,
    async signIn(role) {
      const email =
        role === 'finance2' || role === 'admin2'
          ? `${role}@example.com`
          : DEMO_USERS.find((u) => u.role === role)!.email;
      return signInAs(email, TEST_PASSWORD);
    },
    signInAs,
    async makeAccount(role, options = {}) {
      const email = options.email ?? `made-${randomUUID()}@example.com`;
      const password = options.password ?? 'a-made-account-password';
      const by = options.by ?? (await signInAs(DEMO_USERS[0]!.email, TEST_PASSWORD));
      const asked = await by('/api/users', {
        method: 'POST',
        json: { email, name: `Made ${role}`, role },
      });
      if (asked.status !== 201 && asked.status !== 202) {
        throw new Error(`making a ${role} account: ${asked.status} ${await asked.text()}`);
      }
      let body = (await asked.json()) as { id: string; user_id?: string | null };
      if (asked.status === 202) {
        const approver = options.approver ?? (await signInAs('admin2@example.com', TEST_PASSWORD));
        const approved = await approver(`/api/user-changes/${body.id}/approve`, {
          method: 'POST',
          json: {},
        });
        if (approved.status !== 200) {
          throw new Error(
            `approving a ${role} account: ${approved.status} ${await approved.text()}`,
          );
        }
        body = (await approved.json()) as { id: string; user_id: string | null };
        body = { id: body.user_id! };
      }
      // Its owner sets the password with the e-mailed link, as a person would.
      const accepted = await createApiFetch(
        baseUrl,
        origin,
        secretScanner,
      )('/api/invitations/accept', {
        method: 'POST',
        json: { token: invitationTokenOf(email), password },
      });
      if (accepted.status !== 200) {
        throw new Error(`accepting the invitation: ${accepted.status} ${await accepted.text()}`);
      }
      return { id: body.id, email, password, client: await signInAs(email, password) };
    },
    async close() {
      smtp?.close();
      await app.batchWorker.stop();
      await sandbox.close();
      await orchestrator.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      for (const line of logLines) secretScanner.check('a log line', line);
      await scanStoredRows(db, secretScanner);
    },
  };
}

/**
 * Nothing the suite made the BFF write may hold a secret or a full card number in plain text:
 * every row of every table, digits read through spaces and dashes. (A payout's request is kept
 * only sealed, docs/decisions/007, and the sealed text holds no digits of it.)
 */
async function scanStoredRows(db: Database, scanner: SecretScanner): Promise<void> {
  // Every table the schema module defines (not only those in drizzle's `schema` object).
  const all: unknown[] = Object.values(tables);
  for (const table of all.filter((t): t is PgTable => is(t, PgTable))) {
    const name = getTableName(table);
    // Both drivers answer `{ rows }`; the union of their result types does not say so.
    const result: unknown = await db.execute(sql.raw(`select t::text as row from "${name}" t`));
    for (const { row } of (result as { rows: { row: string }[] }).rows) {
      scanner.check(`a row of ${name}`, row.replace(/(?<=\d)[ -](?=\d)/g, ''));
    }
  }
}

/** A reply body for assertions (tests check it field by field). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions navigate untyped JSON
export function readJson(res: Response): Promise<any> {
  return res.json();
}

/** fetch's failure when the server closed the kept-alive connection the request was sent on. */
function isSocketClosed(error: unknown): boolean {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET';
}
