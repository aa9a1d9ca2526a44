import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { createLogger } from './http/createLogger.js';
import { startServer, type RunningServer } from './server.js';
import { createPostgresTestDatabase } from './testing/processes/childProcesses.js';
import { testDatabaseKinds } from './testing/testDatabase.js';

/** The `npm start` wiring in embedded mode, as a demo runs it. */
describe.each(testDatabaseKinds)('startServer, embedded sandbox (%s)', (kind) => {
  let running: RunningServer;
  let dataDir: string;
  let closeDatabase: (() => Promise<void>) | undefined;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'payouts-server-'));
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const database = await createPostgresTestDatabase();
      databaseUrl = database.url;
      closeDatabase = () => database.close();
    }
    const config = parseConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      RECONCILER: '0',
      // A catch-all meant for fiat, as an operator might write it.
      APPROVAL_THRESHOLDS: 'EUR=10000,*=5000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    running = await startServer(config, createLogger({ level: 'info', destination }));
  }, 120_000); // A first start on a loaded CI machine (migrations, the demo seed) takes time.
  afterAll(async () => {
    await running?.close();
    await closeDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the sandbox without its control API: /_sandbox answers nothing, with any Host', async () => {
    const sandboxUrl = running.sandbox!.url;
    for (const path of ['/_sandbox/inspect', '/_sandbox/settle', '/_sandbox/notifications/url']) {
      const res = await fetch(`${sandboxUrl}${path}`, {
        method: path.endsWith('inspect') ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: path.endsWith('inspect') ? null : JSON.stringify({ url: 'http://evil.example' }),
      });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(running.config.orchestrator.notificationToken);
    }
  });

  it('warns at startup about crypto corridors whose threshold is the fiat catch-all', () => {
    const warning = logLines.find(
      (line) => line['level'] === 40 && Array.isArray(line['currencies']),
    );
    expect(warning?.['currencies']).toEqual(['BTC', 'ETH', 'USDT']);
    expect(String(warning?.['msg'])).toContain('catch-all 5000');
  });

  it('says at startup that the demo keeps its e-mail in a mailbox without SMTP_URL', () => {
    const ready = logLines.find((line) => line['msg'] === 'ready');
    expect(ready?.['defaultsUsed']).toContain(
      'e-mail kept in the demo mailbox at /mailbox (SMTP_URL unset)',
    );
    expect(
      logLines.some((line) =>
        /e-mail: the demo mailbox, http:\/\/\S+\/mailbox \(SMTP_URL unset\)/.test(
          String(line['msg']),
        ),
      ),
    ).toBe(true);
  });

  it('lets the demo accounts of a first start sign in with the demo password, and only with it', async () => {
    // The five share one hash of the demo password, made at the first start.
    const signIn = (email: string, password: string) =>
      fetch(`${running.url}/api/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: running.url },
        body: JSON.stringify({ email, password }),
      });
    expect((await signIn('finance@example.com', 'demo-password')).status).toBe(200);
    expect((await signIn('admin2@example.com', 'demo-password')).status).toBe(200);
    expect((await signIn('support@example.com', 'not-the-password')).status).toBe(401);
  });
});
