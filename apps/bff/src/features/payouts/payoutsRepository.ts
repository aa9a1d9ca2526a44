import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { Role } from '@payouts/contracts';
import { createApprovalRecords, type ApprovalRecords } from './payoutApprovalRecords.js';
import { eventValues, type NewPayoutEvent } from './payoutEventValues.js';
import { createDuplicateQueries, type DuplicateQueries } from './payoutDuplicateQueries.js';
export type { DuplicateQuery } from './payoutDuplicateQueries.js';
export type { NewPayoutEvent } from './payoutEventValues.js';
export type { ApprovalDecision, ApprovalRow } from './payoutApprovalRecords.js';
import {
  auditLog,
  beneficiaries,
  beneficiaryEvents,
  idempotencyKeys,
  payoutApprovals,
  payoutEvents,
  payouts,
  users,
} from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import { withFinalAt } from './finalAt.js';
import {
  creatorColumns,
  listPayouts,
  payoutSummary,
  type PayoutListQuery,
} from './payoutListing.js';
export type { PayoutListQuery } from './payoutListing.js';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;
export type PayoutEventRow = typeof payoutEvents.$inferSelect;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export interface Creator {
  id: string;
  email: string;
  name: string;
}

export interface PayoutWithCreator {
  payout: PayoutRow;
  creator: Creator;
}

export type BeginCreateResult =
  | { kind: 'created'; payout: PayoutRow }
  | { kind: 'existing'; record: IdempotencyRow }
  | { kind: 'order_id_taken' }
  | { kind: 'beneficiary_archived' };

/** A beneficiary timeline entry written with a payout to it. */
export type NewBeneficiaryEvent = Omit<
  typeof beneficiaryEvents.$inferInsert,
  'id' | 'beneficiaryId'
>;

/**
 * What a locked, current payout turns into; undefined leaves it untouched. `audit`: the entries
 * recording the change, committed with it or not at all.
 */
export type PayoutChange = (current: PayoutRow) =>
  | {
      patch: Partial<Omit<NewPayoutRow, 'id'>>;
      events: NewPayoutEvent[];
      audit?: NewAuditRow[];
      /**
       * The create request's idempotency key completed by the same statement (its reply built
       * from the changed row), so a create's answer costs no statement of its own.
       */
      completeKey?: IdempotencyCompletion;
    }
  | undefined;

/** A create request's key, completed with the reply it gave. */
export interface IdempotencyCompletion {
  userId: string;
  key: string;
  status: number;
  body: unknown;
  at: Date;
}

export interface PayoutsRepository extends ApprovalRecords, DuplicateQueries {
  /**
   * One transaction: claims the idempotency key, inserts the payout, its `created` event and its
   * audit entry. Committed before the orchestrator is called, so a crash leaves a trace, never a
   * ghost. A replayed key inserts nothing.
   */
  beginCreate(input: {
    userId: string;
    key: string;
    requestHash: string;
    at: Date;
    payout: NewPayoutRow;
    events: NewPayoutEvent[];
    audit: NewAuditRow[];
    /** Approvals it is created with (a batch row counting its batch's approvals). */
    approvals?: { userId: string; step: number; at: Date }[];
    /**
     * Paid to a saved beneficiary: its count, last-paid time and timeline entry change in the
     * same transaction; an archived one refuses (`beneficiary_archived`).
     */
    beneficiaryPaid?: { beneficiaryId: string; event: NewBeneficiaryEvent };
  }): Promise<BeginCreateResult>;
  completeIdempotencyKey(input: IdempotencyCompletion): Promise<void>;
  /** Reads the payout FOR UPDATE, applies `change`, its events and audit rows in one transaction. */
  change(id: string, change: PayoutChange): Promise<PayoutRow | undefined>;
  findById(id: string): Promise<PayoutWithCreator | undefined>;
  findByOrchestratorId(orchestratorId: string): Promise<PayoutRow | undefined>;
  /** The payout holding this order id (a failed one releases it). */
  findActiveByOrderId(orderId: string): Promise<PayoutRow | undefined>;
  /** The payout that sent `id` again as a new payout, if any. */
  findResentFrom(id: string): Promise<PayoutRow | undefined>;
  events(payoutId: string): Promise<PayoutEventRow[]>;
  /** False when an event with the same dedupe key exists (a redelivered notification). */
  recordEventOnce(
    payoutId: string,
    event: NewPayoutEvent & { dedupeKey: string },
  ): Promise<boolean>;
  /**
   * Takes one of the payout's `maxChecks` notification-driven status checks of the current
   * window (`windowMs`, from the first check). False when they are used up: then its
   * reconciler check is moved up to the window's end, so the news is batched, not lost.
   */
  claimNotificationCheck(input: {
    id: string;
    now: Date;
    windowMs: number;
    maxChecks: number;
  }): Promise<boolean>;
  list(query: PayoutListQuery): Promise<PayoutWithCreator[]>;
  /** Names of users (approvers, rejecters) by id. */
  actors(ids: string[]): Promise<Map<string, Creator>>;
  /**
   * The menu's counters: the rows the default list shows under `needs_my_approval=1` and
   * `needs_attention=1`, lab payouts included (no `is_test` condition, as in that list).
   */
  summary(input: {
    /** Undefined: the viewer may not approve (support). */
    approver: { id: string; role: Role } | undefined;
    attentionBefore: Date;
  }): Promise<{
    awaitingMyApproval: number;
    batchesAwaitingMyApproval: number;
    needsAttention: number;
  }>;
  /**
   * Leases up to `limit` payouts due for reconciliation (`next_check_at <= now`, no live lease)
   * to `owner` until `leaseUntil`. `FOR UPDATE SKIP LOCKED`: concurrent processes never claim
   * the same row, and none waits for another.
   */
  claimDue(input: {
    owner: string;
    now: Date;
    leaseUntil: Date;
    limit: number;
  }): Promise<PayoutRow[]>;
}

/**
 * A new payout's events and audit rows as data-modifying CTEs of the statement that inserts it
 * (one round trip, committed with it or not at all).
 */
function companionWrites(
  q: Database,
  payoutId: string,
  events: readonly NewPayoutEvent[],
  audit: readonly NewAuditRow[],
  approvals: readonly { userId: string; step: number; at: Date }[] = [],
): Parameters<Database['with']> {
  const writes: Parameters<Database['with']> = [];
  if (approvals.length > 0) {
    writes.push(
      q
        .$with('inserted_approvals')
        .as(q.insert(payoutApprovals).values(approvals.map((a) => ({ payoutId, ...a })))),
    );
  }
  if (events.length > 0) {
    writes.push(
      q
        .$with('inserted_events')
        .as(q.insert(payoutEvents).values(events.map((e) => eventValues(payoutId, e)))),
    );
  }
  if (audit.length > 0) {
    writes.push(q.$with('inserted_audit').as(q.insert(auditLog).values([...audit])));
  }
  return writes;
}

export function createPayoutsRepository(db: Database): PayoutsRepository {
  return {
    ...createApprovalRecords(db),
    ...createDuplicateQueries(db),
    async beginCreate({
      userId,
      key,
      requestHash,
      at,
      payout,
      events,
      audit,
      approvals,
      beneficiaryPaid,
    }) {
      const payoutId = payout.id;
      if (!payoutId) throw new Error('beginCreate needs the payout id');
      const keyIs = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
      if (!beneficiaryPaid) {
        // One statement, so one implicit transaction and one round trip: the key claimed
        // (already naming its payout), the payout, its events and its audit rows (data-modifying
        // CTEs; foreign keys are checked at the end of the statement). A unique violation, on
        // the key or on the order id, writes nothing: a key that exists is a replay (whatever
        // else collided), otherwise the order id is taken.
        const writes: Parameters<typeof db.with> = [
          db.$with('claimed_key').as(
            db.insert(idempotencyKeys).values({
              userId,
              key,
              requestHash,
              state: 'in_flight',
              payoutId,
              createdAt: at,
              updatedAt: at,
            }),
          ),
        ];
        writes.push(...companionWrites(db, payoutId, events, audit, approvals));
        try {
          const [row] = await db
            .with(...writes)
            .insert(payouts)
            .values(payout)
            .returning();
          if (!row) throw new Error('insert returned no row');
          return { kind: 'created', payout: row };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          const [record] = await db.select().from(idempotencyKeys).where(keyIs);
          return record ? { kind: 'existing', record } : { kind: 'order_id_taken' };
        }
      }
      class OrderIdTaken extends Error {}
      class BeneficiaryArchived extends Error {}
      try {
        return await db.transaction(async (tx): Promise<BeginCreateResult> => {
          const claimed = await tx
            .insert(idempotencyKeys)
            .values({ userId, key, requestHash, state: 'in_flight', createdAt: at, updatedAt: at })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (claimed.length === 0) {
            const [record] = await tx.select().from(idempotencyKeys).where(keyIs);
            if (!record) throw new Error('idempotency key vanished');
            return { kind: 'existing', record };
          }
          // The payout, its events, its audit rows and the key's link to it in one statement
          // (data-modifying CTEs, checked as one): one round trip instead of four.
          const linkKey = tx
            .$with('linked_key')
            .as(tx.update(idempotencyKeys).set({ payoutId }).where(keyIs));
          const writes: Parameters<typeof tx.with> = [linkKey];
          writes.push(...companionWrites(tx, payoutId, events, audit, approvals));
          let row: PayoutRow | undefined;
          try {
            [row] = await tx
              .with(...writes)
              .insert(payouts)
              .values(payout)
              .returning();
          } catch (error) {
            // Rolls the key claim back too: the caller may retry with another order id.
            if (isUniqueViolation(error)) throw new OrderIdTaken();
            throw error;
          }
          if (!row) throw new Error('insert returned no row');
          if (beneficiaryPaid) {
            const paid = await tx
              .update(beneficiaries)
              .set({ payoutsCount: sql`${beneficiaries.payoutsCount} + 1`, lastPaidAt: at })
              .where(
                and(
                  eq(beneficiaries.id, beneficiaryPaid.beneficiaryId),
                  ne(beneficiaries.status, 'archived'),
                ),
              )
              .returning({ id: beneficiaries.id });
            if (paid.length === 0) throw new BeneficiaryArchived();
            await tx.insert(beneficiaryEvents).values({
              ...beneficiaryPaid.event,
              beneficiaryId: beneficiaryPaid.beneficiaryId,
            });
          }
          return { kind: 'created', payout: row };
        });
      } catch (error) {
        if (error instanceof OrderIdTaken) return { kind: 'order_id_taken' };
        if (error instanceof BeneficiaryArchived) return { kind: 'beneficiary_archived' };
        throw error;
      }
    },

    async completeIdempotencyKey({ userId, key, status, body, at }) {
      await db
        .update(idempotencyKeys)
        .set({ state: 'completed', responseStatus: status, responseBody: body, updatedAt: at })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    async change(id, change) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
        if (!current) return undefined;
        const changed = change(current);
        if (!changed) return current;
        const result = { ...changed, patch: withFinalAt(current, changed.patch) };
        const audit = result.audit ?? [];
        // Nothing to set (e.g. an ignored transition with no lease to release): events only.
        if (Object.keys(result.patch).length === 0) {
          if (result.events.length > 0) {
            await tx.insert(payoutEvents).values(result.events.map((e) => eventValues(id, e)));
          }
          await insertAuditRows(tx, audit);
          return current;
        }
        // The update, its events and its audit rows in one statement (data-modifying CTEs).
        const writes: Parameters<typeof tx.with> = [];
        if (result.events.length > 0) {
          writes.push(
            tx
              .$with('inserted_events')
              .as(tx.insert(payoutEvents).values(result.events.map((e) => eventValues(id, e)))),
          );
        }
        if (audit.length > 0) {
          writes.push(tx.$with('inserted_audit').as(tx.insert(auditLog).values([...audit])));
        }
        const completion = result.completeKey;
        if (completion) {
          writes.push(
            tx.$with('completed_key').as(
              tx
                .update(idempotencyKeys)
                .set({
                  state: 'completed',
                  responseStatus: completion.status,
                  responseBody: completion.body,
                  updatedAt: completion.at,
                })
                .where(
                  and(
                    eq(idempotencyKeys.userId, completion.userId),
                    eq(idempotencyKeys.key, completion.key),
                  ),
                ),
            ),
          );
        }
        const [updated] = await tx
          .with(...writes)
          .update(payouts)
          .set(result.patch)
          .where(eq(payouts.id, id))
          .returning();
        return updated;
      });
    },

    async findById(id) {
      const [row] = await db
        .select({ payout: payouts, creator: creatorColumns })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.createdBy))
        .where(eq(payouts.id, id));
      return row;
    },

    async findByOrchestratorId(orchestratorId) {
      const [row] = await db
        .select()
        .from(payouts)
        .where(eq(payouts.orchestratorId, orchestratorId));
      return row;
    },

    async findResentFrom(id) {
      const [row] = await db.select().from(payouts).where(eq(payouts.resentFrom, id));
      return row;
    },

    async findActiveByOrderId(orderId) {
      const [row] = await db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.orderId, orderId),
            or(ne(payouts.status, 'failed'), isNotNull(payouts.markedFailedBy)),
          ),
        );
      return row;
    },

    async events(payoutId) {
      return db
        .select()
        .from(payoutEvents)
        .where(eq(payoutEvents.payoutId, payoutId))
        .orderBy(asc(payoutEvents.at), asc(payoutEvents.id));
    },

    async recordEventOnce(payoutId, event) {
      const inserted = await db
        .insert(payoutEvents)
        .values(eventValues(payoutId, event))
        .onConflictDoNothing()
        .returning({ id: payoutEvents.id });
      return inserted.length > 0;
    },

    async claimNotificationCheck({ id, now, windowMs, maxChecks }) {
      const windowStart = new Date(now.getTime() - windowMs);
      const fresh = or(
        isNull(payouts.notificationWindowAt),
        lte(payouts.notificationWindowAt, windowStart),
      );
      const claimed = await db
        .update(payouts)
        .set({
          notificationWindowAt: sql`case when ${fresh} then ${now} else ${payouts.notificationWindowAt} end`,
          notificationChecks: sql`case when ${fresh} then 1 else ${payouts.notificationChecks} + 1 end`,
        })
        .where(and(eq(payouts.id, id), or(fresh, lt(payouts.notificationChecks, maxChecks))))
        .returning({ id: payouts.id });
      if (claimed.length > 0) return true;
      const windowEnd = sql`${payouts.notificationWindowAt} + ${`${windowMs} milliseconds`}::interval`;
      await db
        .update(payouts)
        .set({ nextCheckAt: sql`least(${payouts.nextCheckAt}, ${windowEnd})` })
        .where(and(eq(payouts.id, id), isNotNull(payouts.nextCheckAt)));
      return false;
    },

    list: (query) => listPayouts(db, query),

    async actors(ids) {
      const unique = [...new Set(ids)];
      const out = new Map<string, Creator>();
      if (unique.length === 0) return out;
      const rows = await db.select(creatorColumns).from(users).where(inArray(users.id, unique));
      for (const row of rows) out.set(row.id, row);
      return out;
    },

    summary: (input) => payoutSummary(db, input),

    async claimDue({ owner, now, leaseUntil, limit }) {
      const nowIso = now.toISOString();
      const due = db
        .select({ id: payouts.id })
        .from(payouts)
        .where(
          and(
            isNotNull(payouts.nextCheckAt),
            lte(payouts.nextCheckAt, now),
            or(isNull(payouts.leaseUntil), lt(payouts.leaseUntil, now)),
          ),
        )
        .orderBy(asc(payouts.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(payouts)
        .set({ leaseOwner: owner, leaseUntil })
        .where(
          and(
            inArray(payouts.id, due),
            // Re-checked after the lock: a row another process just leased is not taken over.
            or(isNull(payouts.leaseUntil), lt(payouts.leaseUntil, sql`${nowIso}::timestamptz`)),
          ),
        )
        .returning();
    },
  };
}
