import {
  isEmailAddress,
  isInternationalPhone,
  isPlausibleCardNumber,
  validateWalletAddress,
} from '@payouts/contracts';
import { readJsonNumber } from '../validation/jsonNumber.js';
import type { MetadataFieldRule, MetadataFormat } from './resolveMetadataFieldRule.js';

/**
 * One metadata value against its field's rule; an error message, or `undefined` when it passes.
 * Missing (absent or `null`) is refused only for a required field; a blank string (only
 * whitespace) counts as missing for an optional field, and a required field gets "is required"
 * when a blank value fails its rule (the card token, whose rule takes an empty string, passes).
 */
export function checkMetadataField(
  rule: MetadataFieldRule,
  value: unknown,
  currency: string,
): string | undefined {
  const { title } = rule;
  if (value === undefined || value === null) {
    return rule.required ? `${title} is required` : undefined;
  }
  const blank = typeof value === 'string' && value.trim() === '';
  if (blank && !rule.required) return undefined;
  const problem = firstProblem(rule, value, currency);
  if (problem === undefined) return undefined;
  return blank ? `${title} is required` : `${title} ${problem}`;
}

function firstProblem(
  rule: MetadataFieldRule,
  value: unknown,
  currency: string,
): string | undefined {
  const number = readJsonNumber(value);
  if (rule.options) {
    const { values, numeric } = rule.options;
    const matches = numeric
      ? number !== undefined &&
        (rule.kind !== 'integer' || number.isInteger) &&
        values.some((v) => Number(v) === Number(number.decimal))
      : typeof value === 'string' && values.includes(value);
    return matches ? undefined : `must be one of ${values.join(', ')}`;
  }
  switch (rule.kind) {
    case 'integer': {
      if (!number?.isInteger) return 'must be an integer';
      const n = Number(number.decimal);
      const { minimum = -Infinity, maximum = Infinity } = rule;
      return n < minimum || n > maximum ? `must be between ${minimum} and ${maximum}` : undefined;
    }
    case 'number':
      return number ? undefined : 'must be a number';
    case 'string':
      return typeof value === 'string' ? stringProblem(rule, value, currency) : 'must be a string';
  }
}

function stringProblem(
  rule: MetadataFieldRule,
  value: string,
  currency: string,
): string | undefined {
  const length = [...value].length;
  if (rule.minLength !== undefined && length < rule.minLength) {
    return `must be at least ${rule.minLength} characters`;
  }
  if (rule.maxLength !== undefined && length > rule.maxLength) {
    return `must be at most ${rule.maxLength} characters`;
  }
  if (rule.pattern && !rule.pattern.regex.test(value)) {
    return rule.pattern.describe ?? 'has an invalid format';
  }
  return rule.format === undefined ? undefined : formatProblem(rule.format, value, currency);
}

function formatProblem(
  format: MetadataFormat,
  value: string,
  currency: string,
): string | undefined {
  switch (format) {
    case 'email':
      return isEmailAddress(value) ? undefined : 'is invalid';
    case 'phone':
      return isInternationalPhone(value)
        ? undefined
        : 'must be an international phone number in E.164 format, e.g. +14155552671';
    case 'cardNumber':
      return isPlausibleCardNumber(value) ? undefined : 'is invalid';
    case 'walletAddress':
      return validateWalletAddress(value, currency).ok
        ? undefined
        : `is not a valid ${currency} address`;
  }
}
