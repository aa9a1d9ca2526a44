import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  amountScale,
  compareAmounts,
  currencyScale,
  DEMO_APPROVAL_POLICY,
  matchRule,
  type PayoutMethodType,
} from '@payouts/contracts';
import {
  defaultSandboxConfig,
  SANDBOX_MAGIC_AMOUNTS,
  SANDBOX_TEST_CARDS,
} from '@payouts/orchestrator-sandbox';
import { createOrchestratorClient } from '@payouts/orchestrator-client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { rowsOf } from '../../db/database.js';
import { payoutApprovals, payoutEvents, payouts, users } from '../../db/schema.js';
import { corridorsOfSandbox } from '../../sandboxWiring.js';
import { createLogger } from '../../http/createLogger.js';
import { startServer, type RunningServer } from '../../server.js';
import { createPostgresTestDatabase } from '../../testing/processes/childProcesses.js';
import { readJson, startTestApp, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { RECONCILABLE_STATUSES } from '../payouts/payoutStatus.js';
import { DEMO_BENEFICIARIES_MAX } from './demoBeneficiaries.js';
import { DEMO_CREATORS, openDemoPayouts, seedDemoHistory } from './demoSeed.js';

const SANDBOX_CORRIDORS = corridorsOfSandbox({ config: defaultSandboxConfig });
/** The demo policy (APPROVAL_THRESHOLDS unset in demo mode), not the test app's "none". */
const DEMO_ENV = { APPROVAL_THRESHOLDS: '' };
const DAY = 86_400_000;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

const SANDBOX_DECLINES = new Map<string, string>([
  [SANDBOX_MAGIC_AMOUNTS.decline.decline_code, SANDBOX_MAGIC_AMOUNTS.decline.decline_reason],
  ...Object.values(SANDBOX_TEST_CARDS).flatMap((c) =>
    'decline_code' in c ? [[c.decline_code, c.decline_reason] as [string, string]] : [],
  ),
]);

// What the history holds, and when it is made: on the kind production runs on (decision 032).
// Its bulk SQL meets both kinds in the restarts suite below, which seeds each at a first start.
describe.each(appTestDatabaseKinds)('demo history at first start (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let rows: (typeof payouts.$inferSelect)[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({
      database,
      env: DEMO_ENV,
      corridors: SANDBOX_CORRIDORS,
      demoHistory: true,
    });
    rows = await t.db.select().from(payouts);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('seeds 2,000 payouts, all marked as demo data', () => {
    expect(t.demoHistory).toMatchObject({ seeded: 2000 });
    expect(rows).toHaveLength(2000);
    expect(rows.every((r) => r.isDemo && !r.isTest)).toBe(true);
  });

  it('saves payees of every payout type, each in its corridor and payable', async () => {
    expect(t.demoHistory).toMatchObject({ beneficiaries: DEMO_BENEFICIARIES_MAX });
    const finance = await t.signIn('finance');
    const list = await readJson(await finance('/api/beneficiaries?limit=50'));
    expect(list.items).toHaveLength(DEMO_BENEFICIARIES_MAX);
    for (const b of list.items) {
      expect(b).toMatchObject({ status: 'active', unusable_reason: null });
      expect(b.created_by.email).toBe('finance@example.com');
      // Masked like any other: no full account, card number or wallet comes back.
      for (const name of ['bankAccountNumber', 'creditCardNumber', 'walletAddress']) {
        if (name in b.details) expect(String(b.details[name])).toMatch(/[*…]/);
      }
    }
    // The demo card payee keeps no card number (the sample's is a test card), as any payee.
    const card = list.items.find(
      (b: { payout_method_type: string }) => b.payout_method_type === 'credit_card',
    );
    expect(card.details).not.toHaveProperty('creditCardNumber');
    const types = list.items.map((b: { payout_method_type: string }) => b.payout_method_type);
    expect(new Set(types)).toEqual(new Set(['bank_account', 'crypto', 'credit_card']));
    expect(new Set(list.items.map((b: { reference: string }) => b.reference)).size).toBe(
      DEMO_BENEFICIARIES_MAX,
    );
  });

  it('spreads them over 90 days before the start, fewer at weekends, mostly in working hours', () => {
    const now = t.clock.now().getTime();
    const ages = rows.map((r) => now - r.createdAt.getTime());
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThan(90 * DAY);
    const days = new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(80);
    const perDay = (weekend: boolean) => {
      const chosen = rows.filter((r) => [0, 6].includes(r.createdAt.getUTCDay()) === weekend);
      const dayCount = new Set(chosen.map((r) => r.createdAt.toISOString().slice(0, 10))).size;
      return chosen.length / dayCount;
    };
    expect(perDay(true)).toBeLessThan(perDay(false) / 2);
    const working = rows.filter(
      (r) => r.createdAt.getUTCHours() >= 8 && r.createdAt.getUTCHours() < 19,
    );
    expect(working.length / rows.length).toBeGreaterThan(0.8);
  });

  it('has mostly final payouts, 6–10% declined with the sandbox’s codes, and a few of each other kind', () => {
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    expect(count('approved') / rows.length).toBeGreaterThan(0.85);
    expect(count('declined') / rows.length).toBeGreaterThan(0.05);
    expect(count('declined') / rows.length).toBeLessThan(0.1);
    expect(count('failed')).toBeGreaterThan(5);
    expect(count('rejected')).toBeGreaterThan(3);
    expect(count('awaiting_approval')).toBeGreaterThanOrEqual(4);
    expect(count('awaiting_approval')).toBeLessThanOrEqual(6);
    for (const r of rows.filter((x) => x.status === 'declined')) {
      expect(SANDBOX_DECLINES.get(r.declineCode ?? '')).toBe(r.declineReason);
    }
    for (const r of rows.filter((x) => x.status !== 'declined')) expect(r.declineCode).toBeNull();
    // Needing attention: still open at the PSP, older than ATTENTION_AFTER_MINUTES.
    const attentionBefore = t.clock.now().getTime() - t.config.attentionAfterMs;
    const open = rows.filter((r) => RECONCILABLE_STATUSES.includes(r.status as never));
    expect(open.length).toBeGreaterThanOrEqual(3);
    for (const r of open) {
      expect(r.createdAt.getTime()).toBeLessThan(attentionBefore);
      expect(r.orchestratorId).not.toBeNull();
      expect(r.nextCheckAt).not.toBeNull();
    }
  });

  it('uses only the sandbox’s corridors, PSPs and payout method types, and every one of them', () => {
    const offered = new Set(
      defaultSandboxConfig.psps
        .filter((p) => p.payouts_enabled)
        .flatMap((p) =>
          p.payout_corridors.flatMap((c) =>
            (Object.keys(p.fields) as PayoutMethodType[])
              .filter((type) => p.types[type])
              .map((type) => `${c.country}:${c.currency}:${p.name}:${type}`),
          ),
        ),
    );
    const used = new Set(
      rows.map((r) => `${r.country}:${r.currency}:${r.provider}:${r.payoutMethodType}`),
    );
    for (const key of used) expect(offered, key).toContain(key);
    expect(used.size).toBeGreaterThan(offered.size * 0.8);
    expect(new Set(rows.map((r) => r.payoutMethodType))).toEqual(
      new Set(['credit_card', 'bank_account', 'crypto']),
    );
  });

  it('writes every amount in its currency’s scale, none asking the sandbox for magic', () => {
    for (const r of rows) {
      expect(compareAmounts(r.amount, '0')).toBe(1);
      expect(amountScale(r.amount), `${r.amount} ${r.currency}`).toBeLessThanOrEqual(
        currencyScale(r.currency),
      );
    }
    const fiat = rows.filter((r) => ['EUR', 'USD', 'GBP'].includes(r.currency));
    expect(fiat.every((r) => amountScale(r.amount) === 2)).toBe(true);
    expect(rows.filter((r) => r.currency === 'JPY').every((r) => !r.amount.includes('.'))).toBe(
      true,
    );
  });

  it('stores recipients as the create path does: card numbers 6+4, never a CVV', () => {
    for (const r of rows) {
      const text = JSON.stringify(r.metadata);
      // No card-like run of digits (phones are 11 or 12).
      expect(text).not.toMatch(/\d{13,}/);
      expect(text).not.toMatch(/cvv|cvc|security_?code/i);
      const card = r.metadata['creditCardNumber'];
      if (r.payoutMethodType === 'credit_card') expect(card).toMatch(/^\d{6}\*{6}\d{4}$/);
      else expect(card).toBeUndefined();
      expect(r.recipientName).toBeTruthy();
      expect(r.recipientEmail).toMatch(/@example\.com$/);
    }
    expect(new Set(rows.map((r) => r.recipientName)).size).toBeGreaterThan(100);
  });

  it('has them made by the demo users, with timelines, final times and approvals that match', async () => {
    const people = await t.db.select().from(users);
    const emailOf = new Map(people.map((u) => [u.id, u.email]));
    expect(new Set(rows.map((r) => emailOf.get(r.createdBy)))).toEqual(new Set(DEMO_CREATORS));
    const events = await t.db.select().from(payoutEvents);
    const approvals = await t.db.select().from(payoutApprovals);
    const eventsOf = groupBy(events, (e) => e.payoutId);
    const approvalsOf = groupBy(approvals, (a) => a.payoutId);
    for (const r of rows) {
      const timeline = (eventsOf.get(r.id) ?? []).sort((a, b) => a.id - b.id);
      expect(timeline[0]?.type).toBe('created');
      expect(timeline[0]?.actor).toBe(emailOf.get(r.createdBy));
      const times = timeline.map((e) => e.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const final = ['approved', 'declined', 'failed', 'rejected'].includes(r.status);
      expect(r.finalAt !== null, r.status).toBe(final);
      if (final) expect(r.finalAt!.getTime()).toBe(r.updatedAt.getTime());
      expect(r.submission !== null).toBe(r.status === 'awaiting_approval');
      const last = timeline.at(-1)!;
      const expectedLast: Record<string, string> = {
        approved: 'status_changed',
        declined: 'status_changed',
        failed: 'submit_failed',
        rejected: 'rejected',
        awaiting_approval: 'approval_requested',
        pending: 'submitted',
        in_process: 'submitted',
      };
      expect(last.type, r.status).toBe(expectedLast[r.status]);
      // Above a threshold: the frozen rule, and its approvers (never the creator) if approved.
      if (r.approvalRule) {
        expect(timeline.some((e) => e.type === 'approval_requested')).toBe(true);
        const given = approvalsOf.get(r.id) ?? [];
        if (r.status === 'approved' || r.status === 'declined') {
          expect(given).toHaveLength(r.approvalRule.count);
          expect(given.some((a) => a.userId === r.createdBy)).toBe(false);
          expect(r.approvedBy).toBe(given.find((a) => a.step === r.approvalRule!.count)?.userId);
        }
      } else {
        expect(approvalsOf.get(r.id)).toBeUndefined();
      }
    }
    // The demo policy's rule is frozen exactly as creation would freeze it.
    for (const r of rows.filter((x) => x.status === 'awaiting_approval')) {
      const rule = matchRule(DEMO_APPROVAL_POLICY, {
        currency: r.currency,
        amount: r.amount,
        payout_method_type: r.payoutMethodType,
        provider: r.provider,
        country: r.country,
        beneficiary: null,
        in_batch: false,
        now: r.createdAt,
      });
      expect(rule.approvals.count).toBeGreaterThan(0);
      expect(r.approvalRule?.name).toBe(rule.name);
      expect(r.approvalThreshold).toBe(rule.conditions.amount_above ?? null);
    }
  });

  it('shows them in the list and the overview counts', async () => {
    const finance = await t.signIn('finance');
    const list = await readJson(await finance('/api/payouts?limit=5'));
    expect(list.items).toHaveLength(5);
    for (const item of list.items) {
      expect(item.is_demo).toBe(true);
      expect(item.order_id).toMatch(/^DEMO-\d{8}-\d{5}$/);
    }
    const summary = await readJson(await finance('/api/payouts/summary'));
    expect(summary.needs_attention).toBeGreaterThanOrEqual(3);
  });

  it('gives the overview’s rollups the rows their triggers would (inserted without, then rebuilt)', async () => {
    // Every rollup the triggers keep: as seeded (triggers off, payout_stats_rebuild()), then
    // as the triggers make them when the same rows are inserted again with them on. Rolled back.
    const rollups = (
      await rowsOf<{ name: string }>(
        t.db,
        sql`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace
          and (relname like 'payout\_stats\_%' or relname like 'payout\_awaiting\_%') order by 1`,
      )
    ).map((r) => r.name);
    expect(rollups).toEqual(expect.arrayContaining(['payout_stats_hourly', 'payout_stats_daily']));
    const snapshot = async (db: Pick<typeof t.db, 'execute'>) => {
      const out: Record<string, unknown> = {};
      for (const name of rollups) {
        const [row] = await rowsOf<{ rows: unknown }>(
          db,
          sql`select coalesce(json_agg(x order by x::text), '[]') as rows from ${sql.identifier(name)} x`,
        );
        out[name] = row?.rows;
      }
      return out;
    };
    const seeded = await snapshot(t.db);
    let replayed: Record<string, unknown> | undefined;
    const ROLLBACK = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table seeded_payouts as select * from payouts`);
        await tx.execute(sql`create temp table seeded_events as select * from payout_events`);
        await tx.execute(sql`create temp table seeded_approvals as select * from payout_approvals`);
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from payout_approvals`);
        await tx.execute(sql`delete from payout_events`);
        await tx.execute(sql`delete from payouts`);
        for (const name of rollups) await tx.execute(sql`delete from ${sql.identifier(name)}`);
        await tx.execute(sql`set local session_replication_role = origin`);
        await tx.execute(sql`insert into payouts select * from seeded_payouts`);
        await tx.execute(
          sql`insert into payout_events overriding system value select * from seeded_events`,
        );
        await tx.execute(
          sql`insert into payout_approvals overriding system value select * from seeded_approvals`,
        );
        replayed = await snapshot(tx);
        throw ROLLBACK;
      }),
    ).rejects.toBe(ROLLBACK);
    expect(Object.values(seeded).every((rows) => Array.isArray(rows) && rows.length > 0)).toBe(
      true,
    );
    expect(replayed).toEqual(seeded);
  });

  it('lets an approver approve a seeded awaiting payout: it is sent to the orchestrator', async () => {
    const waiting = rows.filter((r) => r.status === 'awaiting_approval');
    const people = await t.db.select().from(users);
    for (const payout of waiting) {
      const approver = people.find(
        (u) => u.id !== payout.createdBy && payout.approvalRule!.roles.includes(u.role as never),
      )!;
      const client = await t.signInAs(approver.email, 'demo-password');
      const res = await client(`/api/payouts/${payout.id}/approve`, { method: 'POST', json: {} });
      const body = await readJson(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      if (payout.approvalRule!.count > 1) {
        const second = people.find(
          (u) =>
            u.id !== payout.createdBy &&
            u.id !== approver.id &&
            payout.approvalRule!.roles.includes(u.role as never),
        )!;
        const other = await t.signInAs(second.email, 'demo-password');
        expect(
          (await other(`/api/payouts/${payout.id}/approve`, { method: 'POST', json: {} })).status,
        ).toBe(200);
      }
      const [after] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
      expect(['pending', 'in_process']).toContain(after!.status);
      expect(after!.orchestratorId).not.toBeNull();
      expect(after!.submission).toBeNull();
      expect(
        t.sandbox.inspect.createCalls().some((c) => JSON.stringify(c).includes(payout.orderId)),
      ).toBe(true);
    }
  });

  it('is reconciled without an error: the sandbox knows the open ones, the rest are final', async () => {
    t.clock.advance(2 * DAY);
    const round = await t.reconciler.runRound();
    expect(round.claimed).toBeGreaterThan(0);
    expect(round.results.error ?? 0).toBe(0);
    expect(round.results.handed_to_person ?? 0).toBe(0);
    const known = new Set(t.sandbox.inspect.payouts().map((p) => p.id));
    for (const open of await openDemoPayouts(t.db)) expect(known).toContain(open.id);
    // Settled at the PSP: the reconciler's next check makes them final.
    await t.sandbox.settle();
    t.clock.advance(2 * DAY);
    const next = await t.reconciler.runRound();
    expect(next.results.error ?? 0).toBe(0);
    expect(await openDemoPayouts(t.db)).toEqual([]);
  });

  it('seeds nothing at the next start: the ledger is not empty', async () => {
    await t.restart();
    expect(t.demoHistory).toEqual({ seeded: 0, skipped: 'not_empty' });
    const [{ n } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(payouts);
    expect(n).toBe(2000);
  });
});

// The sandbox as BridgerPay's documentation allows it: an e-wallet PSP the back-office cannot
// use in BE/EUR, reused order ids accepted, lagging lists, creates that commit then time out.
describe('demo history at first start, BridgerPay-like sandbox', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase(appTestDatabaseKinds[0]!);
    t = await startTestApp({
      database,
      env: DEMO_ENV,
      corridors: SANDBOX_CORRIDORS,
      demoHistory: true,
      sandboxOptions: { profile: 'bridgerpay' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('seeds the same history and payable payees, none for the e-wallet PSP it cannot use', async () => {
    expect(t.demoHistory).toMatchObject({ seeded: 2000, beneficiaries: DEMO_BENEFICIARIES_MAX });
    const finance = await t.signIn('finance');
    const { items } = await readJson(await finance('/api/beneficiaries?limit=50'));
    expect(items).toHaveLength(DEMO_BENEFICIARIES_MAX);
    for (const b of items) {
      expect(b).toMatchObject({ status: 'active', unusable_reason: null });
      expect(b.provider).not.toBe('skrill_wallets');
    }
  });
});

describe.each(appTestDatabaseKinds)('demo history: when it is not made (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('is off with DEMO_SEED=0, and off by default in the test app', async () => {
    t = await startTestApp({
      database,
      env: { ...DEMO_ENV, DEMO_SEED: '0' },
      corridors: SANDBOX_CORRIDORS,
      demoHistory: true,
    });
    expect(t.demoHistory).toEqual({ seeded: 0, skipped: 'off' });
    expect(await t.db.select().from(payouts)).toEqual([]);
  });

  it('is never made outside demo mode, even with DEMO_SEED=1', async () => {
    const remote = parseConfig({
      ORCHESTRATOR_BASE_URL: t.sandbox.url,
      ORCHESTRATOR_API_KEY: t.config.orchestrator.apiKey,
      ORCHESTRATOR_USER_NAME: t.config.orchestrator.userName,
      ORCHESTRATOR_PASSWORD: t.config.orchestrator.password,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef',
      PAYOUT_DATA_KEY: 'k'.repeat(32),
      DEMO_SEED: '1',
    });
    expect(remote.demo).toMatchObject({ enabled: false, seedHistory: false });
    const result = await seedDemoHistory({
      config: remote,
      db: t.db,
      orchestrator: t.orchestrator,
      corridors: SANDBOX_CORRIDORS,
      policies: { active: () => Promise.resolve(DEMO_APPROVAL_POLICY) },
      facts: { declines: [], refusalMessage: 'x', isSpecialAmount: () => false },
      clock: t.clock,
      logger,
    });
    expect(result).toEqual({ seeded: 0, skipped: 'off' });
    expect(await t.db.select().from(payouts)).toEqual([]);
  });

  it('never fills a ledger that has a payout already', async () => {
    const finance = await t.signIn('finance');
    const res = await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      json: {
        order_id: 'before-demo-1',
        provider: 'harbor_payments',
        country: 'US',
        currency: 'USD',
        state: 'NY',
        amount: '25.00',
        payout_method_type: 'bank_account',
        metadata: {
          bankCode: 'CHASUS33',
          bankName: 'Chase',
          bankBranch: 'Main',
          bankAddress: '1 Main St',
          bankZipcode: '10001',
          bankRoutingNumber: '021000021',
          bankAccountNumber: '12345678901',
          bankAccountName: 'Ada Lovelace',
          phone: '+12133734253',
          customerFirstName: 'Ada',
          customerLastName: 'Lovelace',
          email: 'ada@example.com',
        },
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const result = await seedDemoHistory({
      config: { ...t.config, demo: { ...t.config.demo, seedHistory: true } },
      db: t.db,
      orchestrator: t.orchestrator,
      corridors: SANDBOX_CORRIDORS,
      policies: { active: () => Promise.resolve(DEMO_APPROVAL_POLICY) },
      facts: { declines: [], refusalMessage: 'x', isSpecialAmount: () => false },
      clock: t.clock,
      logger,
    });
    expect(result).toEqual({ seeded: 0, skipped: 'not_empty' });
    expect(await t.db.select().from(payouts)).toHaveLength(1);
  });
});

/** `npm start` twice on one ledger: the second embedded sandbox is new and empty. */
describe.each(testDatabaseKinds)('demo history across restarts of npm start (%s)', (kind) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let closeDatabase: (() => Promise<void>) | undefined;
  let running: RunningServer | undefined;
  const logLines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const start = () =>
    startServer(
      parseConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        RECONCILER: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      }),
      createLogger({ level: 'info', destination }),
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'payouts-demo-seed-'));
    if (kind === 'postgres') {
      const database = await createPostgresTestDatabase();
      databaseUrl = database.url;
      closeDatabase = () => database.close();
    }
  });
  afterAll(async () => {
    await running?.close();
    await closeDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds at the first start, and logs how long it took', async () => {
    running = await start();
    const seeded = logLines.find((l) => String(l['msg']).startsWith('demo history seeded'));
    expect(seeded?.['payouts']).toBe(2000);
    // How long it took is logged (a number), never asserted: speed is `npm run bench -- startup`.
    expect(Number(seeded?.['ms'])).toBeGreaterThan(0);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  }, 60_000);

  it('seeds nothing at the next start, and the new sandbox knows the open payouts again', async () => {
    await running!.close();
    logLines.length = 0;
    running = await start();
    expect(logLines.some((l) => String(l['msg']).startsWith('demo history seeded'))).toBe(false);
    const open = running.sandbox!.inspect.payouts().filter((p) => p.order_id.startsWith('DEMO-'));
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(open.every((p) => ['pending', 'in_process'].includes(p.status))).toBe(true);
    // The reconciler's check finds each of them there (what `RECONCILER=1` does every round).
    const client = createOrchestratorClient({
      baseUrl: running.sandbox!.url,
      apiKey: running.config.orchestrator.apiKey,
      userName: running.config.orchestrator.userName,
      password: running.config.orchestrator.password,
    });
    try {
      for (const payout of open) {
        const record = await client.checkPayoutStatus(payout.id);
        expect(record.merchant_order_id).toBe(payout.order_id);
      }
    } finally {
      await client.close();
    }
  }, 60_000);
});
