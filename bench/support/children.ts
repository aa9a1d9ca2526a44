import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const READY = 'BENCH_READY ';
const START_TIMEOUT_MS = 90_000;

const running = new Set<ChildProcess>();
// A crash of the runner must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ChildServer<Info> {
  info: Info;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `bench/servers.ts <kind>` in its own Node process (TypeScript sources, via tsx). */
export function startChildServer<Info>(
  kind: 'sandbox' | 'bff',
  env: Record<string, string>,
): Promise<ChildServer<Info>> {
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: a V8 CPU profile of every server process, written when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--conditions=source',
      '--import',
      'tsx',
      join(BENCH_DIR, 'servers.ts'),
      kind,
    ],
    { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(
    () => running.delete(child),
    () => undefined,
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${kind} did not start within ${START_TIMEOUT_MS} ms\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const at = buffer.indexOf(READY);
      if (at < 0) return;
      const end = buffer.indexOf('\n', at);
      if (end < 0) return;
      clearTimeout(timer);
      const info = JSON.parse(buffer.slice(at + READY.length, end)) as Info;
      resolve({ info, pid: child.pid!, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${kind} exited (${code ?? signal}) before it was ready\n${stderr}`));
    });
  });
}

export interface SandboxServer extends ChildServer<{ url: string }> {
  credentials: { apiKey: string; userName: string; password: string };
}

export async function startSandboxServer(): Promise<SandboxServer> {
  const credentials = {
    apiKey: `bench-${randomBytes(12).toString('hex')}`,
    userName: 'bench@sandbox.test',
    password: randomBytes(16).toString('hex'),
  };
  const server = await startChildServer<{ url: string }>('sandbox', {
    BENCH_API_KEY: credentials.apiKey,
    BENCH_USER_NAME: credentials.userName,
    BENCH_PASSWORD: credentials.password,
  });
  return { ...server, credentials };
}

/** TEST_DATABASE_URL (a PostgreSQL server where throwaway databases may be created), if set. */
export function adminDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** A fresh, empty ledger: a PGlite folder in the temp dir, or a throwaway PostgreSQL database. */
export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(adminUrl?: string): Promise<BenchDatabase> {
  if (adminUrl === undefined) {
    const dir = await mkdtemp(join(tmpdir(), 'payouts-bench-'));
    return {
      kind: 'pglite',
      env: { BENCH_DATA_DIR: dir },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { BENCH_DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface BffServer extends ChildServer<{ url: string; origin: string }> {
  /** `Cookie` header value of a signed-in finance user. */
  cookie: string;
}

/** The BFF in its own process against the sandbox child, signed in as the demo finance user. */
export async function startBffServer(
  sandbox: SandboxServer,
  database: BenchDatabase,
  options: { providersCacheTtlMs?: number; env?: Record<string, string> } = {},
): Promise<BffServer> {
  const server = await startChildServer<{ url: string; origin: string }>('bff', {
    ...database.env,
    BENCH_SANDBOX_URL: sandbox.info.url,
    BENCH_API_KEY: sandbox.credentials.apiKey,
    BENCH_USER_NAME: sandbox.credentials.userName,
    BENCH_PASSWORD: sandbox.credentials.password,
    BENCH_SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(options.providersCacheTtlMs === undefined
      ? {}
      : { BENCH_PROVIDERS_TTL_MS: String(options.providersCacheTtlMs) }),
    ...options.env,
  });
  try {
    const res = await fetch(`${server.info.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.info.origin },
      body: JSON.stringify({ email: 'finance@example.com', password: 'demo-password' }),
    });
    const setCookie = res.headers.getSetCookie()[0];
    if (res.status !== 200 || !setCookie) throw new Error(`sign-in failed: HTTP ${res.status}`);
    return { ...server, cookie: setCookie.split(';')[0]! };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A bearer token from the sandbox's own login, for calling it directly. */
export async function sandboxToken(sandbox: SandboxServer): Promise<string> {
  const res = await fetch(`${sandbox.info.url}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_name: sandbox.credentials.userName,
      password: sandbox.credentials.password,
    }),
  });
  const body = (await res.json()) as { result?: { access_token?: { token?: string } } };
  const token = body.result?.access_token?.token;
  if (!token) throw new Error(`sandbox login failed: HTTP ${res.status}`);
  return token;
}

/** Cleanups run in reverse order, all of them even when one fails (the first error wins). */
export class Cleanup {
  readonly #steps: Array<() => Promise<void>> = [];

  add(step: () => Promise<void>): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    let failure: Error | undefined;
    for (const step of this.#steps.reverse()) {
      try {
        await step();
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    this.#steps.length = 0;
    if (failure !== undefined) throw failure;
  }
}

/**
 * BFF processes against one sandbox, started in parallel (each with a fresh ledger), stopped
 * and their ledgers dropped by `cleanup`. Idle ones cost nothing while another is measured.
 */
export async function startBffServers(
  sandbox: SandboxServer,
  specs: ReadonlyArray<{ adminUrl: string | undefined; providersCacheTtlMs?: number }>,
  cleanup: Cleanup,
): Promise<Array<BffServer & { database: BenchDatabase }>> {
  return Promise.all(
    specs.map(async ({ adminUrl, providersCacheTtlMs }) => {
      const database = await createBenchDatabase(adminUrl);
      cleanup.add(() => database.drop());
      const bff = await startBffServer(sandbox, database, { providersCacheTtlMs });
      cleanup.add(() => bff.stop());
      return { ...bff, database };
    }),
  );
}
