/**
 * Card number helpers. A full card number is only ever held while it is typed and sent; it is
 * shown, logged and stored as first 6 + last 4 at most (`maskCardNumber`).
 */

/** Removes the spaces and dashes people type or paste in card numbers. */
export function normalizeCardNumber(s: string): string {
  return s.replace(/[\s-]+/g, '');
}

/** The Luhn (mod 10) check over a string of digits; false for anything else or fewer than 2 digits. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 12 to 19 digits (no separators) passing the Luhn check: what a real card number looks like. */
export function isPlausibleCardNumber(s: string): boolean {
  return /^[0-9]{12,19}$/.test(s) && luhnValid(s);
}

/**
 * The leading digits that identify the issuer, as the fingerprint endpoint's `cardBin` takes them.
 * 6 by default (the classic BIN); pass 8 for the 8-digit IINs issued since 2022.
 * @throws RangeError when the (normalized) number has fewer digits than asked or non-digits.
 */
export function cardBin(number: string, length: 6 | 8 = 6): string {
  const digits = normalizeCardNumber(number);
  if (!/^[0-9]+$/.test(digits) || digits.length < length) {
    throw new RangeError(`A card BIN needs at least ${length} digits`);
  }
  return digits.slice(0, length);
}

const MASK = '******';

/**
 * First 6 + `******` + last 4 for a card-length number (13 digits or more); `******` + last 4 for
 * 10 to 12 digits; `******` alone for anything shorter or not made of digits. Never more than 10
 * digits are visible, and the mask's length does not reveal the number's length.
 */
export function maskCardNumber(number: string): string {
  const digits = normalizeCardNumber(number);
  if (!/^[0-9]+$/.test(digits) || digits.length < 10) return MASK;
  if (digits.length < 13) return `${MASK}${digits.slice(-4)}`;
  return `${digits.slice(0, 6)}${MASK}${digits.slice(-4)}`;
}

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'mir' | 'maestro';

/** A range of issuer numbers: the brand, its leading digits and the lengths its cards have. */
interface IssuerRange {
  brand: CardBrand;
  prefix: RegExp;
  lengths: readonly number[];
}

const lengthsFrom = (min: number, max: number): number[] =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

/**
 * The networks' published issuer ranges (ISO/IEC 7812 IINs) and card lengths, first match wins.
 * Maestro, last, takes what is left of 50 and 56-69.
 */
const ISSUER_RANGES: readonly IssuerRange[] = [
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  {
    brand: 'mastercard',
    prefix: /^(5[1-5]|222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)/,
    lengths: [16],
  },
  { brand: 'amex', prefix: /^3[47]/, lengths: [15] },
  { brand: 'diners', prefix: /^3(0[0-5]|[689])/, lengths: lengthsFrom(14, 19) },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8][0-9])/, lengths: lengthsFrom(16, 19) },
  { brand: 'discover', prefix: /^(6011|64[4-9]|65)/, lengths: lengthsFrom(16, 19) },
  { brand: 'unionpay', prefix: /^62/, lengths: lengthsFrom(16, 19) },
  { brand: 'mir', prefix: /^220[0-4]/, lengths: lengthsFrom(16, 19) },
  { brand: 'maestro', prefix: /^(5[06-9]|6[0-9])/, lengths: lengthsFrom(12, 19) },
];

/** The card scheme from the leading digits, for an icon or a label; undefined when unknown. */
export function cardBrand(number: string): CardBrand | undefined {
  const digits = normalizeCardNumber(number);
  if (!/^[0-9]+$/.test(digits)) return undefined;
  return ISSUER_RANGES.find(({ prefix }) => prefix.test(digits))?.brand;
}

/**
 * True when `digits` (digits alone) could be an issued card: a known brand's leading digits, one
 * of that brand's lengths, and the Luhn check. A digit run that merely passes the Luhn check (one
 * in ten do) is not enough: an invoice number `1796356508483` does, and starts with no brand.
 */
export function isIssuedCardNumber(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  const range = ISSUER_RANGES.find(({ prefix }) => prefix.test(digits));
  return range !== undefined && range.lengths.includes(digits.length) && luhnValid(digits);
}
