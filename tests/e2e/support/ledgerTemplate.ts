import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@payouts/bff';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite folder that `startE2eApp` copies (see `createLedgerTemplate`). */
    ledgerTemplateDir: string;
  }
}

/**
 * An empty ledger, migrated, in a PGlite folder of its own. Creating a PGlite cluster (initdb)
 * takes 5 to 10 s on this machine, copying one well under 1 s: the global setup makes it once,
 * and each journey file starts its app on a copy. The app still runs its migrations (a no-op on
 * the copy) and seeds its users, as `npm start` does on a folder it has seen before.
 */
export async function createLedgerTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'payouts-e2e-template-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
  } finally {
    // Closing flushes PGlite to disk and removes the lock file, so the copies start unlocked.
    await database.close();
  }
  return dir;
}
