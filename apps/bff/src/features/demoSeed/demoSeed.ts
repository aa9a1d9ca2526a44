import type { Corridor } from '@payouts/contracts';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import { and, getTableColumns, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { rowsOf, type Database } from '../../db/database.js';
import { payoutApprovals, payoutEvents, payouts, users } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { createSealedBox } from '../../shared/sealedBox.js';
import type { ApprovalPoliciesService } from '../approvalPolicies/index.js';
import type { BeneficiaryEditing } from '../beneficiaries/index.js';
import { seedDemoBeneficiaries } from './demoBeneficiaries.js';
import {
  eventValues,
  createPayoutLifecycle,
  RECONCILABLE_STATUSES,
  createPayoutValidators,
  createPayoutsRepository,
} from '../payouts/index.js';
import { DEMO_USERS } from '../users/index.js';
import {
  corridorsWithHints,
  planDemoHistory,
  type DemoPlan,
  type DemoWorld,
} from './demoHistoryPlan.js';

/** The orchestrator's own facts the history needs beyond its metadata (the sandbox's). */
export type DemoOrchestratorFacts = Omit<DemoWorld, 'corridors'>;

/** The demo users who create the history's payouts. */
export const DEMO_CREATORS = ['finance@example.com', 'finance2@example.com', 'admin@example.com'];

export const DEMO_HISTORY_SIZE = 2_000;
export const DEMO_HISTORY_DAYS = 90;

/**
 * A seeded payout the orchestrator must know for the reconciler to reconcile it: the fields an
 * in-memory sandbox needs to know it again after a restart (`Sandbox.restorePayouts`).
 */
export interface OpenDemoPayout {
  id: string;
  transaction_id: string;
  psp_order_id: string;
  order_id: string;
  psp_name: string;
  country: string;
  state: string | null;
  currency: string;
  amount: string;
  payout_method_type: 'credit_card' | 'bank_account' | 'crypto';
  status: 'pending' | 'in_process' | 'authorized' | 'init';
  metadata: Record<string, string | number>;
  created_at: string;
  updated_at: string;
}

export type DemoSeedResult =
  | { seeded: number; ms: number; beneficiaries: number }
  | { seeded: 0; skipped: 'off' | 'not_empty' | 'nothing_to_seed' };

// One number for the advisory lock: two processes starting on one empty database seed once.
const SEED_LOCK = 0x15de30;

async function ledgerIsEmpty(db: Pick<Database, 'execute'>): Promise<boolean> {
  const [row] = await rowsOf<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${payouts}) as empty`,
  );
  return row?.empty === true;
}

/**
 * Rows as one JSON document for `jsonb_populate_recordset`: one statement and one parameter per
 * table, whatever the row count (PostgreSQL caps a statement at 65,535 parameters, and PGlite
 * parses one JSON value much faster than thousands of bound ones).
 */
function asRecordset(table: PgTable, rows: readonly Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table));
  const used = columns.filter(([key]) => rows.some((row) => row[key] !== undefined));
  const json = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of used) {
      // A row that leaves out a NOT NULL column with a default gets the default, as a
      // plain INSERT would (populate_recordset would give it null).
      const value =
        row[key] ?? (column.notNull && column.default !== undefined ? column.default : null);
      // A key left out is null to populate_recordset, and most of a payout's 34 columns are:
      // a smaller document for PGlite to parse in WebAssembly (about 8 % less CPU
      // in the payouts insert).
      if (value !== null) record[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return record;
  });
  const names = sql.join(
    used.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(json)}::jsonb)`;
}

/**
 * How the overview's rollups learn of the history: where the database user may turn the
 * triggers off (`session_replication_role`, a superuser's setting: PGlite's user is one), the
 * history goes in without them and every rollup the triggers keep is then rebuilt from the
 * payouts once (`payout_stats_rebuild()`): the triggers' work over 2,000 payouts and 10,000
 * events, with their foreign-key checks, was 0.4-0.8 s of a first start. Any other
 * user inserts with the triggers, as the create path would. Both give the same rollups (the
 * integration test replays the history with the triggers and compares).
 */
async function mayTurnTriggersOff(db: Pick<Database, 'execute'>): Promise<boolean> {
  const [row] = await rowsOf<{ superuser: boolean }>(
    db,
    sql`select current_setting('is_superuser') = 'on' as superuser`,
  );
  return row?.superuser === true;
}

/** Writes a plan in one transaction, only into a ledger still empty; false when it was not. */
async function insertPlan(db: Database, plan: DemoPlan): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await ledgerIsEmpty(tx))) return false;
    const rebuild = await mayTurnTriggersOff(tx);
    // Until the transaction ends (set local): no trigger, no foreign-key check (the plan's rows
    // refer only to each other and to the demo users).
    if (rebuild) await tx.execute(sql`set local session_replication_role = replica`);
    // Set-based: one statement per table for the whole history.
    await tx.execute(asRecordset(payouts, plan.payouts));
    const events = plan.events.map(({ payoutId, ...event }) => eventValues(payoutId, event));
    await tx.execute(asRecordset(payoutEvents, events));
    if (plan.approvals.length > 0) {
      await tx.execute(
        asRecordset(
          payoutApprovals,
          plan.approvals.map((a) => ({ ...a })),
        ),
      );
    }
    if (rebuild) {
      await tx.execute(sql`set local session_replication_role = origin`);
      await tx.execute(sql`select payout_stats_rebuild()`);
    }
    // The history's people worked there all along: an account made after a payout does not
    // decide on it (decision 042), and the demo's waiting payouts are theirs to approve.
    const first = plan.payouts.reduce<Date | undefined>(
      (min, p) => (min === undefined || p.createdAt < min ? p.createdAt : min),
      undefined,
    );
    if (first) {
      await tx
        .update(users)
        .set({ createdAt: first })
        .where(
          and(
            inArray(
              users.email,
              DEMO_USERS.map((u) => u.email),
            ),
            gt(users.createdAt, first),
          ),
        );
    }
    return true;
  });
}

/** Each corridor with its PSPs, as the orchestrator's metadata gives them. */
export type DemoCorridors = DemoWorld['corridors'];

/**
 * What a first start can do for the history before its users are made (start to ready
 * in 3 s): on a ledger with no payout, ask the orchestrator for the corridors' PSPs and compile
 * the create path's validators the plan needs in any case (into the contracts' schema cache,
 * where the plan and later the create path find them). The start calls it before it waits for
 * the demo password's hash, which runs on the thread pool: this thread would be idle meanwhile.
 * Undefined where no history will be made (off, or a ledger that has payouts).
 */
export async function prefetchDemoWorld(
  deps: Pick<SeedDemoHistoryDeps, 'config' | 'db' | 'orchestrator' | 'corridors' | 'clock'>,
): Promise<DemoCorridors | undefined> {
  if (!deps.config.demo.seedHistory || !(await ledgerIsEmpty(deps.db))) return undefined;
  const corridors = await fetchDemoCorridors(deps);
  const validatorFor = createPayoutValidators();
  for (const { corridor, providers } of corridorsWithHints({ corridors })) {
    // One corridor at a time, so requests that arrive meanwhile (503 until ready) are answered.
    await new Promise((resolve) => setImmediate(resolve));
    validatorFor(providers, corridor, deps.clock.now());
  }
  return corridors;
}

function fetchDemoCorridors(
  deps: Pick<SeedDemoHistoryDeps, 'orchestrator' | 'corridors'>,
): Promise<DemoCorridors> {
  return Promise.all(
    deps.corridors.map(async (corridor) => ({
      corridor,
      providers: (await deps.orchestrator.getPayoutProviders(corridor)).providers,
    })),
  );
}

export interface SeedDemoHistoryDeps {
  config: Pick<
    Config,
    'demo' | 'payoutDataKeys' | 'reconciler' | 'orchestrator' | 'attentionAfterMs'
  >;
  db: Database;
  orchestrator: OrchestratorClient;
  corridors: readonly Corridor[];
  /** The policy in force: its matching rule is frozen on each payout, as at creation. */
  policies: Pick<ApprovalPoliciesService, 'active'>;
  facts: DemoOrchestratorFacts;
  clock: Clock;
  logger: Logger;
  /** Default 2,000 payouts over 90 days. */
  size?: { total: number; days: number };
  /** The corridors' PSPs, asked for early (`prefetchDemoWorld`); asked for here when undefined. */
  prefetched?: Promise<DemoCorridors | undefined>;
  /** Saves the demo's payees once the history is in (`seedDemoBeneficiaries`); none without. */
  beneficiaries?: Pick<BeneficiaryEditing, 'create'>;
}

/**
 * The demo's first start, on a ledger with no payout at all, gets a 90-day history
 * (`is_demo`), so a newcomer's first screen is not empty. Never outside demo mode
 * (`config.demo.seedHistory` is false there), never on a ledger that has any payout.
 */
export async function seedDemoHistory(deps: SeedDemoHistoryDeps): Promise<DemoSeedResult> {
  const { config, db, clock, logger } = deps;
  if (!config.demo.seedHistory) return { seeded: 0, skipped: 'off' };
  if (!(await ledgerIsEmpty(db))) return { seeded: 0, skipped: 'not_empty' };
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const now = clock.now();

  // The corridors' PSPs as the create path reads them (the orchestrator's metadata), and the
  // demo users, at once.
  const [corridors, people] = await Promise.all([
    // A prefetch that failed is asked again here: its error, if it stays, is this seed's.
    (deps.prefetched ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .then((prefetched) => prefetched ?? fetchDemoCorridors(deps)),
    db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
      ),
  ]);
  const creators = people.filter((u) => DEMO_CREATORS.includes(u.email));
  const lifecycle = createPayoutLifecycle({
    repo: createPayoutsRepository(db),
    orchestrator: deps.orchestrator,
    clock,
    logger,
    sealedBox: createSealedBox(config.payoutDataKeys),
    schedule: {
      backoffMs: config.reconciler.backoffMs,
      maxBackoffMs: config.reconciler.maxBackoffMs,
      staleAfterMs: 2 * config.orchestrator.timeoutMs + 5_000,
    },
  });
  const planning = performance.now();
  const plan = planDemoHistory({
    now,
    world: { ...deps.facts, corridors },
    creators,
    users: people,
    policy: await deps.policies.active(),
    attentionAfterMs: config.attentionAfterMs,
    total: deps.size?.total ?? DEMO_HISTORY_SIZE,
    days: deps.size?.days ?? DEMO_HISTORY_DAYS,
    validatorFor: createPayoutValidators(),
    seal: (id, request) => lifecycle.seal(id, request),
    nextCheckAt: (status, attempts, at) => lifecycle.nextCheckAt(status, attempts, at),
  });
  if (plan.payouts.length === 0) return { seeded: 0, skipped: 'nothing_to_seed' };
  const inserting = performance.now();
  if (!(await insertPlan(db, plan))) return { seeded: 0, skipped: 'not_empty' };
  const creator = people.find((u) => u.email === DEMO_CREATORS[0]);
  const beneficiaries =
    deps.beneficiaries && creator
      ? await seedDemoBeneficiaries({
          editing: deps.beneficiaries,
          creator,
          corridors,
          now,
          logger,
        })
      : 0;
  const done = performance.now();
  const ms = Math.round(done - started);
  const cpu = process.cpuUsage(cpuAtStart);
  logger.info(
    {
      payouts: plan.payouts.length,
      events: plan.events.length,
      beneficiaries,
      ms,
      // Where the time goes: the orchestrator's metadata and users, the plan, the inserts.
      fetchMs: Math.round(planning - started),
      planMs: Math.round(inserting - planning),
      insertMs: Math.round(done - inserting),
      // This process's CPU time (PGlite runs in it): the cost on a machine that is not busy.
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    },
    'demo history seeded (DEMO_SEED=0 turns this off)',
  );
  return { seeded: plan.payouts.length, ms, beneficiaries };
}

/**
 * The seeded payouts still open at the orchestrator (pending at the PSP). An in-memory
 * orchestrator (the embedded sandbox) forgets them at every restart: it is told again.
 */
export async function openDemoPayouts(db: Database): Promise<OpenDemoPayout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(
      and(
        sql`${payouts.isDemo}`,
        inArray(payouts.status, [...RECONCILABLE_STATUSES]),
        isNotNull(payouts.orchestratorId),
      ),
    );
  return rows.map((row) => {
    const status = row.orchestratorStatusRaw === 'InProcess' ? 'in_process' : row.status;
    return {
      id: row.orchestratorId!,
      transaction_id: row.pspTransactionId ?? '',
      psp_order_id: `${row.provider.slice(0, 3)}_ord_${row.orchestratorId!.replace(/-/g, '').slice(0, 16)}`,
      order_id: row.orderId,
      psp_name: row.provider,
      country: row.country,
      state: row.state,
      currency: row.currency,
      amount: row.amount,
      payout_method_type: row.payoutMethodType,
      status: (['pending', 'in_process', 'authorized'].includes(status)
        ? status
        : 'pending') as OpenDemoPayout['status'],
      metadata: row.metadata,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}
