import type { PayoutDto } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { ledgerMetadata } from '../payouts/ledgerMetadata.js';
import {
  mailText,
  maskedRecipient,
  mailSafe,
  quotedUserText,
  metadataChangedText,
  payoutAwaitingApprovalText,
} from './notificationTexts.js';
import type { StaffNotificationRow } from './staffNotificationsRepository.js';

/** A payout as the ledger shows it: metadata masked at storage, as every DTO carries it. */
function payout(metadata: Record<string, string>, name: string | null = 'Jan Peeters'): PayoutDto {
  return {
    id: 'p-1',
    amount: '15000.00',
    currency: 'EUR',
    metadata: ledgerMetadata(metadata),
    recipient: { name, email: null },
    created_by: { id: 'u-1', email: 'fin@example.com', name: 'Fin Ance' },
    approval_rule: { id: 'r', name: 'Above 10,000', approvals_required: 2, roles: ['finance'] },
  } as unknown as PayoutDto;
}

describe('notification texts', () => {
  it('names the recipient with the last 4 of a card, an account or a wallet, never more', () => {
    expect(maskedRecipient(payout({ creditCardNumber: '4111 1111 1111 1111', cvv: '123' }))).toBe(
      '“Jan Peeters” (card …1111)',
    );
    expect(maskedRecipient(payout({ bankAccountNumber: 'BE68539007547034' }))).toBe(
      '“Jan Peeters” (account …7034)',
    );
    expect(
      maskedRecipient(payout({ walletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' })),
    ).toBe('“Jan Peeters” (wallet …0wlh)');
    // Too short to show any of it.
    expect(maskedRecipient(payout({ bankAccountNumber: '1234567' }))).toBe(
      '“Jan Peeters” (account …)',
    );
    expect(maskedRecipient(payout({}, null))).toBe('an unnamed recipient');
  });

  it('says what waits, for how much, who asked, which rule, and links to it', () => {
    const text = payoutAwaitingApprovalText(payout({ creditCardNumber: '4111111111111111' }));
    expect(text).toEqual({
      kind: 'payout_awaiting_approval',
      targetId: 'p-1',
      title: 'Payout of €15,000.00 awaits approval',
      body: 'To “Jan Peeters” (card …1111), created by Fin Ance; rule "Above 10,000" (2 approvals needed).',
      linkPath: '/payouts/p-1',
    });
  });

  it('writes one mail per notification or a digest listing each with its link', () => {
    const row = (id: string, title: string): StaffNotificationRow => ({
      id,
      userId: 'u',
      kind: 'payout_awaiting_approval',
      targetId: id,
      title,
      body: 'body',
      linkPath: `/payouts/${id}`,
      createdAt: new Date(0),
      readAt: null,
      mailId: null,
      emailedAt: null,
    });
    const publicUrl = new URL('https://payouts.example.com');
    const one = mailText({
      recipientName: 'Ada',
      notifications: [row('a', 'A waits')],
      publicUrl,
      digest: false,
    });
    expect(one.subject).toBe('A waits');
    expect(one.text).toContain('Open it: https://payouts.example.com/payouts/a');
    const digest = mailText({
      recipientName: 'Ada',
      notifications: [row('a', 'A waits'), row('b', 'B waits')],
      publicUrl,
      digest: true,
    });
    expect(digest.subject).toBe('2 items awaiting your approval (hourly digest)');
    expect(digest.text).toContain('https://payouts.example.com/payouts/a');
    expect(digest.text).toContain('https://payouts.example.com/payouts/b');
  });

  it('shows what someone typed quoted, on one line and short; as typed in the bell, defanged in e-mails', () => {
    expect(quotedUserText('Jan Peeters')).toBe('“Jan Peeters”');
    const typed = quotedUserText('Pay now: https://evil.example/login\r\nUrgent');
    expect(typed).toBe('“Pay now: https://evil.example/login Urgent”');
    expect(mailSafe(`Batch ${typed} was approved.`)).toBe(
      'Batch “Pay now: https[:]//evil[.]example/login Urgent” was approved.',
    );
    expect(mailSafe(quotedUserText('www.evil.example'))).toBe('“www[.]evil[.]example”');
    expect(mailSafe(quotedUserText('ceo@evil.example'))).toBe('“ceo[at]evil[.]example”');
    expect(mailSafe(quotedUserText('a\u202Eexe.pdf'))).toBe('“a exe[.]pdf”');
    // The bell shows a file name as it is.
    expect(quotedUserText('sellers-nov.csv')).toBe('“sellers-nov.csv”');
    // Its own quotes cannot end the span early and leave the rest undefanged.
    expect(mailSafe(quotedUserText('x” https://evil.example “y'))).toBe(
      '“x" https[:]//evil[.]example "y”',
    );
    expect(quotedUserText('x'.repeat(200))).toHaveLength(82);
    // Amounts keep their decimal point: a dot before a digit starts no host name's last label.
    expect(mailSafe(quotedUserText('Invoice 12.50'))).toBe('“Invoice 12.50”');
    // Our own text outside the quotes is left alone.
    expect(mailSafe('See e.g. the list.')).toBe('See e.g. the list.');
  });

  it('names the first changes of a corridor’s form and what no longer passes it', () => {
    const psps = [{ name: 'northwind_pay', title: 'Northwind Pay' }];
    const at = { psp: 'northwind_pay', payout_method_type: 'bank_account' };
    const text = metadataChangedText({
      corridor: { country: 'BE', currency: 'EUR' },
      version: 4,
      changes: [
        { kind: 'field_added', ...at, field: 'bankBranch' },
        { kind: 'field_removed', ...at, field: 'bankName' },
        { kind: 'field_changed', ...at, field: 'bankCode' },
        { kind: 'psp_removed', psp: 'northwind_pay', payout_method_type: 'crypto' },
        { kind: 'psp_added', psp: 'atlas_remit', payout_method_type: 'crypto' },
      ],
      psps,
      beneficiaries: 3,
      batches: [
        { fileName: 'a.csv', rows: 2 },
        { fileName: 'b.csv', rows: 1 },
        { fileName: 'c.csv', rows: 4 },
      ],
    });
    expect(text).toEqual({
      kind: 'metadata_changed',
      targetId: 'BE/EUR@4',
      title: 'The orchestrator changed the payout form for BE/EUR',
      body:
        'Northwind Pay, Bank account: field “bankBranch” appeared (saved details may lack it); ' +
        'Northwind Pay, Bank account: field “bankName” disappeared; ' +
        'Northwind Pay, Bank account: field “bankCode” changed its title or rules; and 2 more changes. ' +
        '3 saved beneficiaries and 7 rows of 3 unsubmitted batches (“a.csv”, “b.csv”, …) no longer pass: they are flagged with the field.',
      linkPath: '/providers',
    });
    const quiet = metadataChangedText({
      corridor: { country: 'US', currency: 'USD' },
      version: 2,
      changes: [{ kind: 'psp_added', psp: 'atlas_remit', payout_method_type: 'crypto' }],
      psps,
      beneficiaries: 0,
      batches: [],
    });
    expect(quiet.body).toBe('atlas_remit now offers Crypto wallet. Nothing saved is affected.');
  });
});
