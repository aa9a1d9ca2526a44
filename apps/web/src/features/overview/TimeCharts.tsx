import { type OverviewTimeseriesDto } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { formatMoney } from '../../components/formatMoney.js';
import { ChartPanel } from './ChartPanel.js';
import {
  bucketInterval,
  CHART_HEIGHT,
  CountLink,
  currenciesByCount,
  timeDescription,
  timeLabels,
  useChartColors,
  useLinkTo,
  type ChartContext,
  type QueryState,
} from './chartKit.js';

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
