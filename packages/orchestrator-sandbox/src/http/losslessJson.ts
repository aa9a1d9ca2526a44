import { LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * Parses a request body keeping every number as a LosslessNumber, so an 18-digit crypto amount
 * reaches validation digit for digit. Duplicate keys are an error, as for any strict parser.
 */
export function parseLosslessJson(text: string): unknown {
  return parse(text);
}

/** Serializes a reply; amounts wrapped in `LosslessNumber` come out as JSON numbers unchanged. */
export function stringifyLosslessJson(value: unknown): string {
  return stringify(value) ?? 'null';
}

/** Wraps a decimal string so it is written as a JSON number with exactly these digits. */
export function jsonNumber(decimal: string): LosslessNumber {
  return new LosslessNumber(decimal);
}
