import { displayLocale } from './displayPreferences.js';

const formats = new Map<string, Intl.NumberFormat>();

function format(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = displayLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    formats.set(key, found);
  }
  return found;
}

/** A count of things, grouped in the user's locale: `12,345` (en-US), `12.345` (de-DE). */
export function formatCount(count: number): string {
  return format().format(count);
}

/** A size in megabytes, one decimal: `2.5 MB`. */
export function formatMegabytes(bytes: number): string {
  return `${format({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}

/** A share as a percentage, whole: `12%`. */
export function formatPercent(fraction: number): string {
  return format({ style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

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
