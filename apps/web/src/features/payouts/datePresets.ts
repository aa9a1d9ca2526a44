/** Quick ranges for the created-date filter, computed in the user's time zone. */
export const DATE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'thisMonth', label: 'This month' },
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number]['id'];

/** A local calendar date as YYYY-MM-DD (not `toISOString`, which is the UTC date). */
export function toLocalDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

/** The inclusive range of local dates a preset selects on `now`'s day. */
export function datePresetRange(preset: DatePreset, now: Date): { from: string; to: string } {
  const to = toLocalDate(now);
  switch (preset) {
    case 'today':
      return { from: to, to };
    case 'last7':
      return { from: toLocalDate(daysBefore(now, 6)), to };
    case 'last30':
      return { from: toLocalDate(daysBefore(now, 29)), to };
    case 'thisMonth':
      return { from: toLocalDate(new Date(now.getFullYear(), now.getMonth(), 1)), to };
  }
}
