import {
  COUNTRY_CODE_RE,
  CURRENCY_CODE_RE,
  isDecimalString,
  PAYOUT_METHOD_TYPES,
  PAYOUT_SEARCH_MAX_LENGTH,
  PAYOUT_SORT_FIELDS,
  PAYOUT_STATUSES,
  SORT_DIRECTIONS,
  UUID_RE,
  type PayoutListQueryParams,
  type PayoutMethodType,
  type PayoutSortField,
  type PayoutStatus,
  type SortDirection,
  splitList,
} from '@payouts/contracts';

/** What the list shows, as the URL keeps it: every value a string the user could type or share. */
export interface PayoutFilters {
  status: PayoutStatus[];
  provider: string;
  payout_method_type: PayoutMethodType | '';
  currency: string;
  country: string;
  /**
   * Local calendar dates, YYYY-MM-DD, both inclusive; or exact instants (ISO 8601 with an
   * offset, as the overview's hour buckets link here), sent as they are.
   */
  created_from: string;
  created_to: string;
  /** Decimal strings. */
  amount_min: string;
  amount_max: string;
  q: string;
  /**
   * Lab test payouts are real payouts, shown (badged) with the others by default: `'0'` hides
   * them, `'1'` shows only them (`is_test=0|1`, as the BFF names it).
   */
  is_test: TestPayoutsFilter;
  /** Awaiting approval and created by someone else (`needs_my_approval=1`). */
  needs_my_approval: boolean;
  /** Flagged for a person: unknown or non-final for too long (`needs_attention=1`). */
  needs_attention: boolean;
  /** The payouts made to one saved beneficiary (a link from its page). */
  beneficiary_id: string;
  /** Declined with this code (the overview's decline chart links here). */
  decline_code: string;
}

/** '': all payouts; '0': real ones only; '1': lab test payouts only. */
export type TestPayoutsFilter = '' | '0' | '1';

export { PAYOUT_SORT_FIELDS, type PayoutSortField, type SortDirection } from '@payouts/contracts';

export interface PayoutListParams {
  filters: PayoutFilters;
  sort: PayoutSortField;
  /** The BFF's name for the sort direction. */
  order: SortDirection;
}

export const EMPTY_FILTERS: PayoutFilters = {
  status: [],
  provider: '',
  payout_method_type: '',
  currency: '',
  country: '',
  created_from: '',
  created_to: '',
  amount_min: '',
  amount_max: '',
  q: '',
  is_test: '',
  needs_my_approval: false,
  needs_attention: false,
  beneficiary_id: '',
  decline_code: '',
};

export const DEFAULT_LIST_PARAMS: PayoutListParams = {
  filters: EMPTY_FILTERS,
  sort: 'created_at',
  order: 'desc',
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function isValidDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** An exact instant with its offset, e.g. `2026-11-25T14:00:00.000Z` or `…T15:00+01:00`. */
export function isInstant(text: string): boolean {
  return INSTANT_RE.test(text) && !Number.isNaN(Date.parse(text));
}

const PROVIDER_RE = /^[\w.:-]{1,100}$/;

/**
 * The list parameters from the URL. Anything malformed is dropped rather than sent, so a
 * hand-edited or stale link shows a list instead of an error.
 */
export function parsePayoutListParams(search: URLSearchParams): PayoutListParams {
  const get = (name: string): string => search.get(name)?.trim() ?? '';
  const statuses = splitList(get('status')).filter((s): s is PayoutStatus =>
    (PAYOUT_STATUSES as readonly string[]).includes(s),
  );
  const type = get('payout_method_type');
  const sort = get('sort');
  const order = get('order');
  const code = (name: string, re: RegExp): string => {
    const value = get(name).toUpperCase();
    return re.test(value) ? value : '';
  };
  const date = (name: string): string => {
    // A hand-written link's `+01:00` arrives as ` 01:00` (a `+` in a query is a space).
    const value = get(name).replace(/ (\d{2}:\d{2})$/, '+$1');
    return isValidDate(value) || isInstant(value) ? value : '';
  };
  const declineCode = get('decline_code').slice(0, 100);
  const amount = (name: string): string => (isDecimalString(get(name)) ? get(name) : '');
  return {
    filters: {
      status: PAYOUT_STATUSES.filter((s) => statuses.includes(s)),
      provider: PROVIDER_RE.test(get('provider')) ? get('provider') : '',
      payout_method_type: (PAYOUT_METHOD_TYPES as readonly string[]).includes(type)
        ? (type as PayoutMethodType)
        : '',
      currency: code('currency', CURRENCY_CODE_RE),
      country: code('country', COUNTRY_CODE_RE),
      created_from: date('created_from'),
      created_to: date('created_to'),
      amount_min: amount('amount_min'),
      amount_max: amount('amount_max'),
      q: get('q').slice(0, PAYOUT_SEARCH_MAX_LENGTH),
      // A link from when test payouts were hidden by default (`include_test=1`) means all: the
      // default now.
      is_test: (['0', '1'] as const).find((v) => v === get('is_test')) ?? '',
      needs_my_approval: get('needs_my_approval') === '1',
      needs_attention: get('needs_attention') === '1',
      beneficiary_id: UUID_RE.test(get('beneficiary_id'))
        ? get('beneficiary_id').toLowerCase()
        : '',
      // eslint-disable-next-line no-control-regex -- a code is printable text
      decline_code: /^[^\u0000-\u001f\u007f]+$/.test(declineCode) ? declineCode : '',
    },
    sort: (PAYOUT_SORT_FIELDS as readonly string[]).includes(sort)
      ? (sort as PayoutSortField)
      : DEFAULT_LIST_PARAMS.sort,
    order: (SORT_DIRECTIONS as readonly string[]).includes(order)
      ? (order as SortDirection)
      : DEFAULT_LIST_PARAMS.order,
  };
}

/** The filters as flat strings (statuses comma-separated), empty ones left out. */
function filterEntries(filters: PayoutFilters): [string, string][] {
  const entries: [string, string][] = [
    ['status', filters.status.join(',')],
    ['provider', filters.provider],
    ['payout_method_type', filters.payout_method_type],
    ['currency', filters.currency],
    ['country', filters.country],
    ['created_from', filters.created_from],
    ['created_to', filters.created_to],
    ['amount_min', filters.amount_min],
    ['amount_max', filters.amount_max],
    ['q', filters.q.trim()],
    ['is_test', filters.is_test],
    ['needs_my_approval', filters.needs_my_approval ? '1' : ''],
    ['needs_attention', filters.needs_attention ? '1' : ''],
    ['beneficiary_id', filters.beneficiary_id],
    ['decline_code', filters.decline_code],
  ];
  return entries.filter(([, value]) => value !== '');
}

/** The URL form of the parameters; defaults are left out so a plain list has a plain URL. */
export function toSearchParams(params: PayoutListParams): URLSearchParams {
  const search = new URLSearchParams(filterEntries(params.filters));
  if (params.sort !== DEFAULT_LIST_PARAMS.sort) search.set('sort', params.sort);
  if (params.order !== DEFAULT_LIST_PARAMS.order) search.set('order', params.order);
  return search;
}

/** Midnight at the start of a local calendar day. */
function startOfLocalDay(date: string, plusDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
}

/**
 * The API query: dates become instants (the start of the first day and the last millisecond of
 * the last day, in the user's time zone), so "today" means the user's today.
 */
export function toApiQuery(
  params: PayoutListParams,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
): PayoutListQueryParams {
  const query: PayoutListQueryParams = Object.fromEntries(filterEntries(params.filters));
  const { created_from, created_to } = params.filters;
  if (created_from && !isInstant(created_from)) {
    query.created_from = startOfLocalDay(created_from).toISOString();
  }
  if (created_to && !isInstant(created_to)) {
    query.created_to = new Date(
      startOfLocalDay(params.filters.created_to, 1).getTime() - 1,
    ).toISOString();
  }
  query.sort = params.sort;
  query.order = params.order;
  if (page.limit !== undefined) query.limit = String(page.limit);
  if (page.cursor) query.cursor = page.cursor;
  return query;
}

/** The totals' query: the list's filters and search, without its order or page. */
export function toTotalsQuery(params: PayoutListParams): PayoutListQueryParams {
  const { sort: _sort, order: _order, ...query } = toApiQuery(params);
  return query;
}

/** How many filters the chips show: all but the search, the created range counting once. */
export function activeFilterCount(filters: PayoutFilters): number {
  const keys = filterEntries(filters).map(([key]) => key);
  return (
    keys.filter((key) => key !== 'q' && key !== 'created_to').length +
    (filters.created_to && !filters.created_from ? 1 : 0)
  );
}

export function hasActiveFilters(filters: PayoutFilters): boolean {
  return filterEntries(filters).length > 0;
}
