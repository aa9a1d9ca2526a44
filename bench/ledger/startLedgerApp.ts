import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createApp,
  createAuditRepository,
  createAuditService,
  createLogger,
  createPasswordHasher,
  createUsersRepository,
  createUsersService,
  parseConfig,
  systemClock,
  type Database,
} from '@payouts/bff';
import { createOrchestratorClient } from '@payouts/orchestrator-client';

const PASSWORD = 'bench-password';
// Cheap scrypt parameters: the one sign-in stays fast; the list path does not hash anything.
const passwordHasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

export interface LedgerApp {
  /** GET on the app as the signed-in admin; resolves once the whole body is read. */
  get(path: string): Promise<{ status: number; body: string; serverMs: number }>;
  close(): Promise<void>;
}

/**
 * The real BFF (createApp: session middleware, role check, zod parsing, service, repository,
 * DTO mapping, JSON) on a loopback port, signed in as admin (who sees every list filter). The list path never calls the
 * orchestrator, so the client points at a closed port.
 */
export async function startLedgerApp(db: Database): Promise<LedgerApp> {
  const server = createServer();
  // The SQL-only timings leave the connection idle for a while between HTTP runs.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = parseConfig({
    PUBLIC_URL: baseUrl,
    DEMO: '1',
    DEMO_PASSWORD: PASSWORD,
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
  });
  const logger = createLogger({ level: 'warn', destination: process.stderr });
  const orchestrator = createOrchestratorClient({
    baseUrl: 'http://127.0.0.1:9',
    apiKey: config.orchestrator.apiKey,
    userName: config.orchestrator.userName,
    password: config.orchestrator.password,
    timeoutMs: 1000,
  });
  const usersService = createUsersService({
    usersRepository: createUsersRepository(db),
    passwordHasher,
    auditService: createAuditService({
      auditRepository: createAuditRepository(db),
      clock: systemClock,
    }),
    clock: systemClock,
  });
  await usersService.ensureDemoUsers(PASSWORD);
  const app = createApp({
    config,
    db,
    logger,
    orchestrator,
    corridors: [],
    readinessChecks: {},
    passwordHasher,
  });
  server.on('request', app);

  const signIn = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
  });
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0];
  if (signIn.status !== 200 || !cookie) {
    throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  }

  return {
    async get(path) {
      const res = await fetch(baseUrl + path, { headers: { Cookie: cookie } });
      // The BFF's own time (Server-Timing `bff;dur`), without this client's share of the CPU.
      const serverMs = Number(/bff;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
      return { status: res.status, body: await res.text(), serverMs };
    },
    async close() {
      await orchestrator.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
