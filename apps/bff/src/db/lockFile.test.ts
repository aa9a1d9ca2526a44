import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLockFile, LockFileError } from './lockFile.js';

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const LOCK_FILE_MODULE = fileURLToPath(new URL('./lockFile.ts', import.meta.url));

/**
 * Starters in separate processes, each trying once per round to take that round's lock, all
 * lined up on the round's instant. Every starter stays alive (a winner holding its locks) until
 * all have reported, so no lock goes stale mid-race. Resolves to the outcomes per round, one
 * entry per starter.
 */
async function raceStarters(paths: string[], starters: number): Promise<string[][]> {
  const roundMs = 20;
  // Time for every starter to load first (a dozen processes on two cores).
  const startAt = Date.now() + 4000;
  const code = `
    const { acquireLockFile } = await import(${JSON.stringify(LOCK_FILE_MODULE)});
    const paths = ${JSON.stringify(paths)};
    const outcomes = [];
    // Asleep until just before each instant, then spinning to it: lined up as closely as a
    // starter spinning all the way, without a dozen processes burning both cores meanwhile.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const until = (instant) => {
      const asleep = instant - Date.now() - 2;
      if (asleep > 0) Atomics.wait(pause, 0, 0, asleep);
      while (Date.now() < instant) {}
    };
    for (const [round, path] of paths.entries()) {
      until(${startAt} + round * ${roundMs});
      try { acquireLockFile(path); outcomes.push('won'); }
      catch (error) { outcomes.push(error.name + ': ' + error.message); }
    }
    process.stdout.write(JSON.stringify(outcomes) + '\\n');
    process.stdin.on('end', () => process.exit(0)).resume();
  `;
  const children = Array.from({ length: starters }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  try {
    const perStarter = await Promise.all(
      children.map(
        (child) =>
          new Promise<string[]>((resolve, reject) => {
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
              if (out.endsWith('\n')) resolve(JSON.parse(out) as string[]);
            });
            child.on('error', reject);
            child.on('exit', (code) => reject(new Error(`a starter exited early (${code})`)));
          }),
      ),
    );
    return paths.map((_, round) => perStarter.map((outcomes) => outcomes[round]!));
  } finally {
    for (const child of children) child.stdin.end();
  }
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

  it('lets exactly one of many starters take over a stale lock at the same moment', async () => {
    const paths = Array.from({ length: 250 }, (_, round) => join(dir, `bff-${round}.lock`));
    const stale = deadPid();
    for (const path of paths) writeFileSync(path, `${stale}\n`);
    // The unguarded takeover's window is microseconds wide: on two cores, a dozen starters over
    // 250 rounds made two winners in a few rounds per run (6 of 200 measured).
    const rounds = await raceStarters(paths, 12);
    for (const [round, outcomes] of rounds.entries()) {
      expect(
        outcomes.filter((o) => o === 'won'),
        `round ${round}: ${outcomes.join()}`,
      ).toHaveLength(1);
      for (const lost of outcomes.filter((o) => o !== 'won')) {
        expect(lost).toMatch(/^LockFileError: The data folder is already in use by process \d+/);
      }
    }
  }, 60_000);

  it('leaves an interrupted takeover to a person, naming both files', () => {
    const path = join(dir, 'bff.lock');
    writeFileSync(path, `${deadPid()}\n`);
    writeFileSync(`${path}.takeover`, `${deadPid()}\n`);
    expect(() => acquireLockFile(path)).toThrow(
      /interrupted.*bff\.lock\.takeover and .*bff\.lock\./,
    );
  });

  it('takes over an unreadable lock file', () => {
    const path = join(dir, 'bff.lock');
    writeFileSync(path, 'garbage');
    acquireLockFile(path).release();
    expect(existsSync(path)).toBe(false);
  });
});
