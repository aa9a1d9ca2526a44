import { isLosslessNumber, isSafeNumber } from 'lossless-json';
import { canonicalDecimal } from './canonicalDecimal.js';

/**
 * Turns a losslessly parsed value into plain data for pass-through payloads (PSP responses,
 * notification extras): numbers that a JS number holds exactly become numbers, the others
 * become their canonical decimal string rather than silently losing digits.
 */
export function toPlainJson(value: unknown): unknown {
  if (isLosslessNumber(value)) {
    return isSafeNumber(value.value) ? Number(value.value) : canonicalDecimal(value.value);
  }
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = toPlainJson(inner);
    return out;
  }
  return value;
}
