/**
 * Child-process entry for the benchmarks: `servers.ts sandbox` or `servers.ts bff`, settings in
 * BENCH_* environment variables. Each server gets its own process (and event loop), so the load
 * generator in the parent and the other server do not steal its turns. Prints one line
 * `BENCH_READY {json}` when it listens; closes cleanly on SIGTERM or when stdin closes.
 */
import { createLogger, parseConfig, startServer } from '@payouts/bff';
import { createSandbox } from '@payouts/orchestrator-sandbox';

const READY = 'BENCH_READY';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

async function startSandbox(): Promise<() => Promise<void>> {
  const sandbox = await createSandbox({
    port: 0,
    apiKey: required('BENCH_API_KEY'),
    userName: required('BENCH_USER_NAME'),
    password: required('BENCH_PASSWORD'),
    // No settling and no notifications while the load runs: only the measured calls.
    settleAfterMs: 24 * 3_600_000,
    notifyUrl: null,
    logger: false,
  });
  process.stdout.write(`${READY} ${JSON.stringify({ url: sandbox.url })}\n`);
  return () => sandbox.close();
}

async function startBff(): Promise<() => Promise<void>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = parseConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    DEMO: '1',
    SESSION_SECRET: required('BENCH_SESSION_SECRET'),
    ORCHESTRATOR_BASE_URL: required('BENCH_SANDBOX_URL'),
    ORCHESTRATOR_API_KEY: required('BENCH_API_KEY'),
    ORCHESTRATOR_USER_NAME: required('BENCH_USER_NAME'),
    ORCHESTRATOR_PASSWORD: required('BENCH_PASSWORD'),
    CORRIDORS: 'BE:EUR,US:USD',
    // The background reconciler is not on the request path: off, so it does not compete with
    // the measured requests for the same cores and connections (BENCH_RECONCILER=1 turns it on).
    RECONCILER: process.env.BENCH_RECONCILER === '1' ? '1' : '0',
    // The batch section's sender: rows at once per process (the BFF's default otherwise).
    ...(process.env.BENCH_BATCH_SEND_CONCURRENCY
      ? { BATCH_SEND_CONCURRENCY: process.env.BENCH_BATCH_SEND_CONCURRENCY }
      : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: required('BENCH_DATA_DIR') }),
  });
  // 0 turns the providers cache off (not expressible in the environment, which wants >= 1 s).
  const ttl = process.env.BENCH_PROVIDERS_TTL_MS;
  const running = await startServer(
    {
      ...config,
      providersCacheTtlMs: ttl === undefined ? config.providersCacheTtlMs : Number(ttl),
    },
    // Every line is still built (the cost of logging stays in the figures); none is written.
    createLogger({ level: config.logLevel, destination: { write: () => undefined } }),
  );
  process.stdout.write(
    `${READY} ${JSON.stringify({ url: `http://127.0.0.1:${running.port}`, origin: running.url })}\n`,
  );
  return () => running.close();
}

const kind = process.argv[2];
const close = kind === 'sandbox' ? await startSandbox() : kind === 'bff' ? await startBff() : null;
if (close === null) throw new Error(`unknown server kind ${kind}`);

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.stdin.on('end', shutdown);
process.stdin.on('close', shutdown);
process.stdin.resume();
