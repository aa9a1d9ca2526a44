import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type {
  OverviewDeclinesDto,
  OverviewProvidersDto,
  OverviewTimeseriesDto,
} from '@payouts/contracts';
import type { ChartContext, QueryState } from './chartKit.js';
import { DeclinesChart, ProvidersChart } from './ProviderCharts.js';
import { CountChart, FailuresChart, VolumeChart } from './TimeCharts.js';

export type { ChartContext, QueryState } from './chartKit.js';
export { formatDuration } from './ProviderCharts.js';

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
