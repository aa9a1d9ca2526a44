import { currencyInfo, isCountryCode, statesOf } from '@payouts/contracts';
import { readJsonNumber } from './jsonNumber.js';

/**
 * Field rules shared by the payout and the card-deposit bodies. Each returns an error message,
 * or `undefined` when the value passes.
 */

export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

export function checkRequiredString(
  field: string,
  value: unknown,
  maxLength?: number,
): string | undefined {
  if (isBlank(value)) return `${field} is required`;
  if (typeof value !== 'string') return `${field} must be a string`;
  if (maxLength !== undefined && [...value].length > maxLength) {
    return `${field} must be at most ${maxLength} characters`;
  }
  return undefined;
}

export function checkCountry(value: unknown): string | undefined {
  if (isBlank(value)) return 'country is required';
  if (typeof value !== 'string' || !isCountryCode(value)) {
    return 'country must be an upper-case ISO 3166-1 alpha-2 code';
  }
  return undefined;
}

export function checkCurrency(value: unknown): string | undefined {
  if (isBlank(value)) return 'currency is required';
  if (typeof value !== 'string' || currencyInfo(value) === undefined) {
    return 'currency is not a supported currency code';
  }
  return undefined;
}

/**
 * `state` is required (a subdivision code such as `NY`, `ON`, `NSW`) for US, CA and AU, and
 * must be null or absent for every other country. Skipped when the country itself is invalid.
 */
export function checkState(country: unknown, value: unknown): string | undefined {
  if (typeof country !== 'string' || checkCountry(country) !== undefined) return undefined;
  const subdivisions = statesOf(country).map((s) => s.code);
  if (subdivisions.length === 0) {
    return value === undefined || value === null ? undefined : `state must be null for ${country}`;
  }
  if (isBlank(value)) return `state is required for ${country}`;
  if (typeof value !== 'string' || !subdivisions.includes(value)) {
    return `state must be a valid ${country} state or province code`;
  }
  return undefined;
}

/**
 * SANDBOX DECISION: the largest amount has 15 digits before the decimal point (below 10^15).
 * The real orchestrator documents no upper bound, but PSPs have one; this is the back-office's.
 */
const MAX_AMOUNT_INTEGER_DIGITS = 15;

/**
 * A JSON number > 0, below 10^15, with no more fraction digits (by value) than the currency's
 * scale.
 */
export function checkAmount(value: unknown, currency: unknown): string | undefined {
  if (value === undefined || value === null) return 'amount is required';
  const amount = readJsonNumber(value);
  if (!amount) return 'amount must be a JSON number';
  if (amount.negative || amount.isZero) return 'amount must be greater than 0';
  const integerDigits = amount.decimal.split('.')[0]?.length ?? 0;
  if (integerDigits > MAX_AMOUNT_INTEGER_DIGITS) {
    return `amount must have at most ${MAX_AMOUNT_INTEGER_DIGITS} digits before the decimal point`;
  }
  const scale = typeof currency === 'string' ? currencyInfo(currency)?.scale : undefined;
  if (scale !== undefined && amount.significantFractionDigits > scale) {
    return scale === 0
      ? `amount must be a whole number for ${String(currency)}`
      : `amount must have at most ${scale} decimal places for ${String(currency)}`;
  }
  return undefined;
}

/** An integer (JSON number) within [min, max]. */
export function checkIntegerInRange(
  field: string,
  value: unknown,
  min: number,
  max: number,
): string | undefined {
  if (value === undefined || value === null) return `${field} is required`;
  const n = readJsonNumber(value);
  if (!n?.isInteger) return `${field} must be an integer`;
  const number = Number(n.decimal);
  if (number < min || number > max) return `${field} must be between ${min} and ${max}`;
  return undefined;
}

/** The integer value of a JSON number known to be an integer. */
export function integerValue(value: unknown): number {
  return Number(readJsonNumber(value)?.decimal ?? Number.NaN);
}
