import type { PayoutMetadataValue } from '@payouts/contracts';

/** Who is paid: the BFF's reading when it sent one, else whichever name fields the PSP asked for. */
export function recipientName(payout: {
  recipient?: { name: string | null; email: string | null };
  metadata: Record<string, PayoutMetadataValue>;
}): string {
  if (payout.recipient?.name) return payout.recipient.name;
  const text = (name: string): string => {
    const value = payout.metadata[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const full = [text('customerFirstName'), text('customerLastName')].filter(Boolean).join(' ');
  return (
    full ||
    text('bankAccountName') ||
    text('cardHolderName') ||
    payout.recipient?.email ||
    text('email')
  );
}
