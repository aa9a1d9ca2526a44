// For tooling that starts the BFF in-process (end-to-end tests); `main.ts` is the program.
export { createApp, type AppDependencies } from './app.js';
export { ConfigError, parseConfig, type Config } from './config.js';
export { openDatabase, type Database, type DatabaseHandle } from './db/database.js';
export { LockFileError } from './db/lockFile.js';
export { startServer, type RunningServer } from './server.js';
export { createLogger } from './http/createLogger.js';
