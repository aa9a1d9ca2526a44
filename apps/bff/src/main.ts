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

  let server;
  try {
    server = await startServer(config, logger);
  } catch (error) {
    if (error instanceof LockFileError || error instanceof SandboxNotInstalledError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop(signal).catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
}

main().catch((error: unknown) => {
  // Last resort: a startup failure must say what failed, then exit non-zero.
  createLogger({ level: 'info' }).fatal({ err: error }, 'startup failed');
  process.exit(1);
});
