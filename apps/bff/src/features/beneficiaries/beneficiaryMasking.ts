import { createHmac, hkdfSync } from 'node:crypto';
import {
  maskCardNumber,
  maskFieldValue,
  type PayoutMetadataValue,
  type PayoutMethodType,
} from '@payouts/contracts';

/**
 * How a beneficiary's payment details are kept (docs/decisions/014): what may be stored at all
 * (never a card number, a security code or an expiry), the masked view stored in clear for
 * lists, search and diffs, and the keyed fingerprint that finds duplicates.
 */

export type Details = Record<string, PayoutMetadataValue>;

const CARD_NUMBER = /card_?number|^pan$/i;
const SECURITY_CODE = /cvv|cvc|cvn|csc|security_?code/i;
const EXPIRY = /expiry|expiration|exp_?(month|year)/i;
const ACCOUNT = /account_?number|iban/i;
const WALLET = /wallet/i;
const TOKEN = /token/i;
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

function tokenOf(details: Details): string | undefined {
  for (const [name, value] of Object.entries(details)) {
    if (TOKEN.test(name) && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
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

/**
 * The account the details pay, normalized: IBAN/account number (upper-cased, no spaces) with
 * its bank code, the card token, or the wallet address; undefined when there is none (a card
 * without a token).
 */
export function accountIdentity(type: PayoutMethodType, details: Details): string | undefined {
  const text = (pattern: RegExp): string | undefined => {
    for (const [name, value] of Object.entries(details)) {
      if (pattern.test(name) && (typeof value === 'string' || typeof value === 'number')) {
        const v = compact(String(value)).toUpperCase();
        if (v !== '') return v;
      }
    }
    return undefined;
  };
  if (type === 'bank_account') {
    const account = text(ACCOUNT);
    if (!account) return undefined;
    const bank = text(/^bank_?code$/i) ?? text(/routing/i) ?? '';
    return `bank:${account}:${bank}`;
  }
  if (type === 'credit_card') {
    const token = tokenOf(details);
    return token === undefined ? undefined : `card:${token}`;
  }
  const wallet = Object.entries(details).find(([name]) => WALLET.test(name))?.[1];
  if (typeof wallet !== 'string' || wallet.trim() === '') return undefined;
  const address = wallet.trim();
  // Hex (EVM) addresses differ only by their checksum casing; others are case-sensitive.
  return `wallet:${/^0x[0-9a-f]{40}$/i.test(address) ? address.toLowerCase() : address}`;
}

/**
 * Keyed digests of account identities (HMAC-SHA256 with a key derived from the payout data key
 * under its own label): equal accounts have equal fingerprints, and a leaked table cannot be
 * brute-forced back to account numbers without the key.
 */
export function createFingerprinter(
  secret: string,
): (identity: string | undefined) => string | null {
  const key = Buffer.from(hkdfSync('sha256', secret, 'payouts', 'beneficiary-fingerprint-v1', 32));
  return (identity) =>
    identity === undefined ? null : createHmac('sha256', key).update(identity).digest('hex');
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
