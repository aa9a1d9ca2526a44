/**
 * A child process for multi-process tests: the real app (createApp) on its own PostgreSQL pool
 * and its own orchestrator client, configured from the environment like the BFF, with no HTTP
 * listener. It is driven over stdin/stdout, one JSON object per line:
 *
 * - it prints `{"type":"ready","owner":…}` once wired;
 * - `{"cmd":"round"}` runs one reconciler round and prints `{"type":"round",claimed,results,ids}`;
 * - `{"cmd":"exit"}` closes the pool and the client, prints `{"type":"bye"}` and exits 0.
 *
 * Logs go to stderr, so stdout stays the control channel. Only tests start it.
 */
import { createInterface } from 'node:readline';
import { createOrchestratorClient } from '@payouts/orchestrator-client';
import { createApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { createLogger } from '../../http/createLogger.js';

const reply = (message: Record<string, unknown>) => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  if (!config.database.url) throw new Error('DATABASE_URL is required');
  if (!config.orchestrator.baseUrl) throw new Error('ORCHESTRATOR_BASE_URL is required');
  const logger = createLogger({ level: config.logLevel, destination: process.stderr });
  const database = await openDatabase({ url: config.database.url });
  const orchestrator = createOrchestratorClient({
    baseUrl: config.orchestrator.baseUrl,
    apiKey: config.orchestrator.apiKey,
    userName: config.orchestrator.userName,
    password: config.orchestrator.password,
    timeoutMs: config.orchestrator.timeoutMs,
  });
  const app = createApp({
    config,
    db: database.db,
    jobsDb: database.jobsDb,
    logger,
    orchestrator,
    corridors: [],
    readinessChecks: {},
    ...(process.env.RECONCILER_OWNER ? { reconcilerOwner: process.env.RECONCILER_OWNER } : {}),
  });
  // Log in and open the pools now, so a round measures reconciling, not warming up.
  await database.ping();
  await orchestrator.listPayouts({ limit: 1 });
  reply({ type: 'ready', owner: app.reconciler.owner, pid: process.pid });

  for await (const line of createInterface({ input: process.stdin })) {
    let command: unknown;
    try {
      command = JSON.parse(line);
    } catch {
      continue;
    }
    const cmd = (command as { cmd?: unknown } | null)?.cmd;
    if (cmd === 'round') {
      const round = await app.reconciler.runRound();
      reply({ type: 'round', ...round });
    } else if (cmd === 'exit') {
      break;
    }
  }
  await orchestrator.close();
  await database.close();
  reply({ type: 'bye' });
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`reconciler process failed: ${String(error)}\n`);
  process.exit(1);
});
