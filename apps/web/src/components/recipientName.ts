import type { PayoutDto } from '@payouts/contracts';

/** Who is paid: the BFF's reading when it sent one, else whichever name fields the PSP asked for. */
export function recipientName(payout: Pick<PayoutDto, 'recipient' | 'metadata'>): string {
  if (payout.recipient.name) return payout.recipient.name;
  const text = (name: string): string => {
    const value = payout.metadata[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const full = [text('customerFirstName'), text('customerLastName')].filter(Boolean).join(' ');
  return (
    full ||
    text('bankAccountName') ||
    text('cardHolderName') ||
    payout.recipient.email ||
    text('email')
  );
}
