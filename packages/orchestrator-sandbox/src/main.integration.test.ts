import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// `node --import tsx`, not the tsx CLI: one process, which the signals reach directly.
const MAIN = ['--import', 'tsx', '--conditions=source', 'src/main.ts'];

describe('main.ts', () => {
  it('prints its base URL when ready, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, MAIN, {
      cwd: packageDir,
      env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /^Sandbox orchestrator listening on (http:\/\/127\.0\.0\.1:\d+)\n/m.exec(
            out,
          );
          if (match) resolve(match[0]);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
      });
      const url = /http:\/\/\S+/.exec(line)?.[0] ?? '';
      const login = await fetch(`${url}/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ user_name: 'merchant@sandbox.test', password: 'sandbox-password' }),
      });
      expect(login.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a bad configuration, naming the key', async () => {
    const child = spawn(process.execPath, MAIN, {
      cwd: packageDir,
      env: { ...process.env, SANDBOX_PORT: 'nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('SANDBOX_PORT');
  });
});
