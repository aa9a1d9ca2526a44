import { type OverviewTimeseriesDto } from '@payouts/contracts';
import { useColorScheme } from '@mui/material/styles';
import { useNavigate } from 'react-router';
import { TextLink } from '../../components/TextLink.js';
import { formatInZone } from '../../components/zonedTime.js';
import {
  payoutsListLink,
  type Interval,
  type ListLinkFilters,
  type OverviewParams,
} from './overviewParams.js';
import { formatCount } from '../../components/formatCount.js';

/** What the overview's charts share: sizes, colours, labels and the links they open. */

export const CHART_HEIGHT = 280;
export const BAR_ROW_HEIGHT = 32;

/** What every chart of the page shares: the filters, the range and the zone times are read in. */
export interface ChartContext {
  params: OverviewParams;
  interval: Interval;
  zone: string;
}

export interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A count that opens the list it counts (a plain 0 opens nothing). */
export function CountLink({ count, to }: { count: number; to: string }) {
  return count > 0 ? <TextLink to={to}>{formatCount(count)}</TextLink> : <>0</>;
}

export function bucketLabel(
  iso: string,
  bucket: OverviewTimeseriesDto['bucket'],
  zone: string,
  manyDays: boolean,
): string {
  if (bucket === 'day') return formatInZone(iso, zone, { day: 'numeric', month: 'short' });
  return formatInZone(
    iso,
    zone,
    manyDays
      ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : { hour: '2-digit', minute: '2-digit' },
  );
}

/** The instants of bucket `i`: from its start to the next one's (the range's end for the last). */
export function bucketInterval(data: OverviewTimeseriesDto, i: number, range: Interval): Interval {
  const next = data.buckets[i + 1];
  return { from: new Date(data.buckets[i]!), to: next ? new Date(next) : range.to };
}

/** Currencies, the busiest first. */
export function currenciesByCount(data: OverviewTimeseriesDto): string[] {
  const total = (counts: number[]): number => counts.reduce((a, b) => a + b, 0);
  return [...data.series]
    .sort((a, b) => total(b.count) - total(a.count) || a.currency.localeCompare(b.currency))
    .map((s) => s.currency);
}

/**
 * The series colours for the current light or dark scheme. The theme switches its palette by CSS
 * variables without changing `theme.palette.mode`, which is what the charts read on their own.
 */
/**
 * Paul Tol's "bright" scheme: distinct for the common colour-vision deficiencies and in grey
 * scale, one colour per series. The order puts the colours with the most contrast against the
 * background first (light: blue, red, green, purple; dark: cyan, red, yellow, grey), since most
 * charts have one to four series.
 */
export const CHART_COLORS = {
  light: ['#4477AA', '#EE6677', '#228833', '#AA3377', '#CCBB44', '#66CCEE', '#BBBBBB'],
  dark: ['#66CCEE', '#EE6677', '#CCBB44', '#BBBBBB', '#4477AA', '#228833', '#AA3377'],
} as const;

export function useChartColors(): string[] {
  const { mode, systemMode } = useColorScheme();
  return [...CHART_COLORS[(mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light']];
}

export function useLinkTo(context: ChartContext) {
  const navigate = useNavigate();
  const link = (extra: ListLinkFilters): string =>
    payoutsListLink(context.params, context.interval, extra);
  return { link, go: (extra: ListLinkFilters) => void navigate(link(extra)) };
}

export function timeLabels(data: OverviewTimeseriesDto, context: ChartContext): string[] {
  const manyDays = context.interval.to.getTime() - context.interval.from.getTime() > 86_400_000;
  return data.buckets.map((b) => bucketLabel(b, data.bucket, context.zone, manyDays));
}

export function timeDescription(
  data: OverviewTimeseriesDto | undefined,
  context: ChartContext,
): string {
  return `Per ${data?.bucket ?? 'bucket'}, times in ${context.zone}.`;
}

/** Volume over time, one currency at a time (amounts of different currencies never share an axis). */
