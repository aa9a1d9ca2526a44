import type {
  OverviewDeclinesDto,
  OverviewProvidersDto,
  OverviewQueryParams,
  OverviewSummaryDto,
  OverviewTimeseriesDto,
} from '@payouts/contracts';
import type {
  OverviewApi,
  OverviewPart,
  OverviewReplies,
} from '../features/overview/overviewApi.js';

export interface FakeOverviewOptions {
  /** Each overview answer from the query it was asked with; without one, an empty range. */
  overviewSummary?: (query: OverviewQueryParams) => Promise<OverviewSummaryDto>;
  overviewTimeseries?: (query: OverviewQueryParams) => Promise<OverviewTimeseriesDto>;
  overviewProviders?: (query: OverviewQueryParams) => Promise<OverviewProvidersDto>;
  overviewDeclines?: (query: OverviewQueryParams) => Promise<OverviewDeclinesDto>;
}

export interface FakeOverviewCalls {
  /** Every overview request, in order, with which one it was. */
  overview: { part: OverviewPart; query: OverviewQueryParams }[];
}

export function emptyOverviewCalls(): FakeOverviewCalls {
  return { overview: [] };
}

const DAY_MS = 86_400_000;

/** What the BFF answers for a range without payouts. */
export function emptyOverviewSummary(query: OverviewQueryParams): OverviewSummaryDto {
  const from = new Date(query.from).getTime();
  const to = new Date(query.to).getTime();
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    previous_from: new Date(from - (to - from)).toISOString(),
    previous_to: new Date(from).toISOString(),
    statuses: [],
    totals: { current: [], previous: [] },
  };
}

export function emptyOverviewTimeseries(query: OverviewQueryParams): OverviewTimeseriesDto {
  const from = new Date(query.from).getTime();
  const to = new Date(query.to).getTime();
  const bucket = query.bucket ?? (to - from <= 2 * DAY_MS ? 'hour' : 'day');
  const step = bucket === 'hour' ? 3_600_000 : DAY_MS;
  const buckets: string[] = [];
  for (let t = from; t < to; t += step) buckets.push(new Date(t).toISOString());
  return { bucket, tz: query.tz ?? 'UTC', buckets, series: [] };
}

export function createFakeOverviewApi(
  options: FakeOverviewOptions,
  calls: FakeOverviewCalls,
): OverviewApi {
  const answer = (part: OverviewPart, query: OverviewQueryParams): Promise<unknown> => {
    calls.overview.push({ part, query });
    switch (part) {
      case 'summary':
        return options.overviewSummary?.(query) ?? Promise.resolve(emptyOverviewSummary(query));
      case 'timeseries':
        return (
          options.overviewTimeseries?.(query) ?? Promise.resolve(emptyOverviewTimeseries(query))
        );
      case 'providers':
        return options.overviewProviders?.(query) ?? Promise.resolve({ rows: [] });
      case 'declines':
        return (
          options.overviewDeclines?.(query) ?? Promise.resolve({ total_declined: 0, rows: [] })
        );
    }
  };
  return <K extends OverviewPart>(part: K, query: OverviewQueryParams) =>
    answer(part, query) as Promise<OverviewReplies[K]>;
}
