import { isLosslessNumber } from 'lossless-json';

/** A plain JSON object (not an array, not a parsed number). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value)
  );
}
