import type { PayoutOutcome } from '../staffNotifications/index.js';
import type { NewPayoutEvent, PayoutRow, PayoutsRepository } from './payoutsRepository.js';

/** A change of a payout its creator hears of: who made it, and what it came to. */
export interface PayoutOutcomeChange {
  row: PayoutRow;
  outcome: PayoutOutcome;
  /** The actors of the change's events (e-mails, or `system`, `orchestrator`). */
  actors: string[];
  /** The user who decided it (approved, rejected). */
  by: string | undefined;
}

/**
 * What a change of a payout means to its creator: approved or rejected by others (four eyes),
 * declined, failed, or handed to a person. A payout paid out is no news, and a batch's row is
 * its batch's to report.
 */
export function outcomeOf(before: PayoutRow, after: PayoutRow): PayoutOutcome | undefined {
  if (after.batchId !== null) return undefined;
  if (before.attentionReason === null && after.attentionReason !== null) return 'needs_attention';
  if (before.status === after.status) return undefined;
  switch (after.status) {
    case 'rejected':
      return after.cancelled ? undefined : 'rejected';
    case 'declined':
      return 'declined';
    case 'failed':
      return 'failed';
    default:
      return before.status === 'awaiting_approval' && after.approvedBy !== null
        ? 'approved'
        : undefined;
  }
}

/**
 * The repository, telling `report` of every committed change that is news to the payout's
 * creator. Every change of a payout's status goes through `change` or `recordApproval`, so
 * none is missed; `report` runs after the commit and must not throw.
 */
export function reportingOutcomes(
  repo: PayoutsRepository,
  report: (change: PayoutOutcomeChange) => Promise<void>,
): PayoutsRepository {
  async function reported(before: PayoutRow, after: PayoutRow, events: NewPayoutEvent[]) {
    const outcome = outcomeOf(before, after);
    if (outcome === undefined) return;
    const by =
      outcome === 'approved'
        ? (after.approvedBy ?? undefined)
        : outcome === 'rejected'
          ? (after.rejectedBy ?? undefined)
          : undefined;
    await report({ row: after, outcome, actors: events.map((e) => e.actor), by });
  }
  return {
    ...repo,
    async change(id, change) {
      let seen: { before: PayoutRow; events: NewPayoutEvent[] } | undefined;
      const after = await repo.change(id, (current) => {
        const result = change(current);
        seen = result ? { before: current, events: result.events } : undefined;
        return result;
      });
      if (after && seen) await reported(seen.before, after, seen.events);
      return after;
    },
    async recordApproval(id, decide) {
      let before: PayoutRow | undefined;
      const result = await repo.recordApproval(id, (current, approvals) => {
        before = current;
        return decide(current, approvals);
      });
      if (result && before && result.decision.kind === 'recorded') {
        await reported(before, result.row, result.decision.events);
      }
      return result;
    },
  };
}
