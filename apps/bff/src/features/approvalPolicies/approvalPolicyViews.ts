import {
  DAY_MS,
  type PayoutFacts,
  type PolicyDryRunBody,
  type PolicyProposalDto,
} from '@payouts/contracts';
import type { PolicyActor, PolicyProposalRow } from './approvalPoliciesRepository.js';

/** A person of a proposal (proposer, decider, canceller), or null when none. */
export const actorOf = (
  actors: Map<string, PolicyActor>,
  id: string | null,
): PolicyActor | null => {
  if (id === null) return null;
  const actor = actors.get(id);
  return actor ? { id: actor.id, email: actor.email, name: actor.name } : null;
};

/** A proposal as the API shows it, its people named from `actors`. */
export function proposalDto(
  row: PolicyProposalRow,
  actors: Map<string, PolicyActor>,
): PolicyProposalDto {
  return {
    id: row.id,
    status: row.status,
    base_version: row.baseVersion,
    policy: row.policy,
    changes: row.changes,
    note: row.note,
    proposed_by: actorOf(actors, row.proposedBy)!,
    proposed_at: row.proposedAt.toISOString(),
    decided_by: actorOf(actors, row.decidedBy),
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    effective_at: row.effectiveAt?.toISOString() ?? null,
    weakening: row.weakening,
    cancelled_by: actorOf(actors, row.cancelledBy),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

/** The facts of a payout tried against a policy, its beneficiary's age counted back from `now`. */
export function dryRunPayout(payout: PolicyDryRunBody['payout'], now: Date): PayoutFacts {
  const days = payout.beneficiary_changed_days_ago;
  return {
    currency: payout.currency,
    amount: payout.amount,
    payout_method_type: payout.payout_method_type,
    provider: payout.provider,
    country: payout.country,
    beneficiary:
      days === undefined
        ? null
        : { created_or_changed_at: new Date(now.getTime() - days * DAY_MS).toISOString() },
    in_batch: payout.in_batch ?? false,
    now,
  };
}
