import type { PayoutCreated, PayoutRequest } from '@payouts/contracts';
import { createOrchestratorClient } from '@payouts/orchestrator-client';
import { createSandbox, type Sandbox } from '@payouts/orchestrator-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema.js';
import { createAuditRepository } from '../audit/auditRepository.js';
import { createAuditService } from '../audit/auditService.js';
import { createUsersRepository } from '../users/usersRepository.js';
import { createUsersService } from '../users/usersService.js';
import {
  CHILD_SESSION_SECRET,
  createPostgresTestDatabase,
  spawnChild,
  type ChildBff,
  type PostgresTestDatabase,
} from '../../testing/processes/childProcesses.js';
import { TEST_PASSWORD, testPasswordHasher } from '../../testing/testApp.js';
import { createTestClock } from '../../testing/testClock.js';
import { toPayoutStatus } from './payoutStatus.js';

const PAYOUTS = 500;

/** A valid Harbor Payments bank payout (US/USD); `.14` keeps it pending at the sandbox. */
function bankPayout(orderId: string): PayoutRequest {
  return {
    order_id: orderId,
    provider: 'harbor_payments',
    country: 'US',
    currency: 'USD',
    state: 'NY',
    amount: '10.14',
    payout_method_type: 'bank_account',
    metadata: {
      bankCode: 'CHASUS33',
      bankName: 'Chase',
      bankBranch: 'Manhattan',
      bankAddress: '270 Park Ave, New York',
      bankZipcode: '10017',
      bankRoutingNumber: '021000021',
      bankAccountNumber: '000123456789',
      bankAccountName: 'Ada Lovelace',
      phone: '+12125551234',
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
    },
  };
}

interface Round {
  type: 'round';
  claimed: number;
  results: Record<string, number>;
  ids: string[];
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two BFF processes reconciling one PostgreSQL ledger',
  () => {
    let database: PostgresTestDatabase;
    let sandbox: Sandbox;
    const children: ChildBff[] = [];

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      sandbox = await createSandbox({ settleAfterMs: 3_600_000, logger: false });
    });
    afterAll(async () => {
      await Promise.all(children.map((c) => c.kill()));
      await sandbox?.close();
      await database?.close();
    });

    it(`checks each of ${PAYOUTS} non-final payouts exactly once per round, split between the two`, async () => {
      // The creator of the ledger rows.
      const clock = createTestClock();
      const db = database.handle.db;
      await createUsersService({
        usersRepository: createUsersRepository(db),
        passwordHasher: testPasswordHasher,
        auditService: createAuditService({ auditRepository: createAuditRepository(db), clock }),
        clock,
      }).ensureDemoUsers(TEST_PASSWORD);
      const {
        rows: [finance],
      } = await database.pool.query<{ id: string }>(
        `SELECT id FROM users WHERE email = 'finance@example.com'`,
      );

      // 500 payouts that exist at the orchestrator and stay pending there...
      const client = createOrchestratorClient({
        baseUrl: sandbox.url,
        apiKey: sandbox.credentials.apiKey,
        userName: sandbox.credentials.userName,
        password: sandbox.credentials.password,
        timeoutMs: 10_000,
      });
      const created: { request: PayoutRequest; record: PayoutCreated }[] = [];
      try {
        for (let i = 0; i < PAYOUTS; i += 50) {
          const batch = Array.from({ length: Math.min(50, PAYOUTS - i) }, (_, j) =>
            bankPayout(`two-proc-${String(i + j).padStart(4, '0')}`),
          );
          created.push(
            ...(await Promise.all(
              batch.map(async (request) => ({
                request,
                record: await client.createPayout(request),
              })),
            )),
          );
        }
      } finally {
        await client.close();
      }
      // ...and their ledger rows, all due now.
      const now = new Date();
      const due = new Date(now.getTime() - 1000);
      await db.insert(payouts).values(
        created.map(({ request, record }) => ({
          orderId: request.order_id,
          provider: request.provider,
          country: request.country,
          currency: request.currency,
          state: request.state,
          amount: request.amount,
          payoutMethodType: request.payout_method_type,
          metadata: { customerFirstName: 'Ada', customerLastName: 'Lovelace' },
          recipientName: 'Ada Lovelace',
          recipientEmail: 'ada@example.com',
          status: toPayoutStatus(record.status),
          orchestratorStatusRaw: record.status_raw,
          orchestratorId: record.id,
          pspTransactionId: record.transaction_id,
          createdBy: finance!.id,
          createdAt: now,
          updatedAt: now,
          nextCheckAt: due,
        })),
      );
      expect(new Set(created.map((c) => toPayoutStatus(c.record.status)))).toEqual(
        new Set(['pending']),
      );
      expect(sandbox.inspect.statusCalls()).toEqual([]);

      // Two processes, each with its own pool, client and lease owner id.
      const env = {
        DATABASE_URL: database.url,
        ORCHESTRATOR_BASE_URL: sandbox.url,
        ORCHESTRATOR_API_KEY: sandbox.credentials.apiKey,
        ORCHESTRATOR_USER_NAME: sandbox.credentials.userName,
        ORCHESTRATOR_PASSWORD: sandbox.credentials.password,
        ORCHESTRATOR_TIMEOUT_MS: '5000',
        SESSION_SECRET: CHILD_SESSION_SECRET,
        DEMO: '1',
        APPROVAL_THRESHOLDS: 'none',
        RECONCILE_BATCH_SIZE: '20',
        // A checked payout is not due again within the test: a second check is a double.
        RECONCILE_BACKOFF_SECONDS: '3600',
        LOG_LEVEL: 'warn',
      };
      children.push(
        ...(await Promise.all([
          spawnChild('reconcilerProcess', { ...env, RECONCILER_OWNER: 'process-a' }),
          spawnChild('reconcilerProcess', { ...env, RECONCILER_OWNER: 'process-b' }),
        ])),
      );
      await Promise.all(children.map((c) => c.nextMessage((m) => m.type === 'ready', 30_000)));

      // Both start their round at once.
      const started = Date.now();
      const rounds = await Promise.all(
        children.map((c) => {
          const round = c.nextMessage<Round>((m) => m.type === 'round', 30_000);
          c.send({ cmd: 'round' });
          return round;
        }),
      );
      const elapsed = Date.now() - started;
      const [a, b] = rounds as [Round, Round];

      // Counted at the orchestrator: one check-status per payout, none unknown, none twice.
      const calls = sandbox.inspect.statusCalls();
      const perId = new Map<string, number>();
      for (const call of calls) perId.set(call.payout_id, (perId.get(call.payout_id) ?? 0) + 1);
      const ids = new Set(created.map((c) => c.record.id));
      expect(calls.every((c) => c.found && ids.has(c.payout_id))).toBe(true);
      expect(calls).toHaveLength(PAYOUTS);
      expect([...perId.values()].filter((n) => n !== 1)).toEqual([]);
      expect(perId.size).toBe(PAYOUTS);

      // And as the processes report it: disjoint, both did part, together all.
      const idsA = new Set(a.ids);
      const overlap = b.ids.filter((id) => idsA.has(id));
      expect(overlap).toEqual([]);
      expect(a.ids.length).toBeGreaterThan(0);
      expect(b.ids.length).toBeGreaterThan(0);
      expect(a.ids.length + b.ids.length).toBe(PAYOUTS);
      expect(new Set([...a.ids, ...b.ids]).size).toBe(PAYOUTS);
      expect(a.results).toEqual({ checked: a.ids.length });
      expect(b.results).toEqual({ checked: b.ids.length });

      // Every row released, checked once, and scheduled after the backoff.
      const { rows: state } = await database.pool.query<{
        check_attempts: number;
        leased: number;
        due_now: number;
        n: number;
      }>(
        `SELECT check_attempts, count(*) FILTER (WHERE lease_owner IS NOT NULL)::int AS leased,
                count(*) FILTER (WHERE next_check_at <= now())::int AS due_now, count(*)::int AS n
           FROM payouts GROUP BY check_attempts`,
      );
      expect(state).toEqual([{ check_attempts: 1, leased: 0, due_now: 0, n: PAYOUTS }]);

      // A second round finds nothing due: nobody checks again before the backoff.
      const second = await Promise.all(
        children.map((c) => {
          const round = c.nextMessage<Round>((m) => m.type === 'round', 30_000);
          c.send({ cmd: 'round' });
          return round;
        }),
      );
      expect(second.map((r) => r.claimed)).toEqual([0, 0]);
      expect(sandbox.inspect.statusCalls()).toHaveLength(PAYOUTS);

      await Promise.all(
        children.map(async (c) => {
          c.send({ cmd: 'exit' });
          expect(await c.exited).toBe(0);
        }),
      );
      console.log(
        `two processes: ${PAYOUTS} payouts, ${calls.length} status checks in ${elapsed} ms; ` +
          `process A checked ${a.ids.length} (${a.claimed} claimed), ` +
          `process B checked ${b.ids.length} (${b.claimed} claimed), 0 by both`,
      );
    }, 60_000);
  },
);
