import {
  PAYOUT_METHOD_TYPE_TITLES,
  type OverviewDeclinesDto,
  type OverviewProviderRow,
  type OverviewProvidersDto,
} from '@payouts/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { type ReactNode } from 'react';
import { ChartPanel } from './ChartPanel.js';
import { type ListLinkFilters } from './overviewParams.js';
import {
  BAR_ROW_HEIGHT,
  CountLink,
  useChartColors,
  useLinkTo,
  type ChartContext,
  type QueryState,
} from './chartKit.js';
import { formatCount } from '../../components/formatCount.js';

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
          { label: 'Paid out', numeric: true },
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
            formatCount(row.final),
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
