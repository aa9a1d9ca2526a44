import { ConfigError, loadConfig, type Config } from './config.js';
import { LockFileError } from './db/lockFile.js';
import { createLogger } from './http/createLogger.js';
import { SandboxNotInstalledError, startServer } from './server.js';

/** The process: configuration, the server, signals. Everything else is in `startServer`. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  // Traces (decision 023): only with OTEL_TRACES_EXPORTER or OTEL_EXPORTER_OTLP_ENDPOINT. The
  // SDK (exporters and all) is loaded only then: a start without traces does not pay for it.
  const tracing = config.tracing.enabled
    ? (await import('./features/observability/tracing/startTracing.js')).startTracing()
    : undefined;

  // Signals are heard from the start: a SIGTERM sent once `ready` is logged, before
  // `startServer` has returned, still shuts down cleanly (exit 0) instead of killing it.
  const starting = startServer(config, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const server = await starting;
    logger.info({ signal }, 'shutting down');
    await server.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop(signal).catch((error: unknown) => {
        if (error instanceof LockFileError || error instanceof SandboxNotInstalledError) return;
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
  try {
    await starting;
  } catch (error) {
    if (error instanceof LockFileError || error instanceof SandboxNotInstalledError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  // Last resort: a startup failure must say what failed, then exit non-zero.
  createLogger({ level: 'info' }).fatal({ err: error }, 'startup failed');
  process.exit(1);
});
