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
