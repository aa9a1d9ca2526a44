import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A secret kept in a file of the PGlite data folder (mode 0600), created on first use. For the
 * embedded demo only: it lets payouts sealed for approval survive a restart without anyone
 * configuring a key. Production sets PAYOUT_DATA_KEY and keeps it out of the database's folder.
 */
export function loadOrCreateLocalSecret(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
