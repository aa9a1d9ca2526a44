import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateLocalSecret } from './localSecret.js';

describe('loadOrCreateLocalSecret', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-secret-'));
    dirs.push(dir);
    return join(dir, 'payout-data.key');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates a secret readable only by its owner, and returns the same one next time', () => {
    const file = fileIn();
    const first = loadOrCreateLocalSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateLocalSecret(file)).toBe(first);
  });

  it('replaces a file too short to be a secret', () => {
    const file = fileIn();
    writeFileSync(file, 'short\n');
    expect(loadOrCreateLocalSecret(file)).not.toBe('short');
  });
});
