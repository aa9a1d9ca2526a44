import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseConfig, startServer, type RunningServer } from '@payouts/bff';
import { inject } from 'vitest';
import './ledgerTemplate.js';

export interface E2eApp extends RunningServer {
  stop(): Promise<void>;
}

/**
 * The `npm start` wiring (embedded sandbox, demo users, the built SPA) on a free port with its
 * own PGlite folder, so every journey file starts from an empty ledger (a copy of the global
 * setup's migrated, empty one: see `createLedgerTemplate`).
 */
export async function startE2eApp(env: Record<string, string> = {}): Promise<E2eApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-'));
  cpSync(inject('ledgerTemplateDir'), dataDir, { recursive: true });
  const config = parseConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Journeys start from an empty ledger; the overview's journey asks for the demo history.
    DEMO_SEED: '0',
    ...env,
  });
  const server = await startServer(config, createLogger({ level: 'silent' }));
  return {
    ...server,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'demo-password';
