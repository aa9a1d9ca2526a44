import { csvCell } from '../../http/streamCsv.js';
import type { PayoutDto } from './payoutDto.js';

/** The export's columns, in order: what finance reconciles against bank and PSP statements. */
export const PAYOUT_CSV_COLUMNS = [
  'created_at',
  'order_id',
  'status',
  'orchestrator_status',
  'amount',
  'currency',
  'country',
  'state',
  'payout_method_type',
  'provider',
  'recipient_name',
  'recipient_email',
  'orchestrator_id',
  'psp_transaction_id',
  'decline_code',
  'decline_reason',
  'failure_reason',
  'is_test',
  'beneficiary_id',
  'created_by',
  'approved_by',
  'rejected_by',
  'rejection_reason',
  'needs_attention',
  'attention_reason',
  'updated_at',
  'id',
] as const;

/** One payout as export cells. Amounts stay exact decimal strings; metadata is never exported. */
export function payoutCsvRow(payout: PayoutDto): string[] {
  const values: Record<(typeof PAYOUT_CSV_COLUMNS)[number], string | number | boolean | null> = {
    created_at: payout.created_at,
    order_id: payout.order_id,
    status: payout.status,
    orchestrator_status: payout.orchestrator_status,
    amount: payout.amount,
    currency: payout.currency,
    country: payout.country,
    state: payout.state,
    payout_method_type: payout.payout_method_type,
    provider: payout.provider,
    recipient_name: payout.recipient.name,
    recipient_email: payout.recipient.email,
    orchestrator_id: payout.orchestrator_id,
    psp_transaction_id: payout.psp_transaction_id,
    decline_code: payout.decline_code,
    decline_reason: payout.decline_reason,
    failure_reason: payout.failure_reason,
    is_test: payout.is_test,
    beneficiary_id: payout.beneficiary_id,
    created_by: payout.created_by.email,
    approved_by: payout.approved_by?.email ?? null,
    rejected_by: payout.rejected_by?.email ?? null,
    rejection_reason: payout.rejection_reason,
    needs_attention: payout.needs_attention,
    attention_reason: payout.attention_reason,
    updated_at: payout.updated_at,
    id: payout.id,
  };
  return PAYOUT_CSV_COLUMNS.map((column) => csvCell(values[column]));
}
