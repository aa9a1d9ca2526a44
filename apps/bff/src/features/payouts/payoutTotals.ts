import { and, inArray, isNotNull, lt, not, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database.js';
import { payouts } from '../../db/schema.js';
import { isQueryCanceled } from '../../db/uniqueViolation.js';
import { AppError } from '../../shared/AppError.js';
import { filterConditions, searchedIds, type PayoutListQuery } from './payoutListing.js';
import { RECONCILABLE_STATUSES } from './payoutStatus.js';

/** What the list's filters and search select (no sort, no page). */
export type PayoutTotalsQuery = Omit<PayoutListQuery, 'sort' | 'order' | 'after' | 'limit'>;

/** One currency's share of a filtered set: how many payouts, and their exact sum. */
export interface CurrencyTotal {
  currency: string;
  count: number;
  /** Decimal string, exact (summed as `numeric`). */
  amount: string;
}

/** A half-open range of creation instants; an end left out is open. */
export interface Span {
  from?: Date | undefined;
  to?: Date | undefined;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ceilTo = (date: Date, unit: number) => new Date(Math.ceil(date.getTime() / unit) * unit);
const floorTo = (date: Date, unit: number) => new Date(Math.floor(date.getTime() / unit) * unit);
const before = (a: Date | undefined, b: Date | undefined) =>
  a !== undefined && b !== undefined && a.getTime() < b.getTime();

/**
 * How a creation range is read from the rollups: whole UTC days from the daily rollup, whole
 * hours around them from the hourly one, and the minutes at either end that no bucket covers
 * from the payouts themselves (a short range of the created_at index). The pieces tile the range
 * exactly, never overlapping.
 */
export function planSpan({ from, to }: Span): { direct: Span[]; hourly: Span[]; daily: Span[] } {
  const hourFrom = from && ceilTo(from, HOUR_MS);
  const hourTo = to && floorTo(to, HOUR_MS);
  if (hourFrom && hourTo && hourFrom.getTime() >= hourTo.getTime()) {
    return { direct: [{ from, to }], hourly: [], daily: [] };
  }
  const direct: Span[] = [];
  if (before(from, hourFrom)) direct.push({ from, to: hourFrom });
  if (before(hourTo, to)) direct.push({ from: hourTo, to });
  const dayFrom = hourFrom && ceilTo(hourFrom, DAY_MS);
  const dayTo = hourTo && floorTo(hourTo, DAY_MS);
  if (dayFrom && dayTo && dayFrom.getTime() >= dayTo.getTime()) {
    return { direct, hourly: [{ from: hourFrom, to: hourTo }], daily: [] };
  }
  const hourly: Span[] = [];
  if (before(hourFrom, dayFrom)) hourly.push({ from: hourFrom, to: dayFrom });
  if (before(dayTo, hourTo)) hourly.push({ from: dayTo, to: hourTo });
  return { direct, hourly, daily: [{ from: dayFrom, to: dayTo }] };
}

/**
 * Whether the rollups can answer: every filter is one of their keys (status, PSP, decline code,
 * test flag, payout method type, corridor), the creation range or "needs attention". A search,
 * an amount range, a beneficiary and "awaiting my approval" need the payouts themselves.
 */
function rollupAnswers(query: PayoutTotalsQuery): boolean {
  return (
    query.q === undefined &&
    query.amountMin === undefined &&
    query.amountMax === undefined &&
    query.beneficiaryId === undefined &&
    query.awaitingApprovalBy === undefined
  );
}

const earlier = (a: Date | undefined, b: Date) => (a && a.getTime() < b.getTime() ? a : b);

/**
 * "Needs attention" as two disjoint parts, as the menu's count reads it: the open payouts created
 * before the cut-off (the rollups, by status and creation), and those the reconciler handed to a
 * person that the first part leaves out (payouts_attention_created_idx: a few rows).
 */
function needingAttention(query: PayoutTotalsQuery, before: Date): SQL {
  const open = (query.statuses ?? RECONCILABLE_STATUSES).filter((s) =>
    RECONCILABLE_STATUSES.includes(s),
  );
  const rest = { ...query, attentionBefore: undefined };
  const overdue =
    open.length === 0
      ? undefined
      : fromRollups({ ...rest, statuses: open, createdTo: earlier(query.createdTo, before) });
  const handedOver = fromPayouts(
    whereAll([
      ...filterConditions(rest),
      isNotNull(payouts.attentionReason),
      not(and(inArray(payouts.status, [...RECONCILABLE_STATUSES]), lt(payouts.createdAt, before))!),
    ]),
  );
  return overdue ? sql`${overdue} union all ${handedOver}` : handedOver;
}

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function spanConditions(column: SQL, span: Span): SQL[] {
  return [
    ...(span.from ? [sql`${column} >= ${instant(span.from)}`] : []),
    ...(span.to ? [sql`${column} < ${instant(span.to)}`] : []),
  ];
}

/** The rollup keys among the filters, on rollup rows `s`. */
function rollupConditions(query: PayoutTotalsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.statuses?.length) {
    conditions.push(
      sql`s.status in (${sql.join(
        query.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (query.provider) conditions.push(sql`s.provider = ${query.provider}`);
  if (query.declineCode) conditions.push(sql`s.decline_code = ${query.declineCode}`);
  const tests = query.tests ?? 'include';
  if (tests !== 'include') conditions.push(sql`s.is_test = ${tests === 'only'}`);
  if (query.payoutMethodType)
    conditions.push(sql`s.payout_method_type = ${query.payoutMethodType}`);
  if (query.currency) conditions.push(sql`s.currency = ${query.currency}`);
  if (query.country) conditions.push(sql`s.country = ${query.country}`);
  return conditions;
}

const whereAll = (conditions: (SQL | undefined)[]) => and(...conditions) ?? sql`true`;

/** Per-currency count and sum of the payouts `where` selects. */
const fromPayouts = (where: SQL) =>
  sql`select currency, count(*) as count, sum(amount) as amount from ${payouts}
    where ${where} group by currency`;

function fromRollups(query: PayoutTotalsQuery): SQL {
  const plan = planSpan({ from: query.createdFrom, to: query.createdTo });
  const keys = rollupConditions(query);
  const rollup = (table: string, column: string, span: Span) =>
    sql`select s.currency, sum(s.count) as count, sum(s.amount) as amount
      from ${sql.raw(table)} s
      where ${whereAll([...keys, ...spanConditions(sql.raw(`s.${column}`), span)])}
      group by s.currency`;
  // The minutes no bucket covers: the same filters on the payouts, within the piece.
  const filters = filterConditions({ ...query, createdFrom: undefined, createdTo: undefined });
  const parts = [
    ...plan.daily.map((span) => rollup('payout_stats_daily', 'day', span)),
    ...plan.hourly.map((span) => rollup('payout_stats_hourly', 'hour', span)),
    ...plan.direct.map((span) =>
      fromPayouts(whereAll([...filters, ...spanConditions(sql`${payouts.createdAt}`, span)])),
    ),
  ];
  return sql.join(parts, sql` union all `);
}

export interface PayoutTotals {
  /** Per currency, the most payouts first; the filtered set's exact sums. */
  totals(query: PayoutTotalsQuery): Promise<CurrencyTotal[]>;
}

/**
 * The count and per-currency sums of what the list's filters select, however many payouts that
 * is. Filters the overview's rollups are keyed by (decision 038) are read there: a year at ten
 * million payouts is a few thousand rollup rows, not the payouts. Anything else (a search, an
 * amount range) sums the matching payouts, within `timeoutMs`; beyond it the caller is asked to
 * narrow the filters rather than hold a connection for a scan.
 */
export function createPayoutTotals({
  db,
  timeoutMs = 3_000,
}: {
  db: Database;
  timeoutMs?: number;
}): PayoutTotals {
  return {
    async totals(query) {
      const parts = !rollupAnswers(query)
        ? fromPayouts(
            query.q
              ? searchedIds(db, query.q, filterConditions(query))
              : whereAll(filterConditions(query)),
          )
        : query.attentionBefore
          ? needingAttention(query, query.attentionBefore)
          : fromRollups(query);
      try {
        const rows = await db.transaction(
          async (tx) => {
            await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(timeoutMs)}`));
            return rowsOf<{ currency: string; count: string; amount: string }>(
              tx,
              sql`select p.currency, sum(p.count)::text as count, sum(p.amount)::text as amount
                from (${parts}) p group by p.currency having sum(p.count) > 0`,
            );
          },
          { accessMode: 'read only' },
        );
        return rows
          .map((row) => ({ currency: row.currency, count: Number(row.count), amount: row.amount }))
          .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
      } catch (error) {
        if (!isQueryCanceled(error)) throw error;
        throw new AppError(
          'query_too_broad',
          'Too many payouts match to total them in time: narrow the search or the filters.',
          { cause: error },
        );
      }
    },
  };
}
