import type { PayoutMethodType, PayoutStatus } from '@payouts/contracts';
import { RECONCILABLE_STATUSES } from './payoutStatus.js';
import type { Creator, PayoutEventRow, PayoutRow } from './payoutsRepository.js';

/** A payout as the API shows it: names follow the orchestrator's body, metadata is masked. */
export interface PayoutDto {
  id: string;
  order_id: string;
  provider: string;
  /** The PSP's name for people (KNOWN_PSPS); null when the PSP is not configured. */
  provider_title: string | null;
  country: string;
  currency: string;
  state: string | null;
  /** Decimal string, exactly as stored. */
  amount: string;
  payout_method_type: PayoutMethodType;
  metadata: Record<string, string | number>;
  recipient: { name: string | null; email: string | null };
  status: PayoutStatus;
  /** The orchestrator's status exactly as it last reported it. */
  orchestrator_status: string | null;
  orchestrator_id: string | null;
  psp_transaction_id: string | null;
  decline_code: string | null;
  decline_reason: string | null;
  failure_reason: string | null;
  is_test: boolean;
  created_by: Creator;
  created_at: string;
  updated_at: string;
  /** Four eyes: above its currency's threshold, so a second person decides. */
  requires_approval: boolean;
  approval_threshold: string | null;
  approved_by: Creator | null;
  approved_at: string | null;
  /** Who rejected it (or its creator, who cancelled it: `cancelled`), when and why. */
  rejected_by: Creator | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  cancelled: boolean;
  /** Unknown or not final for longer than the configured age: a human should look. */
  needs_attention: boolean;
}

export interface PayoutDtoContext {
  /** Users named by `approved_by`/`rejected_by`. */
  actors: ReadonlyMap<string, Creator>;
  /** Created before this and still not final: needs attention. */
  attentionBefore: Date;
  /** PSP code -> title. */
  pspTitles: ReadonlyMap<string, string>;
}

const NO_CONTEXT: PayoutDtoContext = {
  actors: new Map(),
  attentionBefore: new Date(0),
  pspTitles: new Map(),
};

export interface PayoutEventDto {
  id: string;
  type: string;
  at: string;
  actor: string;
  data: Record<string, unknown>;
}

export function toPayoutDto(
  row: PayoutRow,
  creator: Creator,
  { actors, attentionBefore, pspTitles }: PayoutDtoContext = NO_CONTEXT,
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
    status: row.status as PayoutStatus,
    orchestrator_status: row.orchestratorStatusRaw,
    orchestrator_id: row.orchestratorId,
    psp_transaction_id: row.pspTransactionId,
    decline_code: row.declineCode,
    decline_reason: row.declineReason,
    failure_reason: row.failureReason,
    is_test: row.isTest,
    created_by: creator,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    requires_approval: row.approvalThreshold !== null,
    approval_threshold: row.approvalThreshold,
    approved_by: actor(row.approvedBy),
    approved_at: row.approvedAt?.toISOString() ?? null,
    rejected_by: actor(row.rejectedBy),
    rejected_at: row.rejectedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    cancelled: row.cancelled,
    needs_attention:
      RECONCILABLE_STATUSES.includes(row.status as PayoutStatus) && row.createdAt < attentionBefore,
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
