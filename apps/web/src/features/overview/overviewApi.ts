import type {
  OverviewDeclinesDto,
  OverviewProvidersDto,
  OverviewQueryParams,
  OverviewSummaryDto,
  OverviewTimeseriesDto,
} from '@payouts/contracts';
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

/** What each `GET /api/overview/<part>` answers. */
export interface OverviewReplies {
  /** Per status and currency, this range and the one just before it. */
  summary: OverviewSummaryDto;
  /** Counts and volume per bucket (hour or day, as the BFF picks) and currency. */
  timeseries: OverviewTimeseriesDto;
  /** Success rate and median time to final per PSP and payout method type. */
  providers: OverviewProvidersDto;
  /** The most frequent decline codes. */
  declines: OverviewDeclinesDto;
}
export type OverviewPart = keyof OverviewReplies;

/**
 * The home page's figures: one call per part, each with the same range and filters. One function
 * rather than an object of four: it is created with the app, in the entry chunk, which every
 * route downloads.
 */
export type OverviewApi = <K extends OverviewPart>(
  part: K,
  query: OverviewQueryParams,
  signal?: AbortSignal,
) => Promise<OverviewReplies[K]>;

const ENDPOINT_OF = {
  summary: 'getOverviewSummary',
  timeseries: 'getOverviewTimeseries',
  providers: 'getOverviewProviders',
  declines: 'getOverviewDeclines',
} as const satisfies Record<OverviewPart, string>;

export function createOverviewApi(http: HttpClient): OverviewApi {
  return (part, query, signal) => {
    const name: (typeof ENDPOINT_OF)[OverviewPart] = ENDPOINT_OF[part];
    return callEndpoint(http, name, { query, signal }) as Promise<OverviewReplies[typeof part]>;
  };
}
