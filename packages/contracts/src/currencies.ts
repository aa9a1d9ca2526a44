/**
 * Currency reference data: ISO 4217 fiat codes with their minor units, and the crypto codes the
 * orchestrator takes with the number of fraction digits their amounts may carry.
 *
 * Fiat: ISO 4217 list one as published 2026-01-01. Codes whose minor unit is "N.A." (XDR, XSU,
 * XUA, XBA-XBD, XTS, XXX, precious metals) are left out: nobody pays a recipient in them, and
 * without a minor unit there is no amount rule to apply. Fiat names are not stored: the UI gets
 * them from `Intl.DisplayNames` in the user's language.
 */

export type CurrencyKind = 'fiat' | 'crypto';

export interface CurrencyInfo {
  code: string;
  kind: CurrencyKind;
  /** Number of fraction digits an amount may carry (ISO 4217 minor units for fiat). */
  scale: number;
  /** Display name; set for crypto only (fiat names come from `Intl.DisplayNames`). */
  name?: string;
}

/** Code and minor units, space separated, to keep the table compact in the browser bundle. */
const FIAT_TABLE =
  'AED2 AFN2 ALL2 AMD2 AOA2 ARS2 AUD2 AWG2 AZN2 BAM2 BBD2 BDT2 BHD3 BIF0 BMD2 BND2 BOB2 BOV2 ' +
  'BRL2 BSD2 BTN2 BWP2 BYN2 BZD2 CAD2 CDF2 CHE2 CHF2 CHW2 CLF4 CLP0 CNY2 COP2 COU2 CRC2 CUP2 ' +
  'CVE2 CZK2 DJF0 DKK2 DOP2 DZD2 EGP2 ERN2 ETB2 EUR2 FJD2 FKP2 GBP2 GEL2 GHS2 GIP2 GMD2 GNF0 ' +
  'GTQ2 GYD2 HKD2 HNL2 HTG2 HUF2 IDR2 ILS2 INR2 IQD3 IRR2 ISK0 JMD2 JOD3 JPY0 KES2 KGS2 KHR2 ' +
  'KMF0 KPW2 KRW0 KWD3 KYD2 KZT2 LAK2 LBP2 LKR2 LRD2 LSL2 LYD3 MAD2 MDL2 MGA2 MKD2 MMK2 MNT2 ' +
  'MOP2 MRU2 MUR2 MVR2 MWK2 MXN2 MXV2 MYR2 MZN2 NAD2 NGN2 NIO2 NOK2 NPR2 NZD2 OMR3 PAB2 PEN2 ' +
  'PGK2 PHP2 PKR2 PLN2 PYG0 QAR2 RON2 RSD2 RUB2 RWF0 SAR2 SBD2 SCR2 SDG2 SEK2 SGD2 SHP2 SLE2 ' +
  'SOS2 SRD2 SSP2 STN2 SVC2 SYP2 SZL2 THB2 TJS2 TMT2 TND3 TOP2 TRY2 TTD2 TWD2 TZS2 UAH2 UGX0 ' +
  'USD2 USN2 UYI0 UYU2 UYW4 UZS2 VED2 VES2 VND0 VUV0 WST2 XAD2 XAF0 XCD2 XCG2 XOF0 XPF0 YER2 ' +
  'ZAR2 ZMW2 ZWG2';

/**
 * Crypto codes with the fraction digits of their smallest unit (satoshi, wei, ...), capped at 18
 * as the orchestrator's amounts are. Tokens use the decimals of their main contract (USDT and
 * USDC: 6).
 */
const CRYPTO: readonly (readonly [code: string, scale: number, name: string])[] = [
  ['BTC', 8, 'Bitcoin'],
  ['ETH', 18, 'Ether'],
  ['USDT', 6, 'Tether USD'],
  ['USDC', 6, 'USD Coin'],
  ['LTC', 8, 'Litecoin'],
  ['XRP', 6, 'XRP'],
  ['SOL', 9, 'Solana'],
  ['DOGE', 8, 'Dogecoin'],
  ['TRX', 6, 'TRON'],
  ['BCH', 8, 'Bitcoin Cash'],
  ['ADA', 6, 'Cardano'],
  ['DOT', 10, 'Polkadot'],
  ['BNB', 18, 'BNB'],
  ['POL', 18, 'Polygon'],
  ['DAI', 18, 'Dai'],
  ['XLM', 7, 'Stellar'],
  ['AVAX', 18, 'Avalanche'],
  ['LINK', 18, 'Chainlink'],
  ['SHIB', 18, 'Shiba Inu'],
  ['ETC', 18, 'Ethereum Classic'],
  ['XMR', 12, 'Monero'],
  ['DASH', 8, 'Dash'],
  ['ZEC', 8, 'Zcash'],
  ['ATOM', 6, 'Cosmos'],
  ['TON', 9, 'Toncoin'],
  ['ALGO', 6, 'Algorand'],
];

/** Every currency, fiat first (alphabetical), then crypto (by prominence), for dropdowns. */
export const CURRENCIES: readonly CurrencyInfo[] = [
  ...FIAT_TABLE.split(' ').map((entry): CurrencyInfo => ({
    code: entry.slice(0, 3),
    kind: 'fiat',
    scale: Number(entry[3]),
  })),
  ...CRYPTO.map(([code, scale, name]): CurrencyInfo => ({ code, kind: 'crypto', scale, name })),
];

const BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(CURRENCIES.map((c) => [c.code, c]));

/** The currency's entry, or undefined. Codes are upper case; no case folding is done. */
export function currencyInfo(code: string): CurrencyInfo | undefined {
  return BY_CODE.get(code);
}

export function isKnownCurrency(code: string): boolean {
  return BY_CODE.has(code);
}

export function isCryptoCurrency(code: string): boolean {
  return BY_CODE.get(code)?.kind === 'crypto';
}

/**
 * How many fraction digits an amount in this currency may carry.
 * @throws RangeError for an unknown code: guessing a scale would let wrong amounts through.
 */
export function currencyScale(code: string): number {
  const info = BY_CODE.get(code);
  if (!info) throw new RangeError(`Unknown currency: ${JSON.stringify(code)}`);
  return info.scale;
}
