import { parse } from 'lossless-json';

/**
 * Parses JSON keeping every number as a `LosslessNumber` (its exact text), so amounts with 18
 * fraction digits survive. Readers convert numbers per field: amounts to canonical decimal
 * strings, integer fields to JS numbers. Throws SyntaxError on invalid JSON.
 */
export function parseLosslessJson(text: string): unknown {
  return parse(text);
}
