import type { BatchDto, BatchRowDto } from '@payouts/contracts';

let sequence = 0;

export const BATCH_COLUMNS = [
  { name: 'order_id', title: 'Order ID' },
  { name: 'amount', title: 'Amount' },
  { name: 'state', title: 'State' },
  { name: 'beneficiary_reference', title: 'Beneficiary reference' },
  { name: 'iban', title: 'IBAN' },
];

/** A batch as the BFF would show it; fields not given get plain, deterministic values. */
export function buildBatch(overrides: Partial<BatchDto> = {}): BatchDto {
  sequence += 1;
  const n = String(sequence).padStart(4, '0');
  return {
    id: `bat_${n}`,
    status: 'draft',
    file_name: `payouts-${n}.csv`,
    file_sha256: 'ab'.repeat(32),
    country: 'BE',
    currency: 'EUR',
    payout_method_type: 'bank_account',
    provider: 'acme_pay',
    provider_title: 'Acme Pay',
    columns: BATCH_COLUMNS,
    created_by: { id: 'u_1', email: 'fin@example.com', name: 'Fiona Finance' },
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    submitted_at: null,
    form_changed: null,
    changed_by_others: [],
    completed_at: null,
    counts: {
      rows: 3,
      invalid: 0,
      valid: 3,
      excluded: 0,
      queued: 0,
      sending: 0,
      cancelled: 0,
      payouts: {},
    },
    summary: null,
    approval: { rule: null, required: 0, roles: [], approvals: [], rejected: null },
    can_decide: false,
    cannot_decide_reason: null,
    cancelled: null,
    retry_of: null,
    ...overrides,
  };
}

/** One row of a batch; valid, not sent. */
export function buildBatchRow(overrides: Partial<BatchRowDto> = {}): BatchRowDto {
  const row = overrides.row ?? 1;
  return {
    row,
    state: 'valid',
    cells: {
      order_id: `PO-${row}`,
      amount: '10.00',
      state: '',
      beneficiary_reference: '',
      iban: 'BE71****6769',
    },
    errors: [],
    warnings: [],
    order_id: `PO-${row}`,
    amount: '10.00',
    payout_id: null,
    payout_status: null,
    orchestrator_id: null,
    reason: null,
    ...overrides,
  };
}
