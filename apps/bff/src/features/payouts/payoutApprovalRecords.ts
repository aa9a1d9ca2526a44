import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { payoutApprovals, payoutEvents, payouts } from '../../db/schema.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';
import { eventValues, type NewPayoutEvent } from './payoutEventValues.js';
import { withFinalAt } from './finalAt.js';

type PayoutRow = typeof payouts.$inferSelect;

/** One approval of a payout. */
export type ApprovalRow = typeof payoutApprovals.$inferSelect;

/** What `recordApproval` is told to do with one approval. */
export type ApprovalDecision<Refusal = unknown> =
  | { kind: 'refused'; refusal: Refusal }
  | {
      kind: 'recorded';
      /** The last approval the rule needs: the payout moves on. */
      final: boolean;
      approval: { userId: string; step: number; at: Date };
      patch: Partial<PayoutRow>;
      events: NewPayoutEvent[];
      audit: NewAuditRow[];
    };

/** A payout's approvals, one row per approver. */
export interface ApprovalRecords {
  /**
   * One approval, in one transaction with the payout row locked: `decide` sees the payout and
   * its approvals so far and either refuses, or returns the change that records this approval
   * (and, with the last one needed, the transition). Undefined when the payout is gone.
   */
  recordApproval<R>(
    id: string,
    decide: (current: PayoutRow, approvals: ApprovalRow[]) => ApprovalDecision<R>,
  ): Promise<{ row: PayoutRow; decision: ApprovalDecision<R> } | undefined>;
  /** Approvals per payout, in order (payouts without any are left out). */
  approvalsOf(payoutIds: string[]): Promise<Map<string, ApprovalRow[]>>;
}

export function createApprovalRecords(db: Database): ApprovalRecords {
  return {
    async recordApproval(id, decide) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
        if (!current) return undefined;
        const approvals = await tx
          .select()
          .from(payoutApprovals)
          .where(eq(payoutApprovals.payoutId, id))
          .orderBy(asc(payoutApprovals.step));
        const decision = decide(current, approvals);
        if (decision.kind === 'refused') return { row: current, decision };
        await tx.insert(payoutApprovals).values({ payoutId: id, ...decision.approval });
        const [updated] = await tx
          .update(payouts)
          .set(withFinalAt(current, decision.patch))
          .where(eq(payouts.id, id))
          .returning();
        await tx.insert(payoutEvents).values(decision.events.map((e) => eventValues(id, e)));
        await insertAuditRows(tx, decision.audit);
        return { row: updated ?? current, decision };
      });
    },

    async approvalsOf(payoutIds) {
      const out = new Map<string, ApprovalRow[]>();
      if (payoutIds.length === 0) return out;
      const rows = await db
        .select()
        .from(payoutApprovals)
        .where(inArray(payoutApprovals.payoutId, [...new Set(payoutIds)]))
        .orderBy(asc(payoutApprovals.payoutId), asc(payoutApprovals.step));
      for (const row of rows) out.set(row.payoutId, [...(out.get(row.payoutId) ?? []), row]);
      return out;
    },
  };
}
