import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLockFile, LockFileError } from './lockFile.js';

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('acquireLockFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bff-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes our pid and removes the file on release', () => {
    const path = join(dir, 'bff.lock');
    const lock = acquireLockFile(path);
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a second opener while the owner is alive, saying which file to delete', () => {
    const path = join(dir, 'bff.lock');
    const lock = acquireLockFile(path);
    expect(() => acquireLockFile(path)).toThrow(LockFileError);
    expect(() => acquireLockFile(path)).toThrow(/already in use by this process .*bff\.lock/);
    lock.release();
    acquireLockFile(path).release();
  });

  it('refuses a lock held by another live process', () => {
    const path = join(dir, 'bff.lock');
    // Our parent (the vitest runner) is alive and is not us.
    writeFileSync(path, `${process.ppid}\n`);
    expect(() => acquireLockFile(path)).toThrow(new RegExp(`process ${process.ppid}`));
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a stale lock left by a process that died', () => {
    const path = join(dir, 'bff.lock');
    const pid = deadPid();
    writeFileSync(path, `${pid}\n`);
    const lock = acquireLockFile(path);
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const path = join(dir, 'bff.lock');
    writeFileSync(path, 'garbage');
    acquireLockFile(path).release();
    expect(existsSync(path)).toBe(false);
  });
});
