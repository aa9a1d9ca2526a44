import { formatDateTime } from './formatDateTime.js';
import { visuallyHidden } from './visuallyHidden.js';

const UNITS = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** "3 min ago", "yesterday", "in 2 hr": the largest whole unit. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const diff = Date.parse(iso) - now;
  if (Number.isNaN(diff)) return iso;
  relativeFormat ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto', style: 'short' });
  const [unit, ms] = UNITS.find(([, ms]) => Math.abs(diff) >= ms) ?? UNITS[5];
  return relativeFormat.format(Math.trunc(diff / ms), unit);
}

/** The exact instant in the user's time zone, the zone named: `21 Nov 2026, 14:05:09 (Europe/Paris)`. */
export function exactTime(iso: string): string {
  return `${formatDateTime(iso)} (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
}

/**
 * A time shown relative to now ("3 min ago"), the exact time in the user's zone on hover (its
 * title) and always in the accessible text (MUI's Tooltip would cost the list's budget).
 */
export function RelativeTime({ iso, now }: { iso: string; now?: number }) {
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact} style={{ whiteSpace: 'nowrap' }}>
      {relativeTime(iso, now)}
      <span style={visuallyHidden}> {exact}</span>
    </time>
  );
}
