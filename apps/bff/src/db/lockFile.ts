import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';

export class LockFileError extends Error {
  override readonly name = 'LockFileError';
}

export interface LockFile {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `missing`: no such file; `undefined`: a file whose content is not a pid (stale). */
function readPid(path: string): number | undefined | 'missing' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** A complete file holding our pid, beside `path`, to be linked or renamed into place. */
function writeOurPid(path: string): string {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, `${process.pid}\n`, { mode: 0o600 });
  return temp;
}

function inUse(path: string, owner: number): LockFileError {
  const who = owner === process.pid ? 'this process' : `process ${owner}`;
  return new LockFileError(
    `The data folder is already in use by ${who} (lock file ${path}). ` +
      'Stop the other server first; if no server is running, delete the lock file.',
  );
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function held(path: string): LockFile {
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      // Only remove the file if it is still ours (a takeover could have replaced it).
      if (readPid(path) === process.pid) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      }
    },
  };
}

/**
 * Replaces a stale lock, one starter at a time: whoever creates the takeover marker (exclusive
 * create) re-reads the lock under it and, if it is still stale, renames a complete lock of its
 * own over it, so the lock file never goes missing and no other starter can take it meanwhile.
 * Without the marker, two starters that both saw the stale pid would each delete and re-create
 * the lock, the later one deleting the earlier one's fresh lock: both would run.
 */
function takeOver(path: string): 'taken' | 'missing' | 'busy' {
  const marker = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(marker, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    const taker = readPid(marker);
    if (typeof taker === 'number' && !isAlive(taker)) {
      // Its taker died mid-takeover; removing it here would reopen the race this marker closes.
      throw new LockFileError(
        `A takeover of the lock file ${path} was interrupted. If no server is running, delete ` +
          `${marker} and ${path}.`,
      );
    }
    return 'busy';
  }
  try {
    writeSync(fd, `${process.pid}\n`);
    const owner = readPid(path);
    if (owner === 'missing') return 'missing';
    if (owner !== undefined && isAlive(owner)) throw inUse(path, owner);
    const temp = writeOurPid(path);
    try {
      renameSync(temp, path);
    } catch (error) {
      unlinkSync(temp);
      throw error;
    }
    return 'taken';
  } finally {
    closeSync(fd);
    unlinkSync(marker);
  }
}

/**
 * PGlite holds no lock of its own: two processes on one data folder would corrupt it. The
 * lock file carries the owner's pid so a lock left behind by a killed process is recognised
 * (that pid is no longer alive) and taken over instead of blocking every later start; of
 * several starters taking over at once, exactly one wins (see takeOver).
 * Limitation: if the dead owner's pid has since been reused, the lock looks held; the error
 * message says which file to delete.
 */
export function acquireLockFile(path: string): LockFile {
  // Bounded: a takeover by another starter lasts microseconds; waiting ~1s covers a busy machine.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    // Written aside then hard-linked into place: the lock appears complete or not at all,
    // so a concurrent starter never reads a half-written pid and mistakes it for stale.
    const temp = writeOurPid(path);
    try {
      linkSync(temp, path);
      return held(path);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
    const owner = readPid(path);
    if (typeof owner === 'number' && isAlive(owner)) throw inUse(path, owner);
    if (owner === 'missing') continue;
    const outcome = takeOver(path);
    if (outcome === 'taken') return held(path);
    if (outcome === 'busy') sleepSync(10);
  }
  throw new LockFileError(`Could not take the lock file ${path}; another process keeps taking it.`);
}
