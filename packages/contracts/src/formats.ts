/**
 * The custom string formats our schemas use, as plain predicates. The same record goes to our ajv
 * (`createContractsAjv`) and to RJSF (`customizeValidator({ customFormats: CUSTOM_FORMATS })`), so
 * the browser and the BFF agree on every value.
 *
 * Wallet addresses need the currency, which a format cannot receive, so there is one format per
 * currency whose addresses we can check (`wallet-address-btc`, `wallet-address-usdt`, ...) and a
 * generic `wallet-address` for the others; `walletAddressFormat(currency)` picks the name.
 */
import { BANK_FORMATS } from './bankDetails.js';
import { isPlausibleCardNumber } from './card.js';
import { containsCardNumber } from './cardNumbersInText.js';
import { isInternationalPhone } from './phone.js';
import { validateWalletAddress, WALLET_CHECKED_CURRENCIES } from './wallet.js';

export const LUHN_CARD_NUMBER_FORMAT = 'luhn-card-number';
export const INTERNATIONAL_PHONE_FORMAT = 'international-phone';
export const WALLET_ADDRESS_FORMAT = 'wallet-address';
/**
 * Free text: anything but a card number (`containsCardNumber`), which would be stored, searched
 * and exported in full from a name or an address.
 */
export const FREE_TEXT_FORMAT = 'free-text';

function withoutCardNumber(value: string): boolean {
  return !containsCardNumber(value);
}

/** The format name that checks a wallet address for `currency`. */
export function walletAddressFormat(currency: string): string {
  return WALLET_CHECKED_CURRENCIES.includes(currency)
    ? `${WALLET_ADDRESS_FORMAT}-${currency.toLowerCase()}`
    : WALLET_ADDRESS_FORMAT;
}

function walletFormat(currency: string): (value: string) => boolean {
  return (value) => validateWalletAddress(value, currency).ok;
}

/**
 * Written out (no spread, calls marked pure) so a bundle that does not use the formats leaves out
 * the phone metadata and the hash functions.
 */
export const CUSTOM_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  [LUHN_CARD_NUMBER_FORMAT]: isPlausibleCardNumber,
  [INTERNATIONAL_PHONE_FORMAT]: isInternationalPhone,
  [FREE_TEXT_FORMAT]: withoutCardNumber,
  // The generic rule: no currency is one we hold a checksum for.
  [WALLET_ADDRESS_FORMAT]: /* @__PURE__ */ walletFormat(''),
  'wallet-address-btc': /* @__PURE__ */ walletFormat('BTC'),
  'wallet-address-ltc': /* @__PURE__ */ walletFormat('LTC'),
  'wallet-address-eth': /* @__PURE__ */ walletFormat('ETH'),
  'wallet-address-etc': /* @__PURE__ */ walletFormat('ETC'),
  'wallet-address-bnb': /* @__PURE__ */ walletFormat('BNB'),
  'wallet-address-pol': /* @__PURE__ */ walletFormat('POL'),
  'wallet-address-usdc': /* @__PURE__ */ walletFormat('USDC'),
  'wallet-address-dai': /* @__PURE__ */ walletFormat('DAI'),
  'wallet-address-link': /* @__PURE__ */ walletFormat('LINK'),
  'wallet-address-shib': /* @__PURE__ */ walletFormat('SHIB'),
  'wallet-address-usdt': /* @__PURE__ */ walletFormat('USDT'),
  'wallet-address-trx': /* @__PURE__ */ walletFormat('TRX'),
  // IBANs and BICs per country and problem, the ABA check digit (bankDetails.ts).
  ...BANK_FORMATS,
};
