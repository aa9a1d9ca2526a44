import { separatorsOf } from './formatNumberParts.js';
import { displayLocale } from './displayPreferences.js';

/** Spaces of every kind and apostrophes: group separators (fr, de-CH) that people also type. */
const SPACES = /[\s\u00a0\u202f'’]/g;

/** `1,234,567` or (Indian) `12,34,567`, with `sep` between the groups. */
function isGrouped(integer: string, sep: string): boolean {
  const groups = integer.split(sep);
  if (groups.length === 1) return /^\d+$/.test(integer);
  const [first, ...rest] = groups as [string, ...string[]];
  if (!/^\d{1,3}$/.test(first) || !/^\d{3}$/.test(rest.at(-1)!)) return false;
  const middle = rest.slice(0, -1);
  return middle.every((g) => /^\d{3}$/.test(g)) || middle.every((g) => /^\d{2}$/.test(g));
}

/**
 * An amount as a person typed it, in their locale, as the decimal string the API takes:
 * `1,000.50` (en) and `1.000,50` (de) are both `1000.50`; spaces and apostrophes group too. A
 * single separator of the other kind that cannot be grouping is read as the decimal point
 * (`1000.5` in de is `1000.5`, `12,5` in en is `12.5`). Answers `null` when it is not a number
 * (the caller keeps the text, and validation says what is wrong); never rounds.
 */
export function parseAmountEntry(text: string, locale: string = displayLocale()): string | null {
  const typed = text.replace(SPACES, '');
  if (!/^[0-9.,]+$/.test(typed) || !/\d/.test(typed)) return null;
  const { decimal } = separatorsOf(locale);
  const point = decimal === ',' ? ',' : '.';
  const other = point === '.' ? ',' : '.';
  let integer: string;
  let fraction = '';
  if (typed.includes(point)) {
    const parts = typed.split(point);
    if (parts.length !== 2) return null;
    [integer, fraction] = parts as [string, string];
    if (fraction.includes(other) || !isGrouped(integer || '0', other)) return null;
    integer = integer.replaceAll(other, '');
  } else {
    const parts = typed.split(other);
    if (parts.length === 2 && parts[1]!.length !== 3) {
      [integer, fraction] = parts as [string, string];
    } else {
      if (!isGrouped(typed, other)) return null;
      integer = typed.replaceAll(other, '');
    }
  }
  integer = integer.replace(/^0+(?=\d)/, '') || '0';
  return fraction === '' ? integer : `${integer}.${fraction}`;
}
