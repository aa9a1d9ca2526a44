/**
 * Valid-looking test data: the lab's prefilled test payouts (runtime) and every test suite
 * (through `./testing`). Only well-known public test values live here (the Visa test card every
 * PSP sandbox accepts, a documented IBAN, genesis-block wallets); nothing here is a real person.
 */
import { composeIBAN, getCountrySpecifications } from 'ibantools';
import { currencyScale } from './currencies.js';
import { statesOf } from './countries.js';
import type { ResolvedField } from './fieldRules.js';
import { buildPayoutForm } from './payoutForm.js';
import type {
  Corridor,
  PayoutMetadataValue,
  PayoutMethodType,
  PayoutProvider,
  PayoutRequest,
} from './types.js';
import { createPayoutValidator } from './validatePayout.js';

/** The Visa test card every PSP sandbox accepts. */
export const SAMPLE_CARD_NUMBER = '4111111111111111';
export const SAMPLE_CARD_NUMBERS = [
  '4111111111111111',
  '4012888888881881',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
  '3530111333300000',
] as const;
/** A valid Belgian IBAN (checksum included). */
export const SAMPLE_IBAN = 'BE71096123456769';
/** Documented example IBANs (checksums and national check digits included). */
export const SAMPLE_IBANS: Readonly<Record<string, string>> = {
  BE: SAMPLE_IBAN,
  DE: 'DE89370400440532013000',
  FR: 'FR1420041010050500013M02606',
  GB: 'GB29NWBK60161331926819',
  NL: 'NL91ABNA0417164300',
  ES: 'ES9121000418450200051332',
  IT: 'IT60X0542811101000000123456',
  AT: 'AT611904300234573201',
  IE: 'IE29AIBK93115212345678',
  LU: 'LU280019400644750000',
  PT: 'PT50000201231234567890154',
  CH: 'CH9300762011623852957',
};
/** BICs of real banks' head offices, by country (public reference data). */
export const SAMPLE_BICS: Readonly<Record<string, string>> = {
  BE: 'GKCCBEBB',
  DE: 'COBADEFFXXX',
  FR: 'BNPAFRPP',
  GB: 'NWBKGB2L',
  NL: 'ABNANL2A',
  ES: 'CAIXESBB',
  IT: 'BCITITMM',
  AT: 'BKAUATWW',
  IE: 'AIBKIE2D',
  US: 'CHASUS33',
  CA: 'ROYCCAT2',
  AU: 'CTBAAU2S',
  JP: 'BOTKJPJT',
};
/** Domestic routing codes: a valid ABA number (JPMorgan Chase), a UK sort code, a BSB. */
const SAMPLE_ROUTING: Readonly<Record<string, string>> = {
  US: '021000021',
  GB: '601613',
  AU: '062000',
};
/** Domestic account numbers of the corridors that do not use IBANs. */
const SAMPLE_LOCAL_ACCOUNTS: Readonly<Record<string, string>> = {
  US: '000123456789',
  GB: '31926819',
  CA: '1234567',
  AU: '12345678',
  JP: '1234567',
};

/**
 * Bank details valid for a payout to `country`: its IBAN (a documented one, or one composed from
 * the country's format), a BIC there, its routing code and a local account number.
 */
export function sampleBankValues(country: string): string[] {
  const out: string[] = [];
  const iban = SAMPLE_IBANS[country] ?? composedIban(country);
  if (iban) out.push(iban);
  out.push(SAMPLE_BICS[country] ?? `TEST${country}2L`);
  const routing = SAMPLE_ROUTING[country];
  if (routing) out.push(routing);
  const account = SAMPLE_LOCAL_ACCOUNTS[country];
  if (account) out.push(account);
  return out;
}

function composedIban(country: string): string | undefined {
  const bban = getCountrySpecifications()[country]?.bban_regexp;
  if (!bban) return undefined;
  const example = exampleOf(bban.replace(/^\^|\$$/g, ''), (lo) => lo);
  return example === undefined
    ? undefined
    : (composeIBAN({ countryCode: country, bban: example }) ?? undefined);
}

export const SAMPLE_PHONE = '+32470123456';
/** Valid under libphonenumber-js "min" metadata, several countries and lengths. */
export const SAMPLE_PHONES = [
  '+32470123456',
  '+12133734253',
  '+447911123456',
  '+4915112345678',
  '+33612345678',
  '+8613800138000',
  '+6589555555',
  '+5511987654321',
  '+919876543210',
] as const;

/** Known-valid addresses per currency (genesis block, BIP-173/350 and EIP-55 examples, ...). */
export const SAMPLE_WALLET_ADDRESSES: Readonly<Record<string, readonly string[]>> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
  LTC: ['LLF7bd1B1kHfYQYbxbFTBvYM1LoegXHn7P', 'M8ZRNVWnk7aiYYAdZcuVEHJ2qr3Bv73FsU'],
  ETH: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ],
  TRX: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TAFjegi7z6x3oWWYHjjXcWEimYCPqShGwy'],
  /** For currencies under the generic rule (an XRP address). */
  generic: ['rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh'],
};

const EVM = new Set(['ETH', 'ETC', 'BNB', 'POL', 'USDC', 'DAI', 'LINK', 'SHIB']);

/** Addresses valid for `currency` (USDT: Ethereum and TRON ones). */
export function sampleWalletAddresses(currency: string): readonly string[] {
  if (currency === 'USDT') {
    return [...(SAMPLE_WALLET_ADDRESSES.ETH ?? []), ...(SAMPLE_WALLET_ADDRESSES.TRX ?? [])];
  }
  if (EVM.has(currency)) return SAMPLE_WALLET_ADDRESSES.ETH ?? [];
  return SAMPLE_WALLET_ADDRESSES[currency] ?? SAMPLE_WALLET_ADDRESSES.generic ?? [];
}

/** A card expiry that stays valid: December, three years after `now`. */
export function sampleExpiry(now: Date = new Date()): { expiryMonth: number; expiryYear: number } {
  return { expiryMonth: 12, expiryYear: now.getUTCFullYear() + 3 };
}

/**
 * Valid metadata per payout method type with every known field (seed 2.2); bank details valid for
 * a payout to `country` under the fields' default titles (Belgium's by default).
 */
export function sampleMetadata(
  type: PayoutMethodType,
  currency = 'BTC',
  now: Date = new Date(),
  country = 'BE',
): Record<string, PayoutMetadataValue> {
  const person = {
    customerFirstName: 'Ada',
    customerLastName: 'Lovelace',
    email: 'ada@example.com',
  };
  switch (type) {
    case 'credit_card':
      return {
        creditCardToken: '',
        creditCardNumber: SAMPLE_CARD_NUMBER,
        cardHolderName: 'Ada Lovelace',
        ...sampleExpiry(now),
        ...person,
      };
    case 'bank_account':
      return {
        bankCode: SAMPLE_BICS[country] ?? 'GKCCBEBB',
        bankName: 'Belfius Bank',
        bankBranch: 'Brussels Centre',
        bankAddress: 'Place Charles Rogier 11, Brussels',
        bankZipcode: '1210',
        bankRoutingNumber: SAMPLE_ROUTING[country] ?? '096',
        bankAccountNumber:
          SAMPLE_LOCAL_ACCOUNTS[country] ??
          SAMPLE_IBANS[country] ??
          composedIban(country) ??
          SAMPLE_IBAN,
        bankAccountName: 'Ada Lovelace',
        phone: SAMPLE_PHONE,
        ...person,
      };
    case 'crypto':
      return { walletAddress: sampleWalletAddresses(currency)[0] ?? '', ...person };
  }
}

/**
 * A small amount in the currency's scale whose last two digits (`00`, `01`) ask the sandbox
 * for no magic behaviour (its magic endings are 12 to 19).
 */
export function sampleAmount(currency: string): string {
  const scale = currencyScale(currency);
  if (scale === 0) return '1000';
  if (scale >= 3) return '0.001';
  return `10.${'0'.repeat(scale)}`;
}

/**
 * One example string for a simple regular expression (classes, groups, alternation,
 * quantifiers), with every repetition taken `reps(min, max)` times. Unsupported syntax gives
 * undefined; the caller then tries other candidates.
 */
function exampleOf(source: string, reps: (min: number, max: number) => number): string | undefined {
  let i = 0;
  const peek = () => source[i];
  const classChars = (): string[] | undefined => {
    // At `[`: the class's characters (negated classes are not supported).
    i += 1;
    if (peek() === '^') return undefined;
    const chars: string[] = [];
    while (i < source.length && peek() !== ']') {
      let c = source[i++] ?? '';
      if (c === '\\') {
        const e = source[i++] ?? '';
        const set = escapeSet(e);
        if (set) {
          chars.push(...set);
          continue;
        }
        c = e;
      }
      if (peek() === '-' && source[i + 1] !== ']' && source[i + 1] !== undefined) {
        i += 1;
        const end = source[i++] ?? c;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code += 1) {
          chars.push(String.fromCharCode(code));
        }
      } else chars.push(c);
    }
    i += 1;
    return chars;
  };
  const escapeSet = (e: string): string[] | undefined =>
    e === 'd' ? ['1'] : e === 'w' || e === 'S' ? ['a'] : e === 's' ? [' '] : undefined;
  const alternation = (): string | undefined => {
    const first = sequence();
    while (peek() === '|') {
      i += 1;
      if (sequence() === undefined) return undefined;
    }
    return first;
  };
  const sequence = (): string | undefined => {
    let out = '';
    while (i < source.length && peek() !== '|' && peek() !== ')') {
      const c = source[i];
      let atom: string[] | undefined;
      if (c === '^' || c === '$') {
        i += 1;
        continue;
      } else if (c === '(') {
        i += 1;
        if (source.startsWith('?:', i)) i += 2;
        const inner = alternation();
        if (inner === undefined || peek() !== ')') return undefined;
        i += 1;
        atom = [inner];
      } else if (c === '[') {
        atom = classChars();
      } else if (c === '\\') {
        const e = source[i + 1] ?? '';
        i += 2;
        atom = escapeSet(e) ?? (/[A-Za-z0-9]/.test(e) ? undefined : [e]);
      } else if (c === '.') {
        i += 1;
        atom = ['a'];
      } else if (c === '*' || c === '+' || c === '?' || c === '{') {
        return undefined;
      } else {
        i += 1;
        atom = [c ?? ''];
      }
      if (!atom || atom.length === 0) return undefined;
      // A class: prefer a letter or digit over punctuation and spaces.
      const pick = atom.find((a) => /^[A-Za-z0-9]/.test(a)) ?? atom[0] ?? '';
      let min = 1;
      let max = 1;
      const q = peek();
      if (q === '?' || q === '*' || q === '+') {
        i += 1;
        min = q === '+' ? 1 : 0;
        max = q === '?' ? 1 : 64;
      } else if (q === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
        if (!m) return undefined;
        i += m[0].length;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] ? Number(m[3]) : min + 64;
      }
      out += pick.repeat(reps(min, max));
    }
    return out;
  };
  const result = alternation();
  return i >= source.length ? result : undefined;
}

/** What a field could hold, best first: its name's sample, then its schema's shape. */
function candidatesFor(
  field: ResolvedField,
  named: Record<string, PayoutMetadataValue>,
  corridor: Corridor,
  now: Date,
): PayoutMetadataValue[] {
  const { schema } = field;
  const currency = corridor.currency;
  const out: PayoutMetadataValue[] = [];
  const byName = named[field.name];
  if (byName !== undefined && byName !== '') out.push(byName);
  if (field.normalize === 'bankCode') out.push(...sampleBankValues(corridor.country));
  if (schema.oneOf) {
    for (const o of schema.oneOf) {
      if (typeof o === 'object' && (typeof o.const === 'string' || typeof o.const === 'number')) {
        out.push(o.const);
      }
    }
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const lo = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const hi = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    if (field.rule === 'expiryYear') out.push(now.getUTCFullYear() + 3);
    if (field.rule === 'expiryMonth') out.push(12);
    out.push(lo ?? Math.min(1, hi ?? 1), hi ?? lo ?? 1, 1, 0);
    return out;
  }
  const format = schema.format;
  if (format === 'email') out.push('ada@example.com', 'a@example.com');
  if (format?.includes('phone')) out.push(...SAMPLE_PHONES);
  if (format?.includes('card')) out.push(...SAMPLE_CARD_NUMBERS);
  if (format?.startsWith('wallet-address')) out.push(...sampleWalletAddresses(currency));
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : min + 20;
  if (typeof schema.pattern === 'string') {
    const target = Math.max(min, Math.min(max, 12));
    for (const reps of [
      (lo: number) => lo,
      (lo: number, hi: number) => Math.min(hi, Math.max(lo, 1)),
      (lo: number, hi: number) => Math.min(hi, Math.max(lo, target)),
      (lo: number, hi: number) => Math.min(hi, Math.max(lo, 2)),
    ]) {
      const example = exampleOf(schema.pattern, reps);
      if (example !== undefined) out.push(example);
    }
  }
  const fill = (c: string) => c.repeat(Math.max(min, Math.min(max, 8)));
  out.push('Test value', 'Test', fill('A'), fill('1'), fill('a'));
  return out;
}

/**
 * A payout valid for this one provider in this corridor, as the lab prefills it: a fresh
 * `LAB-...` order id, a small non-magic amount, metadata from the field names' samples that
 * respects the PSP's hints. Checked with the same validator the BFF uses; a field no candidate
 * satisfies is left with its first candidate (the validator's message then shows which).
 */
export function samplePayoutFor(
  provider: PayoutProvider,
  corridor: Corridor,
  now: Date,
): PayoutRequest {
  const form = buildPayoutForm([provider], corridor, { now });
  const section = form.section(provider.payout_method_type, provider.name);
  const state = statesOf(corridor.country)[0]?.code ?? null;
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const random = Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '0');
  const base = {
    order_id: `LAB-${stamp}-${random}`,
    provider: provider.name,
    country: corridor.country,
    currency: corridor.currency,
    state,
    amount: sampleAmount(corridor.currency),
    payout_method_type: provider.payout_method_type,
  };
  if (!section) return { ...base, metadata: {} };
  const named = {
    ...sampleMetadata(provider.payout_method_type, corridor.currency, now, corridor.country),
    bankAccountType: 'checking',
  };
  const fields = section.fields.map((field) => ({
    field,
    candidates: candidatesFor(field, named, corridor, now),
    at: 0,
  }));
  const validate = createPayoutValidator(form);
  const build = () => ({
    ...base,
    metadata: Object.fromEntries(
      fields.flatMap(({ field, candidates, at }) =>
        candidates[at] === undefined ? [] : [[field.name, candidates[at]]],
      ),
    ),
  });
  for (let round = 0; round < 64; round += 1) {
    const payout = build();
    const result = validate(payout);
    if (result.ok) return payout;
    let moved = false;
    for (const entry of fields) {
      const pointer = `/metadata/${entry.field.name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (result.errors.some((e) => e.pointer === pointer) && entry.at < entry.candidates.length) {
        entry.at += 1;
        moved = true;
      }
    }
    if (!moved) return payout;
  }
  return build();
}
