import {
  matchRule,
  type ApprovalPolicy,
  type ApprovalRule,
  type PayoutMethodType,
} from '@payouts/contracts';
import type { BatchApprovalForRow } from './payoutCreation.js';

/**
 * The rule the policy gives a payout made now: creation freezes it, the review step's preview
 * shows it. Only a saved beneficiary has a history (`beneficiaryChangedAt`): any other payout is
 * not "new or changed".
 */
export function ruleForPayout(
  policy: ApprovalPolicy,
  payout: {
    currency: string;
    amount: string;
    payout_method_type: PayoutMethodType;
    provider: string;
    country: string;
  },
  {
    beneficiaryChangedAt,
    inBatch,
    now,
  }: { beneficiaryChangedAt?: Date; inBatch: boolean; now: Date },
): ApprovalRule {
  return matchRule(policy, {
    currency: payout.currency,
    amount: payout.amount,
    payout_method_type: payout.payout_method_type,
    provider: payout.provider,
    country: payout.country,
    beneficiary: beneficiaryChangedAt
      ? { created_or_changed_at: beneficiaryChangedAt.toISOString() }
      : null,
    in_batch: inBatch,
    now,
  });
}

/** How a new payout's matched rule applies to it: who already approved, and whether it waits. */
export interface CreationApproval {
  needsApproval: boolean;
  /** Shown as "above X" where the rule is a threshold; null for other kinds of rule. */
  threshold: string | null;
  /** The batch's approvals its rule counts, in order (never its creator's). */
  counted: readonly BatchApprovalForRow[];
  /** Approved in full by its batch's approvals: sent at once. */
  approvedByBatch: boolean;
  /** Waits in the approvals inbox. */
  waits: boolean;
}

export function creationApproval(
  rule: ApprovalRule,
  creatorId: string,
  batchApprovals: readonly BatchApprovalForRow[] | undefined,
): CreationApproval {
  const needsApproval = rule.approvals.count > 0;
  const roles = rule.approvals.roles as readonly string[];
  const counted = needsApproval
    ? (batchApprovals ?? [])
        .filter((a) => a.userId !== creatorId && roles.includes(a.role))
        .slice(0, rule.approvals.count)
    : [];
  const approvedByBatch = needsApproval && counted.length >= rule.approvals.count;
  return {
    needsApproval,
    threshold: rule.conditions.amount_above ?? null,
    counted,
    approvedByBatch,
    waits: needsApproval && !approvedByBatch,
  };
}

/** The events a new payout starts its timeline with. */
export function creationEvents({
  actor,
  at,
  payout,
  rule,
  approval,
  batchId,
}: {
  actor: string;
  at: Date;
  payout: { amount: string; currency: string; provider: string };
  rule: ApprovalRule;
  approval: CreationApproval;
  batchId: string | null;
}) {
  const { needsApproval, threshold, counted } = approval;
  return [
    {
      type: 'created',
      actor,
      at,
      data: { amount: payout.amount, currency: payout.currency, provider: payout.provider },
    },
    ...(needsApproval
      ? [
          {
            type: 'approval_requested',
            actor: 'system',
            at,
            data: { threshold, rule: rule.name, approvals_required: rule.approvals.count },
          },
        ]
      : []),
    ...counted.map((a, i) => {
      const step = i + 1;
      return {
        type: step >= rule.approvals.count ? 'approved' : 'approval_recorded',
        actor: a.email,
        at,
        data: { step, of: rule.approvals.count, rule: rule.name, batch_id: batchId },
      };
    }),
  ];
}
