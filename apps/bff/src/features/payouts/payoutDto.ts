import type { PayoutMethodType, PayoutStatus } from '@payouts/contracts';
import type { Creator, PayoutEventRow, PayoutRow } from './payoutsRepository.js';

/** A payout as the API shows it: names follow the orchestrator's body, metadata is masked. */
export interface PayoutDto {
  id: string;
  order_id: string;
  provider: string;
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
}

export interface PayoutEventDto {
  id: string;
  type: string;
  at: string;
  actor: string;
  data: Record<string, unknown>;
}

export function toPayoutDto(row: PayoutRow, creator: Creator): PayoutDto {
  return {
    id: row.id,
    order_id: row.orderId,
    provider: row.provider,
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
