import {
  COUNTRY_CODE_RE,
  CURRENCY_CODE_RE,
  OVERVIEW_RANGE_MAX_DAYS,
  PAYOUT_METHOD_TYPES,
  type OverviewQueryParams,
  type PayoutMethodType,
  type PayoutStatus,
} from '@payouts/contracts';
import {
  addDays,
  daysBetween,
  isCalendarDate,
  startOfDayInZone,
} from '../../components/zonedTime.js';

export const OVERVIEW_RANGES = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: 'custom', label: 'Custom', days: 0 },
] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number]['id'];
export const DEFAULT_OVERVIEW_RANGE: OverviewRange = '7d';

/** The page's state as the URL keeps it (every value a string someone could type or share). */
export interface OverviewParams {
  range: OverviewRange;
  /** The custom range's days, YYYY-MM-DD, both inclusive (only with `range: 'custom'`). */
  from: string;
  to: string;
  /** The corridor: both or neither. */
  country: string;
  currency: string;
  provider: string;
  payout_method_type: PayoutMethodType | '';
  /** '': all payouts; '0': real ones only; '1': lab test payouts only. */
  is_test: '' | '0' | '1';
}

export const DEFAULT_OVERVIEW_PARAMS: OverviewParams = {
  range: DEFAULT_OVERVIEW_RANGE,
  from: '',
  to: '',
  country: '',
  currency: '',
  provider: '',
  payout_method_type: '',
  is_test: '',
};

const PROVIDER_RE = /^[A-Za-z0-9_.-]{1,100}$/;

/** The page's state from the URL; anything malformed falls back to the default. */
/** The same range with every filter cleared ("Clear filters"). */
export function withoutFilters(params: OverviewParams): OverviewParams {
  return { ...DEFAULT_OVERVIEW_PARAMS, range: params.range, from: params.from, to: params.to };
}

export function parseOverviewParams(search: URLSearchParams): OverviewParams {
  const get = (name: string): string => search.get(name)?.trim() ?? '';
  const code = (name: string, re: RegExp): string => {
    const value = get(name).toUpperCase();
    return re.test(value) ? value : '';
  };
  let range = OVERVIEW_RANGES.find((r) => r.id === get('range'))?.id ?? DEFAULT_OVERVIEW_RANGE;
  let from = '';
  let to = '';
  if (range === 'custom') {
    from = get('from');
    to = get('to');
    const valid =
      isCalendarDate(from) &&
      isCalendarDate(to) &&
      daysBetween(from, to) >= 0 &&
      daysBetween(from, to) < OVERVIEW_RANGE_MAX_DAYS;
    if (!valid) {
      range = DEFAULT_OVERVIEW_RANGE;
      from = '';
      to = '';
    }
  }
  const country = code('country', COUNTRY_CODE_RE);
  const currency = code('currency', CURRENCY_CODE_RE);
  const type = get('payout_method_type');
  const provider = get('provider');
  return {
    range,
    from,
    to,
    // A corridor is a pair: half of one is dropped.
    country: country && currency ? country : '',
    currency: country && currency ? currency : '',
    provider: PROVIDER_RE.test(provider) ? provider : '',
    payout_method_type: (PAYOUT_METHOD_TYPES as readonly string[]).includes(type)
      ? (type as PayoutMethodType)
      : '',
    is_test: (['0', '1'] as const).find((v) => v === get('is_test')) ?? '',
  };
}

/** The URL form; defaults are left out so the plain home page has a plain URL. */
export function toOverviewSearch(params: OverviewParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.range !== DEFAULT_OVERVIEW_RANGE) search.set('range', params.range);
  if (params.range === 'custom') {
    search.set('from', params.from);
    search.set('to', params.to);
  }
  for (const key of ['country', 'currency', 'provider', 'payout_method_type', 'is_test'] as const) {
    if (params[key]) search.set(key, params[key]);
  }
  return search;
}

/** The range's days (inclusive), `today` being today's date in the user's zone. */
export function rangeDays(
  params: Pick<OverviewParams, 'range' | 'from' | 'to'>,
  today: string,
): { first: string; last: string } {
  if (params.range === 'custom') return { first: params.from, last: params.to };
  const days = OVERVIEW_RANGES.find((r) => r.id === params.range)?.days ?? 1;
  return { first: addDays(today, 1 - days), last: today };
}

/** An instant range, `to` exclusive. */
export interface Interval {
  from: Date;
  to: Date;
}

/** The range as instants: from the first day's midnight in `zone` to the one after the last day. */
export function rangeInterval(params: OverviewParams, zone: string, today: string): Interval {
  const { first, last } = rangeDays(params, today);
  return { from: startOfDayInZone(first, zone), to: startOfDayInZone(addDays(last, 1), zone) };
}

/** What every overview request sends: the range as instants, the zone and the page filters. */
export function toOverviewQuery(
  params: OverviewParams,
  interval: Interval,
  zone: string,
): OverviewQueryParams {
  const query: OverviewQueryParams = {
    from: interval.from.toISOString(),
    to: interval.to.toISOString(),
    tz: zone,
  };
  if (params.country) query.country = params.country;
  if (params.currency) query.currency = params.currency;
  if (params.provider) query.provider = params.provider;
  if (params.payout_method_type) query.payout_method_type = params.payout_method_type;
  if (params.is_test) query.is_test = params.is_test;
  return query;
}

/** What a click-through adds to (or overrides in) the page's filters. */
export interface ListLinkFilters {
  status?: readonly PayoutStatus[];
  /** The range the list shows (default: the page's). */
  interval?: Interval;
  currency?: string;
  provider?: string;
  payout_method_type?: string;
  decline_code?: string;
  needs_my_approval?: boolean;
  needs_attention?: boolean;
}

/**
 * The payouts list showing what a card, bar or row counts: the page's filters, its range as
 * instants (`created_to` the range's last millisecond, as the list sends it) and the element's
 * own filters.
 */
export function payoutsListLink(
  params: OverviewParams,
  interval: Interval | null,
  extra: ListLinkFilters = {},
): string {
  const search = new URLSearchParams();
  if (extra.needs_my_approval) search.set('needs_my_approval', '1');
  if (extra.needs_attention) search.set('needs_attention', '1');
  if (extra.status?.length) search.set('status', extra.status.join(','));
  if (extra.decline_code) search.set('decline_code', extra.decline_code);
  const span = extra.interval ?? interval;
  if (span) {
    search.set('created_from', span.from.toISOString());
    search.set('created_to', new Date(span.to.getTime() - 1).toISOString());
  }
  const currency = extra.currency ?? params.currency;
  if (params.country) search.set('country', params.country);
  if (currency) search.set('currency', currency);
  const provider = extra.provider ?? params.provider;
  if (provider) search.set('provider', provider);
  const type = extra.payout_method_type ?? params.payout_method_type;
  if (type) search.set('payout_method_type', type);
  if (params.is_test) search.set('is_test', params.is_test);
  const text = search.toString();
  return text ? `/payouts?${text}` : '/payouts';
}
