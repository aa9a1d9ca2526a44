let sequence = 0;

/** A payout as the BFF would show it; fields not given get plain, deterministic values. */
export function buildPayout(overrides: Partial<PayoutDto> = {}): PayoutDto {
  sequence += 1;
  const n = String(sequence).padStart(4, '0');
  return {
    id: `pay_${n}`,
    order_id: `PO-20261120-${n}`,
    provider: 'acme_pay',
    provider_title: 'Acme Pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount: '1250.50',
    payout_method_type: 'bank_account',
    metadata: {
      customerFirstName: 'Jane',
      customerLastName: 'Doe',
      email: 'jane@example.com',
      bankAccountNumber: '****6769',
    },
    recipient: { name: 'Jane Doe', email: 'jane@example.com' },
    status: 'approved',
    orchestrator_status: 'approved',
    orchestrator_id: `orc_${n}`,
    psp_transaction_id: `psp_${n}`,
    decline_code: null,
    decline_reason: null,
    failure_reason: null,
    created_by: { id: 'u_1', email: 'fin@example.com', name: 'Fiona Finance' },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:05:00.000Z',
    is_test: false,
    is_demo: false,
    final_at: null,
    beneficiary_id: null,
    batch: null,
    requires_approval: false,
    approval_threshold: null,
    approval_rule: null,
    approvals: [],
    approved_by: null,
    approved_at: null,
    rejected_by: null,
    rejected_at: null,
    rejection_reason: null,
    cancelled: false,
    needs_attention: false,
    attention_reason: null,
    mark_failed: null,
    resent_from: null,
    ...overrides,
  };
}
import type { PayoutDto } from '@payouts/contracts';
