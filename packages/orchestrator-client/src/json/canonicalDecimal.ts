const JSON_NUMBER = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
// Far beyond any amount; keeps a hostile `1e999999999` from allocating a huge string.
const MAX_EXPONENT = 400;

/**
 * The canonical decimal string of a JSON number text or decimal string: no exponent, no
 * leading zeros, no trailing fraction zeros, no negative zero (`"1.50e1"` -> `"15"`,
 * `"0.10"` -> `"0.1"`). Digits are moved as text, so nothing is ever rounded.
 * Throws a RangeError for anything that is not a number.
 */
export function canonicalDecimal(text: string): string {
  const match = JSON_NUMBER.exec(text);
  if (match === null) throw new RangeError('not a decimal number');
  const [, sign = '', intPart = '', fracPart = '', expPart = '0'] = match;
  const exponent = Number(expPart);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) {
    throw new RangeError('exponent out of range');
  }
  let digits = intPart + fracPart;
  let point = intPart.length + exponent;
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  const body = fraction === '' ? integer : `${integer}.${fraction}`;
  return sign === '-' && /[1-9]/.test(body) ? `-${body}` : body;
}

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Whether a string is a plain decimal (our amount format: no exponent, no sign but `-`). */
export function isPlainDecimal(text: string): boolean {
  return PLAIN_DECIMAL.test(text);
}
