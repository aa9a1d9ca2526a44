/**
 * Values that pass our rules, for tests everywhere. Test-only data: real-looking card numbers and
 * addresses live here and nowhere in application code.
 */
import type { PayoutMethodType, PayoutMetadataValue } from '../types.js';

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

/** Valid metadata per payout method type with every known field (seed 2.2). */
export function sampleMetadata(
  type: PayoutMethodType,
  currency = 'BTC',
  now: Date = new Date(),
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
        bankCode: 'GKCCBEBB',
        bankName: 'Belfius Bank',
        bankBranch: 'Brussels Centre',
        bankAddress: 'Place Charles Rogier 11, Brussels',
        bankZipcode: '1210',
        bankRoutingNumber: '096',
        bankAccountNumber: SAMPLE_IBAN,
        bankAccountName: 'Ada Lovelace',
        phone: SAMPLE_PHONE,
        ...person,
      };
    case 'crypto':
      return { walletAddress: sampleWalletAddresses(currency)[0] ?? '', ...person };
  }
}
