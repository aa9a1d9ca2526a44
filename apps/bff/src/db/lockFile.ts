import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

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

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite holds no lock of its own: two processes on one data folder would corrupt it. The
 * lock file carries the owner's pid so a lock left behind by a killed process is recognised
 * (that pid is no longer alive) and taken over instead of blocking every later start.
 * Limitation: if the dead owner's pid has since been reused, the lock looks held; the error
 * message says which file to delete.
 */
export function acquireLockFile(path: string): LockFile {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // Written aside then hard-linked into place: the lock appears complete or not at all,
      // so a concurrent starter never reads a half-written pid and mistakes it for stale.
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(temp, `${process.pid}\n`, { mode: 0o600 });
      try {
        linkSync(temp, path);
      } finally {
        unlinkSync(temp);
      }
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
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readPid(path);
    if (owner !== undefined && isAlive(owner)) {
      const who = owner === process.pid ? 'this process' : `process ${owner}`;
      throw new LockFileError(
        `The data folder is already in use by ${who} (lock file ${path}). ` +
          'Stop the other server first; if no server is running, delete the lock file.',
      );
    }
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new LockFileError(`Could not take the lock file ${path}; another process keeps taking it.`);
}
