import { createHmac, hkdfSync } from 'node:crypto';
import type { PayoutMetadataValue, PayoutMethodType } from '@payouts/contracts';

/**
 * Which account payment details pay, as a keyed fingerprint: equal accounts have equal
 * fingerprints, and a leaked table cannot be brute-forced back to account numbers without the
 * key. Beneficiaries find duplicate payees with it, payouts possible duplicate payments.
 */

export type Details = Record<string, PayoutMetadataValue>;

const ACCOUNT = /account_?number|iban/i;
const CARD_NUMBER = /card_?number|^pan$/i;
const WALLET = /wallet/i;
const TOKEN = /token/i;

function compact(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

/** The first non-empty PSP token of the details (a card beneficiary's card). */
export function tokenOf(details: Details): string | undefined {
  for (const [name, value] of Object.entries(details)) {
    if (TOKEN.test(name) && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
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
 * The account a payout pays: as `accountIdentity`, and for a card payout without a token its
 * card number's digits (a payout carries the number; a beneficiary never keeps it).
 */
export function payoutAccountIdentity(
  type: PayoutMethodType,
  metadata: Details,
): string | undefined {
  const identity = accountIdentity(type, metadata);
  if (identity !== undefined || type !== 'credit_card') return identity;
  for (const [name, value] of Object.entries(metadata)) {
    if (!CARD_NUMBER.test(name)) continue;
    const digits = String(value).replace(/\D+/g, '');
    if (digits !== '') return `card-number:${digits}`;
  }
  return undefined;
}

/** Keyed digests of account identities (HMAC-SHA256, a key derived from `secret`). */
export function createFingerprinter(
  secret: string,
): (identity: string | undefined) => string | null {
  const key = Buffer.from(hkdfSync('sha256', secret, 'payouts', 'beneficiary-fingerprint-v1', 32));
  return (identity) =>
    identity === undefined ? null : createHmac('sha256', key).update(identity).digest('hex');
}
