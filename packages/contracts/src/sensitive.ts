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

/**
 * The last 4 characters a payout's card or account number shows once masked (upper case), the
 * first such field by name; null when none shows any. What search by last digits matches
 * (`payouts.account_last4`; migration 0037 reads the same from masked metadata).
 */
export function accountLast4(metadata: Record<string, PayoutMetadataValue>): string | null {
  for (const name of Object.keys(metadata).sort()) {
    if (!CARD_RE.test(name) && !ACCOUNT_RE.test(name)) continue;
    const value = metadata[name];
    if (value === undefined) continue;
    const shown = /[0-9A-Za-z]{4}$/.exec(String(maskFieldValue(name, value)));
    if (shown) return shown[0].toUpperCase();
  }
  return null;
}

/**
 * The last 4 digits a search term asks for, or null: 4 or more digits (spaces, dashes, dots and
 * mask stars allowed between them, as a masked number is shown or read out), or a whole IBAN.
 */
export function lastDigitsOfTerm(term: string): string | null {
  const compact = term.replace(/[\s*•·.-]+/g, '');
  if (/^[0-9]{4,}$/.test(compact) || /^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/.test(compact)) {
    const last = compact.slice(-4).toUpperCase();
    return /^[0-9A-Z]{4}$/.test(last) ? last : null;
  }
  return null;
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
