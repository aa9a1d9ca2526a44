import type { Corridor } from '@payouts/contracts';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database, JobsDb } from '../db/database.js';
import type { StepUp } from '../http/requireStepUp.js';
import type { Clock } from '../shared/clock.js';
import type { SealedBox } from '../shared/sealedBox.js';
import type { AuditService } from './audit/auditService.js';

/**
 * What every feature module may take, built once by `createApp` (its `base`): a module names
 * the ones it uses with `Pick<ModuleBase, …>` and adds what it needs from other modules.
 */
export interface ModuleBase {
  config: Config;
  db: Database;
  /** The same database as the batch queue (pg-boss) talks to it. */
  jobsDb: JobsDb;
  clock: Clock;
  logger: Logger;
  /** The only door to the orchestrator (traced, and counted when metrics are on). */
  orchestrator: OrchestratorClient;
  corridors: readonly Corridor[];
  /** The PSP's name for people, by its name. */
  pspTitles: ReadonlyMap<string, string>;
  sealedBox: SealedBox;
  auditService: AuditService;
  stepUp: StepUp;
  /** Longer than any submission can take (a call plus a re-login, with margin). */
  staleAfterMs: number;
}
