import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { attentionText } from './payoutAttention.js';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const THREE_DAYS_AGO = '2026-11-20T10:00:00.000Z';

describe('attentionText', () => {
  it('says a payout open at its PSP is only old, for how long, and whom to ask about what', () => {
    const text = attentionText(
      buildPayout({
        status: 'in_process',
        created_at: THREE_DAYS_AGO,
        needs_attention: true,
        attention_reason: null,
        provider_title: 'Acme Pay',
        psp_transaction_id: 'psp-888',
      }),
      NOW,
    );
    expect(text).toBe(
      'Needs attention only because it is old. Created 3 days ago, it is still open at Acme Pay: ' +
        'longer than payouts usually take, and not an error of this back-office. Its status is ' +
        'checked on a schedule, and "Check status" asks now. If it stays open, ask Acme Pay ' +
        'about PSP transaction ID psp-888.',
    );
  });

  it('names the orchestrator id, or the order id, when the PSP gave no transaction id', () => {
    const open = { status: 'pending', created_at: THREE_DAYS_AGO, attention_reason: null } as const;
    expect(
      attentionText(
        buildPayout({ ...open, psp_transaction_id: null, orchestrator_id: 'orc-7' }),
        NOW,
      ),
    ).toMatch(/about orchestrator ID orc-7\.$/);
    expect(
      attentionText(
        buildPayout({ ...open, psp_transaction_id: null, orchestrator_id: null, order_id: 'PO-1' }),
        NOW,
      ),
    ).toMatch(/about order ID PO-1\.$/);
  });

  it('says an old unknown payout is looked up, never sent again, and keeps the reasons', () => {
    expect(
      attentionText(
        buildPayout({ status: 'unknown', created_at: THREE_DAYS_AGO, attention_reason: null }),
        NOW,
      ),
    ).toMatch(/^Needs attention only because it is old\. Created 3 days ago, the orchestrator/);
    expect(
      attentionText(buildPayout({ status: 'unknown', attention_reason: 'resend_refused' }), NOW),
    ).toMatch(/^Needs a person: sending it again with the same order ID was refused/);
  });
});
