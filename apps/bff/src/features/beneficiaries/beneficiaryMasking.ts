import {
  maskCardNumber,
  maskFieldValue,
  type PayoutMetadataValue,
  type PayoutMethodType,
} from '@payouts/contracts';
import { tokenOf, type Details } from '../../shared/accountFingerprint.js';

/**
 * How a beneficiary's payment details are kept (docs/decisions/014): what may be stored at all
 * (never a card number, a security code or an expiry), the masked view stored in clear for
 * lists, search and diffs, and the keyed fingerprint that finds duplicates.
 */

export type { Details } from '../../shared/accountFingerprint.js';
export { accountIdentity, createFingerprinter } from '../../shared/accountFingerprint.js';

const CARD_NUMBER = /card_?number|^pan$/i;
const SECURITY_CODE = /cvv|cvc|cvn|csc|security_?code/i;
const EXPIRY = /expiry|expiration|exp_?(month|year)/i;
const ACCOUNT = /account_?number|iban/i;
const WALLET = /wallet/i;
const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/;

/** Card data typed again for each payout: never kept, not even sealed (PCI DSS). */
export function isCardDataField(name: string): boolean {
  return CARD_NUMBER.test(name) || SECURITY_CODE.test(name) || EXPIRY.test(name);
}

/**
 * The details as they may be kept (sealed): a card beneficiary keeps its PSP token and the
 * holder's names, never the card itself; `cardFieldsRequired` when there is no token.
 */
export function storableDetails(
  type: PayoutMethodType,
  details: Details,
): { details: Details; cardFieldsRequired: boolean } {
  const kept = Object.fromEntries(
    Object.entries(details).filter(([name]) => !isCardDataField(name)),
  );
  if (type !== 'credit_card') return { details: kept, cardFieldsRequired: false };
  const token = tokenOf(kept);
  return { details: kept, cardFieldsRequired: token === undefined };
}

function compact(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

/** An IBAN as its country and check digits + last 4; other account numbers as their last 4. */
export function maskAccount(value: string): string {
  const text = compact(value).toUpperCase();
  if (text.length < 8) return '****';
  if (IBAN_SHAPE.test(text)) return `${text.slice(0, 4)}****${text.slice(-4)}`;
  return `****${text.slice(-4)}`;
}

/** A wallet address as its first 6 + last 4 characters. */
export function maskWallet(value: string): string {
  const text = value.trim();
  if (text.length < 14) return '****';
  return `${text.slice(0, 6)}…${text.slice(-4)}`;
}

/** One detail as lists, search and diffs show it; names, e-mail and bank codes stay clear. */
export function maskDetailValue(name: string, value: PayoutMetadataValue): PayoutMetadataValue {
  if (typeof value === 'string') {
    if (WALLET.test(name)) return maskWallet(value);
    if (ACCOUNT.test(name)) return maskAccount(value);
    if (CARD_NUMBER.test(name)) return maskCardNumber(value);
  }
  return maskFieldValue(name, value);
}

/** The masked view of a beneficiary's details (what is stored in clear). */
export function maskDetails(details: Details): Details {
  return Object.fromEntries(
    Object.entries(details)
      .filter(([name]) => !SECURITY_CODE.test(name))
      .map(([name, value]) => [name, maskDetailValue(name, value)]),
  );
}

/**
 * What `q` searches, lower-cased: the name, reference, e-mail and the masked details (names in
 * clear, account prefixes and last 4s). Only masked values: never a full account number.
 */
export function searchTextOf(input: {
  displayName: string;
  reference: string;
  email: string | null;
  masked: Details;
}): string {
  const parts = [input.displayName, input.reference, input.email ?? ''];
  for (const value of Object.values(input.masked)) {
    const text = String(value);
    if (/^\*+$/.test(text) || text === '') continue;
    parts.push(text);
  }
  return parts
    .filter((p) => p !== '')
    .join(' ')
    .toLowerCase();
}

/** Each field whose value changes, masked on both sides (compared on the real values). */
export function diffDetails(
  from: Details,
  to: Details,
): { field: string; from: PayoutMetadataValue | null; to: PayoutMetadataValue | null }[] {
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => from[field] !== to[field])
    .map((field) => ({
      field,
      from: field in from ? maskDetailValue(field, from[field]!) : null,
      to: field in to ? maskDetailValue(field, to[field]!) : null,
    }));
}
