import { pino } from 'pino';
import { readSandboxEnv } from './config.js';
import { createSandbox } from './createSandbox.js';

/** `npm run sandbox`: one sandbox orchestrator, configured by SANDBOX_* variables. */
async function main(): Promise<void> {
  const { options, logLevel } = readSandboxEnv();
  // The sandbox logs no request data, but redact credentials should anyone add a field later.
  const logger = pino({
    name: 'orchestrator-sandbox',
    level: logLevel,
    redact: [
      '*.authorization',
      '*.password',
      '*.apiKey',
      '*.token',
      '*.credit_card_number',
      '*.cvv2',
    ],
  });
  const sandbox = await createSandbox({ ...options, logger });
  process.stdout.write(`Sandbox orchestrator listening on ${sandbox.url}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
