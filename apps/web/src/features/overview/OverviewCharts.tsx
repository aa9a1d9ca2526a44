import {
  PAYOUT_METHOD_TYPE_TITLES,
  type OverviewDeclinesDto,
  type OverviewProviderRow,
  type OverviewProvidersDto,
  type OverviewTimeseriesDto,
} from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useColorScheme, type SxProps, type Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { rainbowSurgePalette } from '@mui/x-charts/colorPalettes';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../components/formatMoney.js';
import { TextLink } from '../../components/TextLink.js';
import { formatInZone } from '../../components/zonedTime.js';
import { ChartPanel } from './ChartPanel.js';
import {
  payoutsListLink,
  type Interval,
  type ListLinkFilters,
  type OverviewParams,
} from './overviewParams.js';

const CHART_HEIGHT = 280;
const BAR_ROW_HEIGHT = 32;

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
function CountLink({ count, to }: { count: number; to: string }) {
  return count > 0 ? <TextLink to={to}>{count.toLocaleString('en-US')}</TextLink> : <>0</>;
}

function bucketLabel(
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
function bucketInterval(data: OverviewTimeseriesDto, i: number, range: Interval): Interval {
  const next = data.buckets[i + 1];
  return { from: new Date(data.buckets[i]!), to: next ? new Date(next) : range.to };
}

/** Currencies, the busiest first. */
function currenciesByCount(data: OverviewTimeseriesDto): string[] {
  const total = (counts: number[]): number => counts.reduce((a, b) => a + b, 0);
  return [...data.series]
    .sort((a, b) => total(b.count) - total(a.count) || a.currency.localeCompare(b.currency))
    .map((s) => s.currency);
}

/**
 * The series colours for the current light or dark scheme. The theme switches its palette by CSS
 * variables without changing `theme.palette.mode`, which is what the charts read on their own.
 */
function useChartColors(): string[] {
  const { mode, systemMode } = useColorScheme();
  return rainbowSurgePalette((mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light');
}

function useLinkTo(context: ChartContext) {
  const navigate = useNavigate();
  const link = (extra: ListLinkFilters): string =>
    payoutsListLink(context.params, context.interval, extra);
  return { link, go: (extra: ListLinkFilters) => void navigate(link(extra)) };
}

function timeLabels(data: OverviewTimeseriesDto, context: ChartContext): string[] {
  const manyDays = context.interval.to.getTime() - context.interval.from.getTime() > 86_400_000;
  return data.buckets.map((b) => bucketLabel(b, data.bucket, context.zone, manyDays));
}

function timeDescription(data: OverviewTimeseriesDto | undefined, context: ChartContext): string {
  return `Per ${data?.bucket ?? 'bucket'}, times in ${context.zone}.`;
}

/** Volume over time, one currency at a time (amounts of different currencies never share an axis). */
export function VolumeChart({
  query,
  context,
}: {
  query: QueryState<OverviewTimeseriesDto>;
  context: ChartContext;
}) {
  const { link, go } = useLinkTo(context);
  const colors = useChartColors();
  const [picked, setPicked] = useState<string | null>(null);
  const data = query.data;
  const currencies = data ? currenciesByCount(data) : [];
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];
  const series = data?.series.find((s) => s.currency === currency);
  const labels = data ? timeLabels(data, context) : [];
  const bucketLink = (i: number): string =>
    link({ interval: bucketInterval(data!, i, context.interval), currency });
  return (
    <ChartPanel
      title="Volume over time"
      description={`Amount paid out per ${data?.bucket ?? 'bucket'} in ${currency ?? 'each currency'}, times in ${context.zone}. Select a point to list its payouts.`}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={!series}
      toolbar={
        currencies.length > 1 ? (
          <Box
            role="group"
            aria-label="Currency"
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {currencies.map((code) => (
              <Button
                key={code}
                size="small"
                variant={code === currency ? 'contained' : 'outlined'}
                aria-pressed={code === currency}
                onClick={() => setPicked(code)}
              >
                {code}
              </Button>
            ))}
          </Box>
        ) : null
      }
      table={() => ({
        caption: `Volume in ${currency ?? ''} per ${data?.bucket ?? 'bucket'} (${context.zone})`,
        columns: [
          { label: 'Time' },
          { label: 'Payouts', numeric: true },
          { label: 'Amount', numeric: true },
        ],
        rows: labels.map((label, i) => ({
          key: data!.buckets[i]!,
          cells: [
            label,
            <CountLink key="count" count={series!.count[i] ?? 0} to={bucketLink(i)} />,
            formatMoney(series!.amount[i] ?? '0', currency!),
          ],
        })),
      })}
    >
      {series && currency ? (
        <LineChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ width: 72, min: 0 }]}
          // Plotted as numbers (a chart needs them); shown from the exact decimal strings.
          series={[
            {
              id: currency,
              label: currency,
              data: series.amount.map(Number),
              valueFormatter: (_value, { dataIndex }) =>
                formatMoney(series.amount[dataIndex] ?? '0', currency),
            },
          ]}
          hideLegend
          onAxisClick={(_event, axis) => {
            if (axis)
              go({ interval: bucketInterval(data!, axis.dataIndex, context.interval), currency });
          }}
        />
      ) : null}
    </ChartPanel>
  );
}

/** Payouts created per bucket, stacked by currency. */
export function CountChart({
  query,
  context,
}: {
  query: QueryState<OverviewTimeseriesDto>;
  context: ChartContext;
}) {
  const { link, go } = useLinkTo(context);
  const colors = useChartColors();
  const data = query.data;
  const currencies = data ? currenciesByCount(data) : [];
  const labels = data ? timeLabels(data, context) : [];
  const seriesOf = (code: string) => data!.series.find((s) => s.currency === code)!;
  const bucketLink = (i: number, currency: string): string =>
    link({ interval: bucketInterval(data!, i, context.interval), currency });
  return (
    <ChartPanel
      title="Payouts over time"
      description={`${timeDescription(data, context)} Stacked by currency. Select a bar to list its payouts.`}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={currencies.length === 0}
      table={() => ({
        caption: `Payouts per ${data?.bucket ?? 'bucket'} and currency (${context.zone})`,
        columns: [{ label: 'Time' }, ...currencies.map((code) => ({ label: code, numeric: true }))],
        rows: labels.map((label, i) => ({
          key: data!.buckets[i]!,
          cells: [
            label,
            ...currencies.map((code) => (
              <CountLink key={code} count={seriesOf(code).count[i] ?? 0} to={bucketLink(i, code)} />
            )),
          ],
        })),
      })}
    >
      <BarChart
        colors={colors}
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ width: 48 }]}
        series={currencies.map((code) => ({
          id: code,
          label: code,
          stack: 'count',
          data: seriesOf(code).count,
        }))}
        onItemClick={(_event, item) =>
          go({
            interval: bucketInterval(data!, item.dataIndex, context.interval),
            currency: String(item.seriesId),
          })
        }
      />
    </ChartPanel>
  );
}

/** Declined or failed, and unknown, per bucket (all currencies). */
export function FailuresChart({
  query,
  context,
}: {
  query: QueryState<OverviewTimeseriesDto>;
  context: ChartContext;
}) {
  const { link, go } = useLinkTo(context);
  const colors = useChartColors();
  const data = query.data;
  const labels = data ? timeLabels(data, context) : [];
  const sum = (pick: 'failed' | 'unknown'): number[] =>
    (data?.buckets ?? []).map((_, i) => data!.series.reduce((n, s) => n + (s[pick][i] ?? 0), 0));
  const failed = sum('failed');
  const unknown = sum('unknown');
  const KINDS = {
    failed: { label: 'Declined or failed', status: ['declined', 'failed'] as const, data: failed },
    unknown: { label: 'Unknown', status: ['unknown'] as const, data: unknown },
  };
  const bucketLink = (i: number, kind: keyof typeof KINDS): string =>
    link({ interval: bucketInterval(data!, i, context.interval), status: KINDS[kind].status });
  const none = [...failed, ...unknown].every((n) => n === 0);
  return (
    <ChartPanel
      title="Failed and unknown over time"
      description={`${timeDescription(data, context)} Payouts created then that are declined, failed or unknown now. Select a bar to list them.`}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={none}
      emptyText="No declined, failed or unknown payouts in this range."
      table={() => ({
        caption: `Declined or failed, and unknown, per ${data?.bucket ?? 'bucket'} (${context.zone})`,
        columns: [
          { label: 'Time' },
          { label: KINDS.failed.label, numeric: true },
          { label: KINDS.unknown.label, numeric: true },
        ],
        rows: labels.map((label, i) => ({
          key: data!.buckets[i]!,
          cells: [
            label,
            <CountLink key="failed" count={failed[i] ?? 0} to={bucketLink(i, 'failed')} />,
            <CountLink key="unknown" count={unknown[i] ?? 0} to={bucketLink(i, 'unknown')} />,
          ],
        })),
      })}
    >
      <BarChart
        colors={colors}
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ width: 48 }]}
        series={(['failed', 'unknown'] as const).map((kind) => ({
          id: kind,
          label: KINDS[kind].label,
          stack: 'problems',
          data: KINDS[kind].data,
        }))}
        onItemClick={(_event, item) =>
          go({
            interval: bucketInterval(data!, item.dataIndex, context.interval),
            status: KINDS[item.seriesId === 'unknown' ? 'unknown' : 'failed'].status,
          })
        }
      />
    </ChartPanel>
  );
}

/** `45 s`, `3 min`, `2 h 5 min`, `1.5 days`. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.round((seconds % 3600) / 60);
    return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  return `${Math.round((seconds / 86_400) * 10) / 10} days`;
}

function percent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 1000) / 10}%`;
}

function providerLabel(row: OverviewProviderRow): string {
  return `${row.provider_title ?? row.provider} · ${PAYOUT_METHOD_TYPE_TITLES[row.payout_method_type] ?? row.payout_method_type}`;
}

/** Success rate and median time to a final status per PSP and payout method type. */
export function ProvidersChart({
  query,
  context,
}: {
  query: QueryState<OverviewProvidersDto>;
  context: ChartContext;
}) {
  const { link, go } = useLinkTo(context);
  const colors = useChartColors();
  const rows = [...(query.data?.rows ?? [])].sort((a, b) => b.total - a.total);
  const labels = rows.map(providerLabel);
  const rowLink = (row: OverviewProviderRow, extra: ListLinkFilters = {}): string =>
    link({ provider: row.provider, payout_method_type: row.payout_method_type, ...extra });
  const goRow = (index: number): void => {
    const row = rows[index];
    if (row) go({ provider: row.provider, payout_method_type: row.payout_method_type });
  };
  const height = Math.max(160, 56 + rows.length * BAR_ROW_HEIGHT);
  const bars = (
    title: string,
    label: string,
    data: (number | null)[],
    format: (v: number | null) => string,
  ): ReactNode => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <BarChart
        colors={colors}
        height={height}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: labels, width: 150 }]}
        xAxis={[{ valueFormatter: (v: number) => format(v) }]}
        series={[{ id: label, label, data, valueFormatter: (v) => format(v) }]}
        hideLegend
        onItemClick={(_event, item) => goRow(item.dataIndex)}
      />
    </Box>
  );
  return (
    <ChartPanel
      title="PSPs and payout methods"
      description="Success rate (approved of final) and median time from creation to a final status, per PSP and payout method type. Select a bar to list its payouts."
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={rows.length === 0}
      table={() => ({
        caption: 'Per PSP and payout method type',
        columns: [
          { label: 'PSP' },
          { label: 'Type' },
          { label: 'Payouts', numeric: true },
          { label: 'Final', numeric: true },
          { label: 'Approved', numeric: true },
          { label: 'Declined', numeric: true },
          { label: 'Failed', numeric: true },
          { label: 'Success rate', numeric: true },
          { label: 'Median time to final', numeric: true },
        ],
        rows: rows.map((row) => ({
          key: `${row.provider}/${row.payout_method_type}`,
          cells: [
            row.provider_title ?? row.provider,
            PAYOUT_METHOD_TYPE_TITLES[row.payout_method_type] ?? row.payout_method_type,
            <CountLink key="total" count={row.total} to={rowLink(row)} />,
            row.final.toLocaleString('en-US'),
            <CountLink
              key="approved"
              count={row.approved}
              to={rowLink(row, { status: ['approved'] })}
            />,
            <CountLink
              key="declined"
              count={row.declined}
              to={rowLink(row, { status: ['declined'] })}
            />,
            <CountLink key="failed" count={row.failed} to={rowLink(row, { status: ['failed'] })} />,
            percent(row.success_rate),
            formatDuration(row.median_seconds_to_final),
          ],
        })),
      })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {bars(
          'Success rate',
          'Success rate',
          rows.map((r) =>
            r.success_rate === null ? null : Math.round(r.success_rate * 1000) / 10,
          ),
          (v) => (v === null ? '—' : `${v}%`),
        )}
        {bars(
          'Median time to final',
          'Median time to final (seconds)',
          rows.map((r) => r.median_seconds_to_final),
          formatDuration,
        )}
      </Box>
    </ChartPanel>
  );
}

/** The most frequent decline codes, with the reason given most often with each. */
export function DeclinesChart({
  query,
  context,
}: {
  query: QueryState<OverviewDeclinesDto>;
  context: ChartContext;
}) {
  const { link, go } = useLinkTo(context);
  const colors = useChartColors();
  const rows = query.data?.rows ?? [];
  const declineLink = (code: string | null): string =>
    link({ status: ['declined'], ...(code === null ? {} : { decline_code: code }) });
  const labels = rows.map((r) => r.decline_code ?? 'No code');
  return (
    <ChartPanel
      title="Top decline reasons"
      description={`The most frequent decline codes of the ${query.data?.total_declined ?? 0} declined payouts. Select a bar to list them.`}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={rows.length === 0}
      emptyText="No declined payouts in this range."
      table={() => ({
        caption: 'Declined payouts by decline code',
        columns: [
          { label: 'Code' },
          { label: 'Reason' },
          { label: 'Declined', numeric: true },
          { label: 'Share', numeric: true },
        ],
        rows: rows.map((row, i) => ({
          key: row.decline_code ?? `none-${i}`,
          cells: [
            labels[i],
            row.decline_reason ?? '—',
            <CountLink key="count" count={row.count} to={declineLink(row.decline_code)} />,
            percent(row.share),
          ],
        })),
      })}
    >
      <BarChart
        colors={colors}
        height={Math.max(160, 56 + rows.length * BAR_ROW_HEIGHT)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: labels, width: 120 }]}
        series={[
          {
            id: 'declined',
            label: 'Declined',
            data: rows.map((r) => r.count),
            valueFormatter: (v, { dataIndex }) => {
              const row = rows[dataIndex];
              return `${v ?? 0} (${percent(row?.share ?? null)})${row?.decline_reason ? `: ${row.decline_reason}` : ''}`;
            },
          },
        ]}
        hideLegend
        onItemClick={(_event, item) => {
          const row = rows[item.dataIndex];
          if (row)
            void go({
              status: ['declined'],
              ...(row.decline_code === null ? {} : { decline_code: row.decline_code }),
            });
        }}
      />
    </ChartPanel>
  );
}

/**
 * The page's five charts in their grid: the module the overview loads lazily (with the charts
 * library), so the page renders its range, filters and cards without it.
 */
export function OverviewChartGrid({
  timeseries,
  providers,
  declines,
  context,
  gridSx,
}: {
  timeseries: QueryState<OverviewTimeseriesDto>;
  providers: QueryState<OverviewProvidersDto>;
  declines: QueryState<OverviewDeclinesDto>;
  context: ChartContext;
  gridSx: SxProps<Theme>;
}) {
  return (
    <Box sx={gridSx}>
      <VolumeChart query={timeseries} context={context} />
      <CountChart query={timeseries} context={context} />
      <ProvidersChart query={providers} context={context} />
      <DeclinesChart query={declines} context={context} />
      <FailuresChart query={timeseries} context={context} />
    </Box>
  );
}
