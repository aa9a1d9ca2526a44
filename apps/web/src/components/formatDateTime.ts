import { displayLocale, displayTimeZone } from './displayPreferences.js';

/*
 * The one way the SPA shows a time: in the user's locale and time zone (displayPreferences.ts).
 * ESLint refuses `Intl` formatters and `toLocale…String` anywhere else in the SPA.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = displayLocale();
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, format);
  }
  return format;
}

const asDate = (value: Date | string): Date =>
  typeof value === 'string' ? new Date(value) : value;

/** `instant` with the given `Intl` fields, in `zone` (default: the user's). */
export function formatInZone(
  instant: Date | string,
  zone: string = displayTimeZone(),
  options: Intl.DateTimeFormatOptions,
): string {
  const date = asDate(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return formatter(zone, options).format(date);
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** An instant to the second: `21 Nov 2026, 14:05:09` (en-GB), `Nov 21, 2026, 2:05:09 PM` (en-US). */
export function formatDateTime(instant: Date | string): string {
  return formatInZone(instant, displayTimeZone(), DATE_TIME);
}

/** An instant to the minute with its zone's short name: `25 Nov 2026, 14:00 CET`. */
export function formatMinute(instant: Date | string): string {
  return formatInZone(instant, displayTimeZone(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** A calendar date (`YYYY-MM-DD`, no zone): `19 Nov 2026`. */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(utc.getTime())) return date;
  return formatInZone(utc, 'UTC', { year: 'numeric', month: 'short', day: 'numeric' });
}

const UNITS = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "3 min ago", "yesterday", "in 2 hr": the largest whole unit, in the user's locale. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const diff = Date.parse(iso) - now;
  if (Number.isNaN(diff)) return iso;
  const locale = displayLocale();
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    relativeFormats.set(locale, format);
  }
  const [unit, ms] = UNITS.find(([, ms]) => Math.abs(diff) >= ms) ?? UNITS[5];
  return format.format(Math.trunc(diff / ms), unit);
}

/** The exact instant in the user's time zone, the zone named: `21 Nov 2026, 14:05:09 (Europe/Paris)`. */
export function exactTime(iso: string): string {
  return `${formatDateTime(iso)} (${displayTimeZone()})`;
}
