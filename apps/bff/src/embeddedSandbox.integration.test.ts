import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { BFF_DIR } from './testing/processes/childBundle.js';
import { childEntryFile } from './testing/processes/childProcesses.js';

// The tests' bundle leaves every package but ajv to Node, the sandbox among them: the hook below
// sees each attempt to resolve it, as on an install without it.
const WITHOUT_SANDBOX = join(BFF_DIR, 'src/testing/processes/withoutSandbox.mjs');

interface Started {
  /** Every JSON log line the process wrote, in order. */
  messages: Record<string, unknown>[];
  /** Exit code, or the signal that ended it. */
  exit: number | string | null;
  /** Each time the process tried to resolve the sandbox package. */
  sandboxImports: string[];
  /** The DATA_DIR it was given (PGlite creates it on opening the database). */
  dataDir: string;
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/**
 * `main.ts` in a child process on an install without the sandbox package (the hook in
 * `withoutSandbox.mjs`); stops it with SIGTERM once it logs `ready`, or lets it exit.
 */
async function startWithoutSandbox(env: Record<string, string>): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'payouts-no-sandbox-'));
  dirs.push(dir);
  const log = join(dir, 'sandbox-imports.log');
  const dataDir = join(dir, 'data');
  const child = spawn(
    process.execPath,
    ['--import', WITHOUT_SANDBOX, await childEntryFile('main')],
    {
      cwd: BFF_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SANDBOX_IMPORT_LOG: log,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const messages: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      const message = JSON.parse(line) as Record<string, unknown>;
      messages.push(message);
      if (message['msg'] === 'ready') child.kill('SIGTERM');
    } catch {
      // The banner and other plain text: not a log record.
    }
  });
  const exit = await new Promise<number | string | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
  if (messages.length === 0) throw new Error(`the BFF wrote no log: ${stderr.join('')}`);
  const sandboxImports = existsSync(log)
    ? readFileSync(log, 'utf8').split('\n').filter(Boolean)
    : [];
  return { messages, exit, sandboxImports, dataDir };
}

// Each test starts the BFF from its sources in a child process (tsx compiles it, PGlite makes a
// cluster): on a loaded CI machine that takes longer than the default 20 s.
describe(
  'the sandbox is a development dependency the BFF loads in embedded mode only',
  { timeout: 90_000 },
  () => {
    it('starts with a remote orchestrator on an install without the sandbox, never loading it', async () => {
      const started = await startWithoutSandbox({
        // Nothing listens on port 9: starting calls no orchestrator, and this test none either.
        ORCHESTRATOR_BASE_URL: 'http://127.0.0.1:9',
        ORCHESTRATOR_API_KEY: 'remote-api-key',
        ORCHESTRATOR_USER_NAME: 'remote-user',
        ORCHESTRATOR_PASSWORD: 'remote-password',
        SESSION_SECRET: 'no-sandbox-session-secret-0123456789abcdef',
      });
      expect(started.messages.find((m) => m['msg'] === 'ready')).toMatchObject({
        orchestrator: 'remote',
      });
      expect(started.exit).toBe(0);
      expect(started.sandboxImports).toEqual([]);
    });

    it('refuses embedded mode without the sandbox, saying what to set or install', async () => {
      const started = await startWithoutSandbox({});
      expect(started.exit).toBe(1);
      expect(started.sandboxImports).toEqual(['@payouts/orchestrator-sandbox']);
      const fatal = started.messages.find((m) => m['level'] === 60);
      expect(fatal?.['msg']).toMatch(
        /^ORCHESTRATOR_BASE_URL is not set, so the BFF would run its embedded sandbox orchestrator, but @payouts\/orchestrator-sandbox is not installed .*Set ORCHESTRATOR_BASE_URL.*or install the development dependencies \(`npm ci`\)/,
      );
      // It fails before touching the database: no PGlite folder was created.
      expect(existsSync(started.dataDir)).toBe(false);
    });
  },
);
