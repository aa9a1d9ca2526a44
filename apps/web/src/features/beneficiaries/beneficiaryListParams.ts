import {
  BENEFICIARY_SEARCH_MAX_LENGTH,
  BENEFICIARY_STATUSES,
  COUNTRY_CODE_RE,
  CURRENCY_CODE_RE,
  PAYOUT_METHOD_TYPES,
  type BeneficiaryListQueryParams,
  type BeneficiaryStatus,
  type PayoutMethodType,
  splitList,
} from '@payouts/contracts';

/** What the beneficiaries list shows, as the URL keeps it. */
export interface BeneficiaryFilters {
  q: string;
  country: string;
  currency: string;
  payout_method_type: PayoutMethodType | '';
  provider: string;
  status: BeneficiaryStatus[];
}

export const EMPTY_BENEFICIARY_FILTERS: BeneficiaryFilters = {
  q: '',
  country: '',
  currency: '',
  payout_method_type: '',
  provider: '',
  status: [],
};

const PROVIDER_RE = /^[\w.:-]{1,100}$/;

/** The filters from the URL; anything malformed is dropped, so a stale link still shows a list. */
export function parseBeneficiaryFilters(search: URLSearchParams): BeneficiaryFilters {
  const get = (name: string): string => search.get(name)?.trim() ?? '';
  const code = (name: string, re: RegExp): string => {
    const value = get(name).toUpperCase();
    return re.test(value) ? value : '';
  };
  const statuses = splitList(get('status'));
  const type = get('payout_method_type');
  return {
    q: get('q').slice(0, BENEFICIARY_SEARCH_MAX_LENGTH),
    country: code('country', COUNTRY_CODE_RE),
    currency: code('currency', CURRENCY_CODE_RE),
    payout_method_type: (PAYOUT_METHOD_TYPES as readonly string[]).includes(type)
      ? (type as PayoutMethodType)
      : '',
    provider: PROVIDER_RE.test(get('provider')) ? get('provider') : '',
    status: BENEFICIARY_STATUSES.filter((s) => statuses.includes(s)),
  };
}

function entries(filters: BeneficiaryFilters): [string, string][] {
  const all: [string, string][] = [
    ['q', filters.q.trim()],
    ['country', filters.country],
    ['currency', filters.currency],
    ['payout_method_type', filters.payout_method_type],
    ['provider', filters.provider],
    ['status', filters.status.join(',')],
  ];
  return all.filter(([, value]) => value !== '');
}

/** The URL form; empty filters are left out so the plain list has a plain URL. */
export function toBeneficiarySearchParams(filters: BeneficiaryFilters): URLSearchParams {
  return new URLSearchParams(entries(filters));
}

export function toBeneficiaryApiQuery(
  filters: BeneficiaryFilters,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
): BeneficiaryListQueryParams {
  const query: BeneficiaryListQueryParams = Object.fromEntries(entries(filters));
  if (page.limit !== undefined) query.limit = String(page.limit);
  if (page.cursor) query.cursor = page.cursor;
  return query;
}

export function hasBeneficiaryFilters(filters: BeneficiaryFilters): boolean {
  return entries(filters).length > 0;
}
