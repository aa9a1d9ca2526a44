import { buildPayout } from '@payouts/contracts/testing';
import { describe, expect, it } from 'vitest';
import type { PayoutDto } from './payoutDto.js';
import { PAYOUT_CSV_COLUMNS, payoutCsvRow } from './payoutsCsv.js';

function dto(overrides: Partial<PayoutDto> = {}): PayoutDto {
  const p = buildPayout();
  return {
    id: '00000000-0000-4000-8000-000000000001',
    order_id: p.order_id,
    provider: p.provider,
    provider_title: null,
    country: p.country,
    currency: p.currency,
    state: p.state,
    amount: '0.123456789012345678',
    payout_method_type: p.payout_method_type,
    metadata: { creditCardNumber: '411111******1111' },
    recipient: { name: 'Jan Peeters', email: 'jan@example.com' },
    status: 'approved',
    orchestrator_status: 'Approved',
    orchestrator_id: 'orc-1',
    psp_transaction_id: 'psp-1',
    decline_code: null,
    decline_reason: null,
    failure_reason: null,
    is_test: false,
    is_demo: false,
    final_at: null,
    beneficiary_id: null,
    batch: null,
    created_by: { id: 'u1', email: 'finance@example.com', name: 'Finance' },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:05:00.000Z',
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

describe('payoutCsvRow', () => {
  it('has one cell per column, the amount digit for digit and no metadata', () => {
    const row = payoutCsvRow(dto());
    expect(row).toHaveLength(PAYOUT_CSV_COLUMNS.length);
    expect(row[PAYOUT_CSV_COLUMNS.indexOf('amount')]).toBe('0.123456789012345678');
    expect(row.join(',')).not.toContain('411111');
    expect(row[PAYOUT_CSV_COLUMNS.indexOf('decline_code')]).toBe('');
  });

  it('keeps a recipient name that looks like a formula as text (CSV injection)', () => {
    const row = payoutCsvRow(dto({ recipient: { name: '=HYPERLINK("x")', email: '@evil' } }));
    expect(row[PAYOUT_CSV_COLUMNS.indexOf('recipient_name')]).toBe('\'=HYPERLINK("x")');
    expect(row[PAYOUT_CSV_COLUMNS.indexOf('recipient_email')]).toBe("'@evil");
  });
});
