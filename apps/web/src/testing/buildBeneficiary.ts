import type { BeneficiaryChangeDto, BeneficiaryDto } from '@payouts/contracts';

let sequence = 0;

/** A uuid-shaped id per call, deterministic across runs. */
function id(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const FIONA = { id: 'u_1', email: 'fin@example.com', name: 'Fiona Finance' };

/** A beneficiary as the BFF would show it (masked details); fields not given get plain values. */
export function buildBeneficiary(overrides: Partial<BeneficiaryDto> = {}): BeneficiaryDto {
  sequence += 1;
  const n = String(sequence).padStart(4, '0');
  return {
    id: id(sequence),
    display_name: `Acme Seller ${n}`,
    reference: `SELLER-${n}`,
    email: `seller${n}@example.com`,
    country: 'BE',
    currency: 'EUR',
    state: null,
    payout_method_type: 'bank_account',
    provider: 'beta_bank',
    provider_title: 'Beta Bank',
    details: { bankAccountName: 'Acme Seller BV', bankAccountNumber: 'BE68****0001' },
    card_fields_required: false,
    status: 'active',
    unusable_reason: null,
    pending_change: null,
    created_by: FIONA,
    created_at: '2026-11-19T09:00:00.000Z',
    updated_by: FIONA,
    updated_at: '2026-11-19T09:00:00.000Z',
    payouts_count: 0,
    last_paid_at: null,
    ...overrides,
  };
}

/** A pending change of the payment details, proposed by Fiona unless said otherwise. */
export function buildBeneficiaryChange(
  overrides: Partial<BeneficiaryChangeDto> = {},
): BeneficiaryChangeDto {
  sequence += 1;
  return {
    id: id(900000 + sequence),
    status: 'pending',
    diff: [{ field: 'bankAccountNumber', from: 'BE68****0001', to: 'BE71****0002' }],
    proposed_by: FIONA,
    proposed_at: '2026-11-20T08:00:00.000Z',
    decided_by: null,
    decided_at: null,
    reason: null,
    ...overrides,
  };
}
