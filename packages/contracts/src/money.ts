/**
 * Amounts are decimal strings (`"1250.50"`) everywhere in our code, never JavaScript numbers:
 * a double cannot hold 18 fraction digits of ETH or 17 significant digits of a large fiat sum.
 * Arithmetic goes through big.js; formatting through `Intl.NumberFormat`, which formats a decimal
 * string exactly (ECMA-402 "Intl.NumberFormat v3", Node 20 and current browsers).
 */
import Big from 'big.js';
import { currencyInfo, currencyScale } from './currencies.js';

/**
 * A plain decimal: digits, an optional fraction, no sign, no exponent, no superfluous leading
 * zero. As a JSON Schema pattern (read side: records and notifications) and as the one regular
 * expression the API's query parsing, the services and the SPA test amounts with.
 */
export const DECIMAL_STRING_PATTERN = '^(0|[1-9][0-9]*)(\\.[0-9]+)?$';
export const DECIMAL_STRING_RE = new RegExp(DECIMAL_STRING_PATTERN);

/** Matches a decimal string that is zero (`0`, `0.00`). */
export const ZERO_AMOUNT_PATTERN = '^0(\\.0+)?$';

/** The largest amount we accept has 15 digits before the decimal point (below 10^15). */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;

export type AmountCheck = { ok: true } | { ok: false; message: string };

export function isDecimalString(s: unknown): s is string {
  return typeof s === 'string' && DECIMAL_STRING_RE.test(s);
}

function assertDecimal(s: string, what = 'amount'): void {
  if (!isDecimalString(s)) {
    throw new RangeError(`Not a decimal string ${what}: ${JSON.stringify(s)}`);
  }
}

/** Number of fraction digits as written (`"1.50"` -> 2, `"7"` -> 0). */
export function amountScale(s: string): number {
  assertDecimal(s);
  const dot = s.indexOf('.');
  return dot === -1 ? 0 : s.length - dot - 1;
}

function decimalsPhrase(scale: number): string {
  return scale === 1 ? '1 decimal' : `${scale} decimals`;
}

/** An example amount for messages: `1250.50`, `1250`, `0.00012345`. */
export function exampleAmount(scale: number): string {
  if (scale === 0) return '1250';
  if (scale <= 3) return `1250.${'50'.padEnd(scale, '0')}`;
  return `0.${'12345678'.slice(0, Math.min(scale, 8))}`;
}

/**
 * Whether `amount` is an acceptable amount in `currency`: a decimal string greater than zero, with
 * at most the currency's scale of fraction digits and at most 15 integer digits. The message is
 * written for the person who typed the amount.
 */
export function validateAmount(amount: unknown, currency: string): AmountCheck {
  const info = currencyInfo(currency);
  if (!info) return { ok: false, message: `Unknown currency "${currency}".` };
  if (!isDecimalString(amount)) {
    return {
      ok: false,
      message: `Enter the amount with digits and a decimal point only, e.g. ${exampleAmount(info.scale)} (no spaces, signs or thousands separators).`,
    };
  }
  const [integer = '', fraction = ''] = amount.split('.');
  if (integer.length > MAX_AMOUNT_INTEGER_DIGITS) {
    return {
      ok: false,
      message: `The amount is too large: at most ${MAX_AMOUNT_INTEGER_DIGITS} digits before the decimal point.`,
    };
  }
  if (fraction.length > info.scale) {
    return {
      ok: false,
      message:
        info.scale === 0
          ? `${currency} amounts cannot have decimals.`
          : `${currency} amounts can have at most ${decimalsPhrase(info.scale)}.`,
    };
  }
  if (/^0(\.0+)?$/.test(amount))
    return { ok: false, message: 'The amount must be greater than 0.' };
  return { ok: true };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. Throws on a non-decimal string. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  assertDecimal(a);
  assertDecimal(b);
  // Decimal strings have no sign and no leading zeros: the longer integer part is the larger,
  // then digits decide, integer part first, then the fraction padded to a common length. No
  // big.js here, so the approval-policy engine (which compares) keeps it out of the SPA's lists.
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = ai + af.padEnd(width, '0');
  const y = bi + bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * The canonical form used for comparison and storage keys: trailing fraction zeros and a bare
 * trailing point removed (`"10.50"` -> `"10.5"`, `"10.00"` -> `"10"`). Equal amounts have equal
 * canonical forms. For display use `formatAmount`, which pads fiat to the currency's scale.
 */
export function normalizeAmount(s: string): string {
  assertDecimal(s);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/**
 * The amount written with exactly the currency's scale (`"10.5"` EUR -> `"10.50"`).
 * @throws RangeError when the amount has more fraction digits than the currency allows
 * (it never rounds money).
 */
export function amountToScale(amount: string, currency: string): string {
  const scale = currencyScale(currency);
  assertDecimal(amount);
  const [integer = '', fraction = ''] = amount.split('.');
  if (/[1-9]/.test(fraction.slice(scale))) {
    throw new RangeError(`${amount} has more than ${scale} fraction digits for ${currency}`);
  }
  return scale === 0 ? integer : `${integer}.${fraction.slice(0, scale).padEnd(scale, '0')}`;
}

/** The exact sum, canonical form (see `normalizeAmount`). `[]` sums to `"0"`. */
export function sumAmounts(amounts: readonly string[]): string {
  let total = new Big(0);
  for (const a of amounts) {
    assertDecimal(a);
    total = total.plus(a);
  }
  return total.toFixed();
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(
  locale: string | undefined,
  currency: string | undefined,
  digits: number,
): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency ?? ''}|${digits}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency } : {}),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * The amount for display, with grouping and exactly the currency's scale (`"1234.5"` EUR ->
 * `"€1,234.50"` in en-US). Fiat uses the locale's currency format; crypto codes (which
 * `Intl` does not know) and unknown codes get the number followed by the code, without trailing
 * zeros (`"0.12345678 BTC"`, `"0.5 BTC"`). Every digit is kept: an amount with more fraction digits than the scale is
 * shown with all of them rather than rounded.
 * @throws RangeError when `amount` is not a decimal string.
 */
export function formatAmount(amount: string, currency: string, locale?: string): string {
  const info = currencyInfo(currency);
  // Crypto shows the digits it has, without trailing zeros (`0.5 BTC`, not `0.50000000 BTC`).
  const digits =
    info?.kind === 'fiat'
      ? Math.max(info.scale, amountScale(amount))
      : amountScale(normalizeAmount(amount));
  // ECMA-402 caps fraction digits at 100; nothing real gets near, but never throw on display.
  if (digits > 100) return `${amount} ${currency}`;
  // A string argument is formatted exactly (no detour through a double).
  const value = amount as `${number}`;
  if (info?.kind === 'fiat') return formatterFor(locale, currency, digits).format(value);
  return `${formatterFor(locale, undefined, digits).format(value)} ${currency}`;
}

/**
 * A JSON Schema `pattern` for the syntax of an amount in `currency`: a decimal string with at most
 * 15 integer digits and at most the currency's scale of fraction digits (none for scale 0). It
 * does not exclude zero: pair it with `not: { pattern: ZERO_AMOUNT_PATTERN }` (as
 * `amountSchemaFor` does) so that each mistake gets its own message.
 * @throws RangeError for an unknown currency.
 */
export function amountPatternFor(currency: string): string {
  const scale = currencyScale(currency);
  const integer = `(0|[1-9][0-9]{0,${MAX_AMOUNT_INTEGER_DIGITS - 1}})`;
  return scale === 0 ? `^${integer}$` : `^${integer}(\\.[0-9]{1,${scale}})?$`;
}
