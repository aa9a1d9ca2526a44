import { displayLocale } from './displayPreferences.js';

/*
 * How a locale writes numbers, for reading what a person typed and for choosing a format: apart
 * from formatCount.ts, so pages that only show numbers do not download it.
 */

/** The locale's grouping and decimal separators: `{ group: ',', decimal: '.' }` in en-US. */
export function separatorsOf(locale: string = displayLocale()): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** How `locale` writes a large amount, for choosing a format: `1.234.567,50` in de-DE. */
export function sampleNumber(locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234567.5);
}
