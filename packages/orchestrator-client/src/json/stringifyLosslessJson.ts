import { stringify } from 'lossless-json';

/**
 * Serializes a request body. `LosslessNumber` values are written as their exact text, which is
 * how decimal-string amounts become JSON numbers without passing through a float.
 */
export function stringifyLosslessJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('value is not serializable to JSON');
  return text;
}
