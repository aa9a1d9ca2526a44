// For tooling that starts the BFF in-process (end-to-end tests, the bench); `main.ts` is the
// program. Tooling imports `@payouts/bff` only, never a path under `src/` (eslint.config.js).
export { createApp, type AppDependencies } from './app.js';
export { ConfigError, parseConfig, type Config } from './config.js';
export {
  MIGRATIONS_FOLDER,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from './db/database.js';
export { LockFileError } from './db/lockFile.js';
export { SandboxNotInstalledError, startServer, type RunningServer } from './server.js';
export { createLogger } from './http/createLogger.js';

// The bench's ledger: its own schema-level loads and an app on a database it filled itself.
export { schema } from './db/schema.js';
export { createAuditRepository } from './features/audit/auditRepository.js';
export { createAuditService } from './features/audit/auditService.js';
export { createPasswordHasher } from './features/users/passwordHasher.js';
export { createUsersRepository } from './features/users/usersRepository.js';
export { createUsersService } from './features/users/usersService.js';
export { createSessionRepository } from './features/session/sessionRepository.js';
export { systemClock } from './shared/clock.js';
export { createOverviewRepository } from './features/overview/overviewRepository.js';
export { createOverviewService } from './features/overview/overviewService.js';
export { createPayoutsRepository } from './features/payouts/payoutsRepository.js';

// The bench's batch section: the server's parse of a batch file.
export { parseBatchFile, type ParsedBatchFile } from './features/batches/batchFile.js';
