import { isLosslessNumber } from 'lossless-json';

/** A JSON number as the sandbox sees it: its exact text, normalized to plain decimal notation. */
export interface JsonNumber {
  /** Plain decimal notation (`-12.50`, `0.000001`), digits as sent, exponent expanded. */
  decimal: string;
  negative: boolean;
  isZero: boolean;
  isInteger: boolean;
  /** Fraction digits once trailing zeros are dropped: `10.50` has 1, `1e-3` has 3. */
  significantFractionDigits: number;
}

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Reads a value parsed by lossless-json as a JSON number, without ever going through a float,
 * so `0.123456789012345678` keeps all 18 digits. Returns `undefined` for anything that was not
 * a JSON number (a numeric string is not a number here: the orchestrator types `amount` as a
 * number).
 */
export function readJsonNumber(value: unknown): JsonNumber | undefined {
  let text: string;
  if (isLosslessNumber(value)) {
    text = value.value;
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    text = String(value);
  } else {
    return undefined;
  }
  return parseNumberText(text);
}

/** Parses JSON number text (or `String(n)` output) into its plain decimal form. */
export function parseNumberText(text: string): JsonNumber | undefined {
  const match = NUMBER_TEXT.exec(text);
  if (!match) return undefined;
  const sign = match[1] ?? '';
  const intPart = match[2] ?? '0';
  const fracPart = match[3] ?? '';
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return undefined;

  let digits = intPart + fracPart;
  let pointAt = intPart.length + exponent;
  if (pointAt < 0) {
    digits = '0'.repeat(-pointAt) + digits;
    pointAt = 0;
  }
  if (pointAt > digits.length) {
    digits = digits + '0'.repeat(pointAt - digits.length);
  }
  let whole = digits.slice(0, pointAt).replace(/^0+(?=\d)/, '');
  if (whole === '') whole = '0';
  const fraction = digits.slice(pointAt);
  const decimal = `${sign}${whole}${fraction === '' ? '' : `.${fraction}`}`;
  const significantFraction = fraction.replace(/0+$/, '');
  const isZero = /^0*$/.test(whole + fraction);
  return {
    decimal,
    negative: sign === '-' && !isZero,
    isZero,
    isInteger: significantFraction === '',
    significantFractionDigits: significantFraction.length,
  };
}
