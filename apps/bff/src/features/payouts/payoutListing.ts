import { and, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { lastDigitsOfTerm, type PayoutStatus, type Role } from '@payouts/contracts';
import { rowsOf, type Database } from '../../db/database.js';
import { afterKeyset, escapeLike } from '../../db/keyset.js';
import { payouts, users } from '../../db/schema.js';
import { decidableBy } from './approvalEligibility.js';
import { RECONCILABLE_STATUSES } from './payoutStatus.js';
import type { PayoutWithCreator } from './payoutsRepository.js';

/** The payouts list: its filters, search and keyset pages (`GET /api/payouts`, the exports). */
export interface PayoutListQuery {
  statuses?: PayoutStatus[];
  provider?: string;
  payoutMethodType?: string;
  currency?: string;
  country?: string;
  createdFrom?: Date;
  createdTo?: Date;
  amountMin?: string;
  amountMax?: string;
  q?: string;
  /** Lab test payouts: included (default), left out, or the only ones. */
  tests?: 'exclude' | 'include' | 'only';
  /** Paid to this saved beneficiary. */
  beneficiaryId?: string | undefined;
  /** Declined with exactly this code (`payouts.decline_code`). */
  declineCode?: string | undefined;
  /** What this user may decide on now (`decidableBy`). */
  awaitingApprovalBy?: { id: string; role: Role };
  /** Not final and created before this instant (flagged for a human). */
  attentionBefore?: Date;
  sort: 'created_at' | 'amount';
  order: 'asc' | 'desc';
  after?: { value: string; id: string };
  limit: number;
}

export const creatorColumns = { id: users.id, email: users.email, name: users.name };

/**
 * What a search term (`q`, decision 037) matches: an order id by its beginning or its end, a
 * recipient e-mail, a recipient name or the name after its first word (a surname) beginning with
 * it in any case, the PSP's transaction id by its beginning, exactly the orchestrator's id, and
 * the last 4 characters of the card or account number when the term is 4 or more digits (or a
 * whole IBAN). Each is answered by a btree: `lower(…) text_pattern_ops` turns a LIKE prefix into
 * one range (the surname's and the order id end's expressions are their indexes', migrations
 * 0023 and 0037).
 */
function searchMatches(term: string): SQL[] {
  const prefix = `${escapeLike(term)}%`;
  const reversedPrefix = `${escapeLike(Array.from(term).reverse().join(''))}%`;
  const beginsWith = (value: AnyPgColumn | SQL) => sql`lower(${value}) like lower(${prefix})`;
  const name = payouts.recipientName;
  const last4 = lastDigitsOfTerm(term);
  return [
    beginsWith(payouts.orderId),
    sql`reverse(lower(${payouts.orderId})) like lower(${reversedPrefix})`,
    eq(payouts.orchestratorId, term),
    beginsWith(payouts.pspTransactionId),
    beginsWith(payouts.recipientEmail),
    beginsWith(name),
    beginsWith(sql`substr(${name}, strpos(${name}, ' ') + 1)`),
    ...(last4 ? [eq(payouts.accountLast4, last4)] : []),
  ];
}

/** What the list's filters select, before search, sort and page: the list's and the totals'. */
export type PayoutFilterQuery = Omit<PayoutListQuery, 'q' | 'sort' | 'order' | 'after' | 'limit'>;

/** The conditions of `query`'s filters on `payouts` (ANDed; the search is added apart). */
export function filterConditions(query: PayoutFilterQuery): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.awaitingApprovalBy) {
    conditions.push(decidableBy(query.awaitingApprovalBy));
  }
  if (query.attentionBefore) {
    // Open for too long, or handed to a person by the reconciler whatever its age.
    conditions.push(
      or(
        and(
          inArray(payouts.status, [...RECONCILABLE_STATUSES]),
          lt(payouts.createdAt, query.attentionBefore),
        ),
        isNotNull(payouts.attentionReason),
      ),
    );
  }
  if (query.statuses?.length) conditions.push(inArray(payouts.status, query.statuses));
  if (query.provider) conditions.push(eq(payouts.provider, query.provider));
  if (query.beneficiaryId) conditions.push(eq(payouts.beneficiaryId, query.beneficiaryId));
  if (query.declineCode) conditions.push(eq(payouts.declineCode, query.declineCode));
  const tests = query.tests ?? 'include';
  if (tests !== 'include') conditions.push(eq(payouts.isTest, tests === 'only'));
  if (query.payoutMethodType) {
    conditions.push(sql`${payouts.payoutMethodType} = ${query.payoutMethodType}`);
  }
  if (query.currency) conditions.push(eq(payouts.currency, query.currency));
  if (query.country) conditions.push(eq(payouts.country, query.country));
  if (query.createdFrom) conditions.push(gte(payouts.createdAt, query.createdFrom));
  if (query.createdTo) conditions.push(lt(payouts.createdAt, query.createdTo));
  if (query.amountMin) conditions.push(gte(payouts.amount, query.amountMin));
  if (query.amountMax) conditions.push(lte(payouts.amount, query.amountMax));
  return conditions;
}

/**
 * The payouts a search term finds under `conditions`, as `id in (…)`: one query per way the term
 * can match (decision 037), each answered from its own index; `each` orders and limits them.
 */
export function searchedIds(
  db: Database,
  term: string,
  conditions: (SQL | undefined)[],
  each: (branch: IdQuery) => IdQuery = (branch) => branch,
): SQL {
  const branches = searchMatches(term).map(
    (match) => sql`(${each(selectIds(db, and(...conditions, match)))})`,
  );
  return sql`${payouts.id} in (${sql.join(branches, sql` union all `)})`;
}

const selectIds = (db: Database, where: SQL | undefined) =>
  db.select({ id: payouts.id }).from(payouts).where(where).$dynamic();
type IdQuery = ReturnType<typeof selectIds>;

export async function listPayouts(
  db: Database,
  query: PayoutListQuery,
): Promise<PayoutWithCreator[]> {
  const conditions = filterConditions(query);
  const column = query.sort === 'amount' ? payouts.amount : payouts.createdAt;
  if (query.after) {
    const cast = query.sort === 'amount' ? sql`::numeric` : sql`::timestamptz`;
    conditions.push(
      afterKeyset(
        query.order,
        [column, payouts.id],
        [sql`${query.after.value}${cast}`, sql`${query.after.id}::uuid`],
      ),
    );
  }
  // The created_at indexes are `DESC NULLS LAST` (drizzle's `.desc()`), which a plain
  // `ORDER BY created_at DESC` (NULLS FIRST) cannot walk: PostgreSQL then sorts the whole
  // table (2.3 s at a million rows). Both columns are NOT NULL, so naming the index's null
  // order changes no result. The amount index is ascending, which plain ASC/DESC match.
  const nulls =
    query.sort === 'amount' ? sql`` : query.order === 'asc' ? sql` nulls first` : sql` nulls last`;
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const order = [sql`${column} ${direction}${nulls}`, sql`${payouts.id} ${direction}${nulls}`];
  // Decision 037: each way a term can match is its own query, which the planner answers from
  // its own index, or by walking the list's order when the term is common (a name in 32), and
  // stops after a page; the page is the first of their union. One OR of them all would read
  // every match of a common term to sort them.
  const where = query.q
    ? searchedIds(db, query.q, conditions, (branch) => branch.orderBy(...order).limit(query.limit))
    : and(...conditions);
  return db
    .select({ payout: payouts, creator: creatorColumns })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.createdBy))
    .where(where)
    .orderBy(...order)
    .limit(query.limit);
}

/** The home page's two counts: awaiting the viewer's approval, and needing attention. */
export async function payoutSummary(
  db: Database,
  {
    approver,
    attentionBefore,
  }: {
    /** Undefined: the viewer may not approve (support). */
    approver: { id: string; role: Role } | undefined;
    attentionBefore: Date;
  },
): Promise<{
  awaitingMyApproval: number;
  batchesAwaitingMyApproval: number;
  needsAttention: number;
}> {
  // One statement (one snapshot, one round trip), both counts from counters the triggers
  // keep in the writing transaction, never from the payouts they count (decision 038).
  // Awaiting: the others' awaiting payouts whose roles include the viewer's, less those the
  // viewer has approved already (payout_awaiting_counts, migration 0024; decidableBy's
  // meaning, a test compares the two). Needs attention: every open payout from the daily
  // rollup (payout_stats_daily_open_idx, migration 0021), less the open ones created since
  // `attentionBefore` (a short range of payouts_open_created_idx), plus those the
  // reconciler handed to a person that the first part left out (payouts_attention_created_idx,
  // migration 0025: a few rows).
  const open = sql.raw(RECONCILABLE_STATUSES.map((s) => `'${s}'`).join(', '));
  const awaiting =
    approver === undefined
      ? sql`0`
      : sql`(select coalesce(sum(c.created), 0) from payout_awaiting_counts c
            where c.user_id <> ${approver.id}::uuid
              and c.roles @> jsonb_build_array(${approver.role}::text))
          - (select coalesce(sum(c.approved), 0) from payout_awaiting_counts c
            where c.user_id = ${approver.id}::uuid
              and c.roles @> jsonb_build_array(${approver.role}::text))`;
  // Batches are few (batches_status_idx): counted from the rows, as batchDecisions decides who
  // may approve one (another uploader, the rule's roles, not approved by the viewer already).
  const batches =
    approver === undefined
      ? sql`0`
      : sql`(select count(*) from batches b
            where b.status = 'awaiting_approval' and b.created_by <> ${approver.id}::uuid
              and (b.approval_rule is null
                or b.approval_rule->'roles' @> jsonb_build_array(${approver.role}::text))
              and not exists (select 1 from batch_approvals a
                where a.batch_id = b.id and a.user_id = ${approver.id}::uuid))`;
  // Literals, not parameters, so the planner can match the partial indexes.
  const [counts] = await rowsOf<{ awaiting: number; batches: number; attention: number }>(
    db,
    sql`select (${awaiting})::int as awaiting, (${batches})::int as batches,
          ((select coalesce(sum(s.count), 0) from payout_stats_daily s
            where s.status in (${open}))
          - (select count(*) from payouts p where p.status in (${open})
            and p.created_at >= ${attentionBefore.toISOString()}::timestamptz)
          + (select count(*) from payouts p where p.attention_reason is not null
            and (p.status not in (${open})
              or p.created_at >= ${attentionBefore.toISOString()}::timestamptz)))::int as attention`,
  );
  return {
    awaitingMyApproval: Number(counts?.awaiting ?? 0),
    batchesAwaitingMyApproval: Number(counts?.batches ?? 0),
    needsAttention: Number(counts?.attention ?? 0),
  };
}
