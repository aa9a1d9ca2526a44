import { randomUUID } from 'node:crypto';
import { createSandbox, type Sandbox } from '@payouts/orchestrator-sandbox';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardPayoutBody,
  childBffEnv,
  signInChild,
  startChildBff,
} from '../../testing/processes/childBff.js';
import {
  createPostgresTestDatabase,
  freePort,
  type ChildBff,
  type PostgresTestDatabase,
} from '../../testing/processes/childProcesses.js';

/*
 * The audit log is append-only evidence: an entry must commit with the change it records, or
 * neither may. The test holds `audit_log` locked so the BFF's audit insert waits, kills the BFF
 * with SIGKILL at that moment, releases the lock, and looks at what survived. With the audit
 * insert in the change's transaction, the change rolls back with it; with the audit written
 * after the change commits, the change survives without its entry.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an audit entry commits with its change or not at all (kill -9, PostgreSQL)',
  () => {
    let database: PostgresTestDatabase;
    let sandbox: Sandbox;
    let bff: ChildBff | undefined;
    let base: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      sandbox = await createSandbox({ settleAfterMs: 3_600_000, logger: false });
      env = childBffEnv({
        databaseUrl: database.url,
        sandbox,
        port,
        // Nothing in the background touches the rows under test.
        overrides: { RECONCILER: '0', APPROVAL_THRESHOLDS: 'EUR=1000' },
      });
    });
    afterAll(async () => {
      await bff?.kill();
      await sandbox?.close();
      await database?.close();
    });

    async function startBff(): Promise<void> {
      bff = await startChildBff(env, base);
    }

    const signIn = (email: string) => signInChild(base, email);

    function post(path: string, cookie: string, body: unknown, key?: string): Promise<Response> {
      return fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: base,
          Cookie: cookie,
          ...(key ? { 'Idempotency-Key': key } : {}),
        },
        body: JSON.stringify(body),
      });
    }

    const createPayout = (cookie: string, orderId: string, amount: string) =>
      post('/payouts', cookie, cardPayoutBody(orderId, amount), randomUUID());
    const createUser = (cookie: string, email: string) =>
      post('/users', cookie, { email, name: 'Atomic Audit', role: 'support' });

    async function auditCount(action: string, targetId?: string): Promise<number> {
      const { rows } = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = $1
           AND ($2::text IS NULL OR target_id = $2)`,
        [action, targetId ?? null],
      );
      return rows[0]!.n;
    }

    async function payoutByOrder(orderId: string) {
      const { rows } = await database.pool.query<{ id: string; status: string }>(
        'SELECT id, status FROM payouts WHERE order_id = $1',
        [orderId],
      );
      return rows[0];
    }

    async function userIdOf(email: string): Promise<string | undefined> {
      const { rows } = await database.pool.query<{ id: string }>(
        'SELECT id FROM users WHERE email = $1',
        [email],
      );
      return rows[0]?.id;
    }

    /** Backends of this database (other than `own`) waiting for a lock. */
    async function lockWaiters(own: pg.PoolClient): Promise<number[]> {
      // Activity is snapshotted once per transaction: without clearing it, `own` (inside its
      // LOCK transaction) would see the backends as they were at its first look, forever.
      await own.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await own.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND wait_event_type = 'Lock'`,
      );
      return rows.map((r) => r.pid);
    }

    /**
     * Sends `request` while `audit_log` is locked, waits until the BFF's backend blocks on the
     * lock, kills the BFF, releases the lock, and waits until the orphaned backend is gone (its
     * open transaction rolled back, or its lone statement done).
     */
    async function killWhileAuditWaits(request: () => Promise<Response>): Promise<void> {
      const own = await database.pool.connect();
      let waiting: number[] = [];
      try {
        await own.query('BEGIN');
        // EXCLUSIVE blocks inserts, not reads: the kill lands on the audit insert of the change's
        // transaction, not on a check that reads the log first (the approval cooldown).
        await own.query('LOCK TABLE audit_log IN EXCLUSIVE MODE');
        const reply = request().then(
          (res) => `answered ${res.status}`,
          () => 'cut off',
        );
        const deadline = Date.now() + 15_000;
        while ((waiting = await lockWaiters(own)).length === 0) {
          if (Date.now() > deadline) {
            throw new Error(`the BFF never waited on audit_log:\n${bff?.tail() ?? ''}`);
          }
          await sleep(50);
        }
        await bff!.kill();
        bff = undefined;
        await own.query('COMMIT');
        // The request could not have been answered: it was waiting for the audit insert.
        expect(await reply).toBe('cut off');
      } finally {
        own.release();
      }
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await database.pool.query(
          'SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])',
          [waiting],
        );
        if (rows.length === 0) return;
        if (Date.now() > deadline) throw new Error('the killed BFF left a backend behind');
        await sleep(50);
      }
    }

    // A BFF process starts (and is killed) in each: on a busy 2-core machine, well past 20 s.
    it('without a crash, each change has its entry', { timeout: 120_000 }, async () => {
      await startBff();
      const finance = await signIn('finance@example.com');
      const second = await signIn('finance2@example.com');
      const admin = await signIn('admin@example.com');

      const orderId = `atomic-ok-${randomUUID().slice(0, 8)}`;
      const created = await createPayout(finance, orderId, '125.50');
      expect(created.status).toBe(201);
      const payout = await payoutByOrder(orderId);
      expect(payout).toBeDefined();
      expect(await auditCount('payout.create', payout!.id)).toBe(1);

      const bigOrder = `atomic-ok-big-${randomUUID().slice(0, 8)}`;
      expect((await createPayout(finance, bigOrder, '5000.00')).status).toBe(201);
      const big = await payoutByOrder(bigOrder);
      expect(big?.status).toBe('awaiting_approval');
      expect((await post(`/payouts/${big!.id}/approve`, second, {})).status).toBe(200);
      expect((await payoutByOrder(bigOrder))?.status).not.toBe('awaiting_approval');
      expect(await auditCount('payout.approve', big!.id)).toBe(1);

      const email = `atomic-ok-${randomUUID().slice(0, 8)}@example.com`;
      expect((await createUser(admin, email)).status).toBe(201);
      const userId = await userIdOf(email);
      expect(userId).toBeDefined();
      expect(await auditCount('user.created', userId)).toBe(1);
    });

    it(
      'a payout create killed while its audit entry waits leaves neither',
      { timeout: 120_000 },
      async () => {
        if (!bff) await startBff();
        const finance = await signIn('finance@example.com');
        const before = await auditCount('payout.create');
        const orderId = `atomic-kill-${randomUUID().slice(0, 8)}`;

        await killWhileAuditWaits(() => createPayout(finance, orderId, '125.50'));

        // Both or neither. A create is one statement (key, payout, events and audit row), so
        // PostgreSQL, once the lock is released, may finish and commit it before it notices its
        // client is gone: then the payout waits in `submitting` with its entry, as after a crash
        // right after the commit, and the reconciler takes it (crash.integration.test.ts). What
        // never happens is a payout without its audit entry, or an entry without its payout.
        const payout = await payoutByOrder(orderId);
        expect(await auditCount('payout.create')).toBe(before + (payout ? 1 : 0));
        if (payout) {
          expect(payout.status).toBe('submitting');
          expect(await auditCount('payout.create', payout.id)).toBe(1);
        }
      },
    );

    it(
      'an approval killed while its audit entry waits leaves neither',
      { timeout: 120_000 },
      async () => {
        if (!bff) await startBff();
        const finance = await signIn('finance@example.com');
        const second = await signIn('finance2@example.com');
        const orderId = `atomic-kill-big-${randomUUID().slice(0, 8)}`;
        expect((await createPayout(finance, orderId, '5000.00')).status).toBe(201);
        const payout = await payoutByOrder(orderId);
        expect(payout?.status).toBe('awaiting_approval');

        await killWhileAuditWaits(() => post(`/payouts/${payout!.id}/approve`, second, {}));

        expect((await payoutByOrder(orderId))?.status).toBe('awaiting_approval');
        const { rows } = await database.pool.query(
          `SELECT 1 FROM payout_events WHERE payout_id = $1 AND type = 'approved'`,
          [payout!.id],
        );
        expect(rows).toEqual([]);
        expect(await auditCount('payout.approve', payout!.id)).toBe(0);
      },
    );

    it(
      'a user creation killed while its audit entry waits leaves neither',
      { timeout: 120_000 },
      async () => {
        if (!bff) await startBff();
        const admin = await signIn('admin@example.com');
        const before = await auditCount('user.created');
        const email = `atomic-kill-${randomUUID().slice(0, 8)}@example.com`;

        await killWhileAuditWaits(() => createUser(admin, email));

        expect(await userIdOf(email)).toBeUndefined();
        expect(await auditCount('user.created')).toBe(before);
      },
    );
  },
);
