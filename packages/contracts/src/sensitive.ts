/**
 * Which metadata values are secrets or card data, and how they are shown on review screens, in
 * lists and in logs: card numbers as first 6 + last 4, account numbers as their last 4, tokens and
 * security codes not at all.
 */
import { maskCardNumber } from './card.js';
import type { PayoutMetadataValue } from './types.js';

/** The sensitive field names we know by name (payout metadata and the card deposit body). */
export const SENSITIVE_FIELD_NAMES: readonly string[] = [
  'creditCardNumber',
  'creditCardToken',
  'bankAccountNumber',
  'credit_card_number',
  'cvv2',
  'cvv',
  'cvc',
];

const CARD_RE = /card_?number|^pan$/i;
const ACCOUNT_RE = /account_?number|iban/i;
const SECRET_RE = /cvv|cvc|cvn|csc|security_?code|token|secret|password|passcode|^pin$/i;

/** True for the names above and for names that look like them (`cardNumber`, `iban`, `cvc2`). */
export function isSensitiveField(name: string): boolean {
  return (
    SENSITIVE_FIELD_NAMES.includes(name) ||
    CARD_RE.test(name) ||
    ACCOUNT_RE.test(name) ||
    SECRET_RE.test(name)
  );
}

/** `****` and the last 4 characters for 8 characters or more; `****` alone for shorter values. */
export function maskAccountNumber(value: string): string {
  const compact = value.replace(/[\s-]+/g, '');
  return compact.length >= 8 ? `****${compact.slice(-4)}` : '****';
}

/** The value as it may be displayed or logged; non-sensitive values come back unchanged. */
export function maskFieldValue(name: string, value: PayoutMetadataValue): PayoutMetadataValue {
  if (!isSensitiveField(name)) return value;
  const text = String(value);
  if (SECRET_RE.test(name)) return text === '' ? '' : '********';
  if (CARD_RE.test(name)) return maskCardNumber(text);
  if (ACCOUNT_RE.test(name)) return maskAccountNumber(text);
  return '********';
}

/** A copy of the payout (or anything with a `metadata` object) with its sensitive values masked. */
export function maskPayoutForDisplay<T extends { metadata: Record<string, PayoutMetadataValue> }>(
  payout: T,
): T {
  return {
    ...payout,
    metadata: Object.fromEntries(
      Object.entries(payout.metadata).map(([name, value]) => [name, maskFieldValue(name, value)]),
    ),
  };
}
