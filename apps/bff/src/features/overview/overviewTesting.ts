import { sql } from 'drizzle-orm';
import type { PayoutStatus } from '@payouts/contracts';
import type { Database } from '../../db/database.js';
import { payouts, users } from '../../db/schema.js';

/** One generated payout row, as the overview tests know it. */
export interface KnownPayout {
  createdAt: string;
  country: string;
  currency: string;
  provider: string;
  type: 'credit_card' | 'bank_account' | 'crypto';
  status: PayoutStatus;
  amount: string;
  /** Seconds from creation to final (final_at), for a final status. */
  finalAfter?: number;
  /** Seconds from creation to updated_at (default: finalAfter, else 0). */
  updatedAfter?: number;
  declineCode?: string;
  declineReason?: string;
  isTest?: boolean;
}

const plus = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000);

/** A user for `created_by` (payouts need one). */
export async function insertTestUser(db: Database, email: string): Promise<string> {
  const at = new Date('2030-01-01T00:00:00Z');
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: 'Overview Test',
      role: 'finance',
      passwordHash: 'x',
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** Plain inserts of payouts rows (one statement): the rollup's insert trigger counts them. */
export async function insertKnownPayouts(
  db: Database,
  createdBy: string,
  rows: readonly KnownPayout[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(payouts)
    .values(
      rows.map((p, i) => ({
        orderId: `overview-${p.createdAt}-${i}-${Math.random().toString(36).slice(2)}`,
        provider: p.provider,
        country: p.country,
        currency: p.currency,
        amount: p.amount,
        payoutMethodType: p.type,
        metadata: {},
        status: p.status,
        declineCode: p.declineCode ?? null,
        declineReason: p.declineReason ?? null,
        createdBy,
        createdAt: new Date(p.createdAt),
        updatedAt: plus(p.createdAt, p.updatedAfter ?? p.finalAfter ?? 0),
        finalAt: p.finalAfter === undefined ? null : plus(p.createdAt, p.finalAfter),
        isTest: p.isTest ?? false,
      })),
    )
    .returning({ id: payouts.id });
  return inserted.map((r) => r.id);
}

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export type Grain = 'hour' | 'day';

const columnsOf = (grain: Grain) =>
  sql.raw(`${grain}, country, currency, provider, payout_method_type, is_test, status,
  decline_code, decline_reason`);
const tableOf = (grain: Grain) =>
  sql.raw(grain === 'hour' ? 'payout_stats_hourly' : 'payout_stats_daily');

/** The rollup as stored, as comparable text rows in key order. */
export async function storedRollup(db: Database, grain: Grain = 'hour'): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select concat_ws('|', extract(epoch from ${sql.raw(grain)})::bigint, country, currency,
          provider, payout_method_type, is_test, status, decline_code, decline_reason, count,
          amount, final_hist::text) as r
        from ${tableOf(grain)} order by ${columnsOf(grain)}`,
  );
  return rows.map((r) => String(r.r));
}

/** The time-to-final histogram's counts, one per slot of `bounds`, of the rows where `flag`. */
function histogramSlots(bounds: readonly number[], flag: 'final' | 'psp'): string[] {
  return [
    ...bounds.map(
      (b, i) =>
        `count(*) filter (where ${flag} and secs <= ${b}${i > 0 ? ` and secs > ${bounds[i - 1]}` : ''})`,
    ),
    `count(*) filter (where ${flag} and secs > ${bounds[bounds.length - 1]})`,
  ];
}

/**
 * The rollup counted from scratch by a plain GROUP BY over payouts (written independently of
 * the migration's functions: the histogram slots from the bounds, by `width_bucket`-free SQL).
 */
export async function rollupFromScratch(
  db: Database,
  bounds: readonly number[],
  grain: Grain = 'hour',
): Promise<string[]> {
  const slots = histogramSlots(bounds, 'final');
  const rows = await rowsOf(
    db,
    sql`select concat_ws('|', extract(epoch from ${sql.raw(grain)})::bigint, country, currency,
          provider, payout_method_type, is_test, status, decline_code, decline_reason, count(*),
          sum(amount), (array[${sql.raw(slots.join(', '))}]::bigint[])::text) as r
        from (
          select date_trunc(${grain}, created_at, 'UTC') as ${sql.raw(grain)}, country, currency, provider,
            payout_method_type, is_test, status, coalesce(decline_code, '') as decline_code,
            coalesce(decline_reason, '') as decline_reason, amount,
            status in ('approved', 'declined', 'failed', 'rejected') as final,
            extract(epoch from coalesce(final_at, updated_at) - created_at) as secs
          from payouts
        ) p
        group by ${columnsOf(grain)}
        order by ${columnsOf(grain)}`,
  );
  return rows.map((r) => String(r.r));
}

const seriesTableOf = (grain: Grain) =>
  sql.raw(grain === 'hour' ? 'payout_stats_series_hourly' : 'payout_stats_series_daily');
const seriesColumnsOf = (grain: Grain) =>
  sql.raw(`${grain}, country, currency, provider, payout_method_type, is_test`);

/**
 * The series rollup (migration 0024) as stored, as comparable text rows in key order. Amounts
 * without trailing zeros: a row's sum after a payout left it keeps the larger scale (500.00 for
 * 512.34 - 12.34), the same number as a fresh sum's 500.
 */
export async function storedSeries(db: Database, grain: Grain = 'hour'): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select concat_ws('|', extract(epoch from ${sql.raw(grain)})::bigint, country, currency,
          provider, payout_method_type, is_test, count, trim_scale(amount), approved, declined,
          failed, unknown, psp_hist::text) as r
        from ${seriesTableOf(grain)} order by ${seriesColumnsOf(grain)}`,
  );
  return rows.map((r) => String(r.r));
}

/**
 * The series rollup counted from scratch over payouts, as `rollupFromScratch` (its histogram:
 * only the payouts a PSP decided, approved, declined or failed).
 */
export async function seriesFromScratch(
  db: Database,
  bounds: readonly number[],
  grain: Grain = 'hour',
): Promise<string[]> {
  const slots = histogramSlots(bounds, 'psp');
  const rows = await rowsOf(
    db,
    sql`select concat_ws('|', extract(epoch from ${sql.raw(grain)})::bigint, country, currency,
          provider, payout_method_type, is_test, count(*), trim_scale(sum(amount)),
          count(*) filter (where status = 'approved'), count(*) filter (where status = 'declined'),
          count(*) filter (where status = 'failed'), count(*) filter (where status = 'unknown'),
          (array[${sql.raw(slots.join(', '))}]::bigint[])::text) as r
        from (
          select date_trunc(${grain}, created_at, 'UTC') as ${sql.raw(grain)}, country, currency,
            provider, payout_method_type, is_test, status, amount,
            status in ('approved', 'declined', 'failed') as psp,
            extract(epoch from coalesce(final_at, updated_at) - created_at) as secs
          from payouts
        ) p
        group by ${seriesColumnsOf(grain)}
        order by ${seriesColumnsOf(grain)}`,
  );
  return rows.map((r) => String(r.r));
}

/** The awaiting counter (migration 0024) as stored, rows that count anything, in key order. */
export async function storedAwaitingCounts(db: Database): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select concat_ws('|', user_id, roles::text, created, approved) as r
        from payout_awaiting_counts where created <> 0 or approved <> 0
        order by user_id, roles`,
  );
  return rows.map((r) => String(r.r));
}

/**
 * The awaiting counter counted from scratch: the awaiting payouts per creator and approver
 * roles (the legacy rule's when the payout has none), and the approvals of awaiting payouts by
 * someone other than their creator.
 */
export async function awaitingCountsFromScratch(
  db: Database,
  legacyRoles: readonly string[],
): Promise<string[]> {
  const legacy = JSON.stringify(legacyRoles);
  const rows = await rowsOf(
    db,
    sql`with waiting as (
          select id, created_by, coalesce(approval_rule -> 'roles', ${legacy}::jsonb) as roles
          from payouts where status = 'awaiting_approval'
        )
        select concat_ws('|', user_id, roles::text, sum(created), sum(approved)) as r
        from (
          select created_by as user_id, roles, count(*) as created, 0 as approved
          from waiting group by 1, 2
          union all
          select a.user_id, w.roles, 0, count(*)
          from payout_approvals a join waiting w on w.id = a.payout_id
          where a.user_id <> w.created_by group by 1, 2
        ) x
        group by user_id, roles
        order by user_id, roles`,
  );
  return rows.map((r) => String(r.r));
}
