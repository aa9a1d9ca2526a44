import type { ApprovalInboxItemDto } from '@payouts/contracts';

let sequence = 0;

/** An approvals-inbox row as the BFF would show it: actionable unless told otherwise. */
export function buildApprovalItem(
  overrides: Partial<ApprovalInboxItemDto> = {},
): ApprovalInboxItemDto {
  sequence += 1;
  const n = String(sequence).padStart(4, '0');
  return {
    id: `pay_a${n}`,
    order_id: `PO-APPROVE-${n}`,
    amount: '25000.00',
    currency: 'EUR',
    country: 'BE',
    provider: 'acme_pay',
    provider_title: 'Acme Pay',
    payout_method_type: 'bank_account',
    is_test: false,
    recipient: { name: 'Jane Doe', email: 'jane@example.com', account: '****6769' },
    created_by: { id: 'u_9', email: 'other@example.com', name: 'Olga Other' },
    created_at: '2026-11-20T09:00:00.000Z',
    age_seconds: 7200,
    rule: { name: 'Above 10,000', count: 1, roles: ['finance', 'admin'] },
    approvals: [],
    waiting_for: 1,
    actionable: true,
    not_actionable_reason: null,
    not_actionable_message: null,
    ...overrides,
  };
}
