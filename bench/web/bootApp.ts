import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseConfig, startServer } from '@payouts/bff';

export interface BenchWebApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * The `npm start` wiring (embedded sandbox, demo users) serving the given SPA build, on a free
 * port with an empty PGlite ledger of its own: what the browser journeys start (tests/e2e/support/app.ts)
 * without vitest's global setup.
 */
export async function bootApp(webDistDir: string): Promise<BenchWebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-bench-forms-'));
  try {
    const config = parseConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: webDistDir,
    });
    const server = await startServer(config, createLogger({ level: 'silent' }));
    return {
      url: server.url,
      stop: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
