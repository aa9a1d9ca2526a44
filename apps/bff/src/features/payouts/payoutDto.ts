import type { PayoutAttentionReason, PayoutDto, PayoutEventDto } from '@payouts/contracts';
import { RECONCILABLE_STATUSES } from './payoutStatus.js';
import type { ApprovalRow, Creator, PayoutEventRow, PayoutRow } from './payoutsRepository.js';

// The shapes are the contract's (`@payouts/contracts`), which the SPA reads too; this module only
// maps ledger rows onto them.
export type { PayoutDto, PayoutEventDto } from '@payouts/contracts';

export interface PayoutDtoContext {
  /** Users named by `approved_by`/`rejected_by`. */
  actors: ReadonlyMap<string, Creator>;
  /** Created before this and still not final: needs attention. */
  attentionBefore: Date;
  /** PSP code -> title. */
  pspTitles: ReadonlyMap<string, string>;
  /** Payout id -> its approvals, in order (approvers are in `actors`). */
  approvals: ReadonlyMap<string, readonly ApprovalRow[]>;
}

const NO_CONTEXT: PayoutDtoContext = {
  actors: new Map(),
  attentionBefore: new Date(0),
  pspTitles: new Map(),
  approvals: new Map(),
};

export function toPayoutDto(
  row: PayoutRow,
  creator: Creator,
  { actors, attentionBefore, pspTitles, approvals }: PayoutDtoContext = NO_CONTEXT,
): PayoutDto {
  const actor = (id: string | null) =>
    id === null ? null : (actors.get(id) ?? { id, email: '', name: '' });
  return {
    id: row.id,
    order_id: row.orderId,
    provider: row.provider,
    provider_title: pspTitles.get(row.provider) ?? null,
    country: row.country,
    currency: row.currency,
    state: row.state,
    amount: row.amount,
    payout_method_type: row.payoutMethodType,
    metadata: row.metadata,
    recipient: { name: row.recipientName, email: row.recipientEmail },
    status: row.status,
    orchestrator_status: row.orchestratorStatusRaw,
    orchestrator_id: row.orchestratorId,
    psp_transaction_id: row.pspTransactionId,
    decline_code: row.declineCode,
    decline_reason: row.declineReason,
    failure_reason: row.failureReason,
    is_test: row.isTest,
    is_demo: row.isDemo,
    final_at: row.finalAt?.toISOString() ?? null,
    beneficiary_id: row.beneficiaryId,
    batch:
      row.batchId !== null && row.batchRow !== null ? { id: row.batchId, row: row.batchRow } : null,
    created_by: creator,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    requires_approval: row.approvalThreshold !== null,
    approval_threshold: row.approvalThreshold,
    approval_rule: row.approvalRule
      ? {
          id: row.approvalRule.id,
          name: row.approvalRule.name,
          approvals_required: row.approvalRule.count,
          roles: row.approvalRule.roles,
        }
      : null,
    approvals: (approvals.get(row.id) ?? []).map((a) => ({
      by: actor(a.userId)!,
      at: a.at.toISOString(),
      step: a.step,
    })),
    approved_by: actor(row.approvedBy),
    approved_at: row.approvedAt?.toISOString() ?? null,
    rejected_by: actor(row.rejectedBy),
    rejected_at: row.rejectedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    cancelled: row.cancelled,
    needs_attention:
      row.attentionReason !== null ||
      (RECONCILABLE_STATUSES.includes(row.status) && row.createdAt < attentionBefore),
    attention_reason: row.attentionReason as PayoutAttentionReason | null,
    mark_failed:
      row.markFailedRequestedBy !== null &&
      row.markFailedRequestedAt !== null &&
      row.markFailedReason !== null
        ? {
            reason: row.markFailedReason,
            requested_by: actor(row.markFailedRequestedBy)!,
            requested_at: row.markFailedRequestedAt.toISOString(),
            confirmed_by: actor(row.markedFailedBy),
          }
        : null,
    resent_from: row.resentFrom,
  };
}

export function toPayoutEventDto(row: PayoutEventRow): PayoutEventDto {
  return {
    id: String(row.id),
    type: row.type,
    at: row.at.toISOString(),
    actor: row.actor,
    data: row.data,
  };
}
