import { maskFieldValue, type PayoutMetadataValue } from '@payouts/contracts';

// Security codes are never stored, not even masked: PCI DSS forbids keeping them after use.
const SECURITY_CODE = /cvv|cvc|cvn|csc|security_?code/i;

/** A card's security code field: never stored, shown or logged, not even masked. */
export function isSecurityCodeField(name: string): boolean {
  return SECURITY_CODE.test(name);
}

/** Metadata as the ledger keeps it: card numbers as 6+4, other secrets masked, no CVV at all. */
export function ledgerMetadata(
  metadata: Record<string, PayoutMetadataValue>,
): Record<string, PayoutMetadataValue> {
  return Object.fromEntries(
    Object.entries(metadata)
      .filter(([name]) => !SECURITY_CODE.test(name))
      .map(([name, value]) => [name, maskFieldValue(name, value)]),
  );
}

/** Who gets paid, for search: first and last name joined, and the email. */
export function recipientOf(metadata: Record<string, PayoutMetadataValue>): {
  name: string | null;
  email: string | null;
} {
  const text = (key: string) => {
    const value = metadata[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const name =
    [text('customerFirstName'), text('customerLastName')].filter(Boolean).join(' ') ||
    text('bankAccountName') ||
    text('cardHolderName');
  return { name: name ?? null, email: text('email')?.toLowerCase() ?? null };
}
