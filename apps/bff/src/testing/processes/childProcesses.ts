import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { inject } from 'vitest';
import { readTestDatabaseUrl } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { dropTestDatabase, onPostgresAdmin } from '../postgresAdmin.js';
import { BFF_DIR, buildChildBundle, type ChildEntry } from './childBundle.js';

let bundle: Promise<string> | undefined;

/** The bundled `.js` of a child entry; the worker builds the bundle on its first call. */
export async function childEntryFile(entry: ChildEntry): Promise<string> {
  bundle ??= buildChildBundle(inject('childBundleRoot'));
  return join(await bundle, `${entry}.js`);
}

/** A fixed secret, so sealed submissions still open after a restart. */
export const CHILD_SESSION_SECRET = 'child-process-session-secret-0123456789abcdef';
export const CHILD_NOTIFICATION_TOKEN = 'child-process-notification-token-0123';

export interface ChildBff {
  child: ChildProcessWithoutNullStreams;
  /** The last lines the child wrote (stdout and stderr), for failure messages. */
  tail(): string;
  /** The next stdout line that parses as JSON and matches, or a rejection after `ms`. */
  nextMessage<T>(match: (message: Record<string, unknown>) => boolean, ms: number): Promise<T>;
  /** One JSON line on the child's stdin. */
  send(message: unknown): void;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * One Node process running an entry of the sources, bundled (`node <bundle>/<entry>.js`; the
 * worker builds the bundle on its first child, childBundle.ts). Node runs it directly: a SIGKILL
 * reaches the BFF itself, not a wrapper.
 */
export async function spawnChild(
  entry: ChildEntry,
  env: Record<string, string>,
): Promise<ChildBff> {
  const child = spawn(process.execPath, [await childEntryFile(entry)], {
    cwd: BFF_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };
  const listeners = new Set<(message: Record<string, unknown>) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    keep(line);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message && typeof message === 'object') {
      for (const listener of [...listeners]) listener(message as Record<string, unknown>);
    }
  });
  createInterface({ input: child.stderr }).on('line', keep);
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
  });
  // A child that died must not leave the test writing into a closed pipe.
  child.stdin.on('error', () => {});

  return {
    child,
    tail: () => lines.slice(-40).join('\n'),
    nextMessage<T>(match: (message: Record<string, unknown>) => boolean, ms: number) {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no matching message from the child in ${ms} ms:\n${lines.join('\n')}`));
        }, ms);
        const listener = (message: Record<string, unknown>) => {
          if (!match(message)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(message as T);
        };
        listeners.add(listener);
        void exited.then((code) => {
          if (!listeners.has(listener)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          reject(new Error(`the child exited (${String(code)}):\n${lines.join('\n')}`));
        });
      });
    },
    send(message) {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    },
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A free loopback port (listen on 0, close): the BFF restarts on the same one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200 (the child is up and wired), or throws after `ms`. */
export async function waitUntilReady(url: string, bff: ChildBff, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (bff.child.exitCode !== null || bff.child.signalCode !== null) {
      throw new Error(`the BFF exited while starting:\n${bff.tail()}`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the BFF was not ready in ${ms} ms:\n${bff.tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface PostgresTestDatabase {
  /** The database's own URL, for child processes. */
  url: string;
  handle: DatabaseHandle;
  /** A plain pool for the test's own SQL. */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A fresh, migrated PostgreSQL database (dropped on close), like `openTestDatabase('postgres')`,
 * but with its URL: other processes connect to it.
 */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const adminUrl = readTestDatabaseUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bff_proc_${randomBytes(6).toString('hex')}`;
  const admin = (query: string) => onPostgresAdmin(adminUrl, query);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    url: url.toString(),
    handle,
    pool,
    close: async () => {
      await pool.end();
      await handle.close();
      await dropTestDatabase(adminUrl, name);
    },
  };
}
