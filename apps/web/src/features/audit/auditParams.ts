import type { QueryParams } from '../../api/createHttpClient.js';

/** The audit filters as the URL keeps them. `from`/`to` are local calendar days, inclusive. */
export interface AuditFilters {
  who: string;
  what: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { who: '', what: '', from: '', to: '' };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const WHAT_RE = /^[a-z_]+(\.[a-z_]+)?$/;

function isValidDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** The filters from the URL; malformed values are dropped so a stale link still shows a list. */
export function parseAuditFilters(search: URLSearchParams): AuditFilters {
  const get = (name: string): string => search.get(name)?.trim() ?? '';
  return {
    who: get('who').slice(0, 320),
    what: WHAT_RE.test(get('what')) ? get('what') : '',
    from: isValidDate(get('from')) ? get('from') : '',
    to: isValidDate(get('to')) ? get('to') : '',
  };
}

export function toAuditSearchParams(filters: AuditFilters): URLSearchParams {
  return new URLSearchParams(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value !== ''),
  );
}

function startOfLocalDay(date: string, plusDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
}

/** The API query: days become instants in the user's time zone (`to` is exclusive there). */
export function toAuditApiQuery(
  filters: AuditFilters,
  page: { cursor?: string | undefined; limit?: number } = {},
): QueryParams {
  return {
    who: filters.who || undefined,
    what: filters.what || undefined,
    from: filters.from ? startOfLocalDay(filters.from).toISOString() : undefined,
    to: filters.to ? startOfLocalDay(filters.to, 1).toISOString() : undefined,
    cursor: page.cursor,
    limit: page.limit === undefined ? undefined : String(page.limit),
  };
}
