/**
 * Calendar dates and instants in a named time zone (not the browser's), with nothing but `Intl`.
 * Dates are `YYYY-MM-DD` strings; instants are `Date`s.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let format = partsFormatters.get(zone);
  if (!format) {
    // Reads the wall clock's numbers (not a display): a fixed locale with fixed fields.
    // eslint-disable-next-line no-restricted-syntax
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, format);
  }
  return format;
}

function wallClock(instant: Date, zone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const p = wallClock(instant, zone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date, `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (`to` later: positive). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar date `instant` falls on in `zone`. */
export function dateInZone(instant: Date, zone: string): string {
  const p = wallClock(instant, zone);
  const pad = (n: number | undefined, width = 2): string => String(n).padStart(width, '0');
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * The instant `date` starts in `zone` (its local midnight; where a clock change skips midnight,
 * the first instant of the day).
 */
export function startOfDayInZone(date: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The offset at the guess can differ from the one at the answer (a change that day): once more.
  let instant = wall - zoneOffsetMs(new Date(wall), zone);
  instant = wall - zoneOffsetMs(new Date(instant), zone);
  // Skipped midnight (the clock jumped past it): the day starts at the jump.
  if (dateInZone(new Date(instant), zone) !== date) instant += 3_600_000;
  return new Date(instant);
}

export { formatInZone } from './formatDateTime.js';
