import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

/** Every table a request could write, and what in it may legitimately change on a read. */
const TABLES = [
  { name: 'users', row: sql`to_jsonb(t)` },
  // Reading with a session touches `last_seen_at`, and asking for passkey options hands the
  // session a WebAuthn challenge (single use, 5 minutes): bookkeeping, not a write by the input.
  {
    name: 'sessions',
    row: sql`to_jsonb(t) - 'last_seen_at' - 'webauthn_challenge' - 'webauthn_challenge_expires_at'`,
  },
  { name: 'payouts', row: sql`to_jsonb(t)` },
  { name: 'payout_events', row: sql`to_jsonb(t)` },
  // The overview's rollup: written only by payouts' triggers, so only with a payout.
  { name: 'payout_stats_hourly', row: sql`to_jsonb(t)` },
  { name: 'payout_stats_daily', row: sql`to_jsonb(t)` },
  { name: 'payout_stats_series_hourly', row: sql`to_jsonb(t)` },
  { name: 'payout_stats_series_daily', row: sql`to_jsonb(t)` },
  // The "awaiting my approval" counter: written by payouts' and approvals' triggers.
  { name: 'payout_awaiting_counts', row: sql`to_jsonb(t)` },
  { name: 'idempotency_keys', row: sql`to_jsonb(t)` },
  { name: 'audit_log', row: sql`to_jsonb(t)` },
  { name: 'approval_policy_versions', row: sql`to_jsonb(t)` },
  { name: 'approval_policy_proposals', row: sql`to_jsonb(t)` },
  { name: 'batches', row: sql`to_jsonb(t)` },
  { name: 'batch_rows', row: sql`to_jsonb(t)` },
  { name: 'batch_approvals', row: sql`to_jsonb(t)` },
  { name: 'staff_factors', row: sql`to_jsonb(t)` },
  { name: 'staff_recovery_codes', row: sql`to_jsonb(t)` },
  { name: 'staff_factor_failures', row: sql`to_jsonb(t)` },
  { name: 'payout_views', row: sql`to_jsonb(t)` },
  // Failed sign-ins are counted here (the one route allowed to: `countsFailedSignIns`).
  { name: 'rate_limit_hits', row: sql`to_jsonb(t)` },
] as const;

export type TableName = (typeof TABLES)[number]['name'];
export type RowCounts = Record<TableName, number>;
export type TableHashes = Record<TableName, string>;

function rowsOf(result: unknown): Record<string, unknown>[] {
  // node-postgres and PGlite both answer `{ rows }` through drizzle's `execute`.
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** One cheap query: the row count of every table (run after every input). */
export async function rowCounts(db: Database): Promise<RowCounts> {
  const selects = TABLES.map(
    (t) => sql`(select count(*) from ${sql.identifier(t.name)})::int as ${sql.identifier(t.name)}`,
  );
  const [row] = rowsOf(await db.execute(sql`select ${sql.join(selects, sql`, `)}`));
  return Object.fromEntries(TABLES.map((t) => [t.name, Number(row?.[t.name])])) as RowCounts;
}

/** A content hash of every table (run around each route's batch): catches updates too. */
export async function tableHashes(db: Database): Promise<TableHashes> {
  const selects = TABLES.map(
    (t) =>
      sql`(select md5(coalesce(string_agg((${t.row})::text, '|' order by (${t.row})::text), '')) from ${sql.identifier(t.name)} t) as ${sql.identifier(t.name)}`,
  );
  const [row] = rowsOf(await db.execute(sql`select ${sql.join(selects, sql`, `)}`));
  return Object.fromEntries(TABLES.map((t) => [t.name, String(row?.[t.name])])) as TableHashes;
}

/** Every hit counted in `rate_limit_hits`, all keys together. */
export async function rateLimitHitsTotal(db: Database): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`select coalesce(sum(hits), 0)::int as n from rate_limit_hits`),
  );
  return Number(row?.n);
}

/** Rows of `audit_log` with one of `actions`, so a route's expected audit trail can be told apart. */
export async function auditCount(db: Database, actions: readonly string[]): Promise<number> {
  if (actions.length === 0) return 0;
  const [row] = rowsOf(
    await db.execute(
      sql`select count(*)::int as n from audit_log where action in (${sql.join(
        actions.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    ),
  );
  return Number(row?.n);
}
