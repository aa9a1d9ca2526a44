import { can } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { TimeZoneDialog } from '../../app/TimeZoneDialog.js';
import { useTimeZone } from '../../app/useTimeZone.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';
import { visuallyHidden } from '../../components/visuallyHidden.js';
import { dateInZone, formatInZone } from '../../components/zonedTime.js';
import { useSession } from '../session/useSession.js';
import { ActionCards, CARD_GRID_SX, SummaryCards, SummaryCardsSkeleton } from './OverviewCards.js';
import type { ChartContext } from './OverviewCharts.js';
import { OverviewFilters } from './OverviewFilters.js';
import {
  withoutFilters,
  parseOverviewParams,
  rangeInterval,
  toOverviewQuery,
  toOverviewSearch,
  type Interval,
  type OverviewParams,
} from './overviewParams.js';
import { useOverviewPart, useOverviewPayoutSummary } from './useOverview.js';

// The charts library (@mui/x-charts and its d3 modules, some 100 kB gzip) is a chunk of its own,
// downloaded while the cards render and the charts' data loads: the page's range, filters and
// totals never wait for it.
const OverviewChartGrid = lazy(() =>
  import('./OverviewCharts.js').then((m) => ({ default: m.OverviewChartGrid })),
);

/** Where the five charts go while their code loads, the height of a chart panel. */
function ChartGridFallback() {
  return (
    <Box sx={CHART_GRID_SX}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Placeholder key={i} height={340} {...(i === 0 ? { label: 'Loading the charts' } : {})} />
      ))}
    </Box>
  );
}

const CHART_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
} as const;

const DAY_FORMAT = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** `20 Nov 2026 – 26 Nov 2026`, `26 Nov 2026` for one day, read in `zone`. */
export function rangeText(interval: Interval, zone: string): string {
  const first = formatInZone(interval.from, zone, DAY_FORMAT);
  const last = formatInZone(new Date(interval.to.getTime() - 1), zone, DAY_FORMAT);
  return first === last ? first : `${first} – ${last}`;
}

function EmptyRange({
  params,
  canCreate,
  onChange,
}: {
  params: OverviewParams;
  canCreate: boolean;
  onChange: (next: OverviewParams) => void;
}) {
  const filtered =
    params.country !== '' ||
    params.provider !== '' ||
    params.payout_method_type !== '' ||
    params.is_test !== '';
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="h2">
        No payouts in this range
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {filtered
          ? 'Nothing matches these filters here. Clear the filters or pick a longer range.'
          : 'Pick a longer range to see earlier payouts'}
        {!filtered && canCreate ? ', or create a payout.' : !filtered ? '.' : null}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 2 }}>
        {params.range !== '30d' ? (
          <Button
            variant="outlined"
            onClick={() => onChange({ ...params, range: '30d', from: '', to: '' })}
          >
            Show 30 days
          </Button>
        ) : null}
        {filtered ? (
          <Button variant="outlined" onClick={() => onChange(withoutFilters(params))}>
            Clear filters
          </Button>
        ) : null}
        {canCreate ? (
          <Button variant="contained" component={RouterLink} to="/payouts/new">
            Make a payout
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

export interface OverviewPageProps {
  /** The current time (tests pass a fixed one). */
  now?: () => Date;
}

/**
 * The home page for every role: how payouts are going in a range (cards against the previous
 * range, charts) and what needs the viewer. Range and filters live in the URL; times are read in
 * the user's zone (`useTimeZone`), which the requests send as `tz`.
 */
export function OverviewPage({ now = () => new Date() }: OverviewPageProps) {
  const { user } = useSession();
  const { zone } = useTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseOverviewParams(searchParams), [searchParams]);
  const today = dateInZone(now(), zone);
  const interval = useMemo(() => rangeInterval(params, zone, today), [params, zone, today]);
  const query = useMemo(() => toOverviewQuery(params, interval, zone), [params, interval, zone]);
  const summary = useOverviewPart('summary', query);
  const timeseries = useOverviewPart('timeseries', query);
  const providers = useOverviewPart('providers', query);
  const declines = useOverviewPart('declines', query);
  const payoutSummary = useOverviewPayoutSummary();
  const [choosingZone, setChoosingZone] = useState(false);

  const update = (next: OverviewParams): void => {
    setSearchParams(toOverviewSearch(next), { replace: true });
  };
  const providerOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const row of providers.data?.rows ?? []) {
      seen.set(row.provider, row.provider_title ?? row.provider);
    }
    return [...seen]
      .map(([name, title]) => ({ name, title }))
      .sort((a, b) => a.title.localeCompare(b.title));
  }, [providers.data]);

  const context: ChartContext = { params, interval, zone };
  const empty =
    summary.data !== undefined && summary.data.totals.current.every((a) => a.count === 0);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <title>Overview · Payouts back-office</title>
      <Box>
        <Typography variant="h4" component="h1">
          Overview
        </Typography>
        <Typography color="textSecondary">
          {rangeText(interval, zone)}
          {summary.data
            ? `, compared with ${rangeText(
                {
                  from: new Date(summary.data.previous_from),
                  to: new Date(summary.data.previous_to),
                },
                zone,
              )}`
            : null}
          . Times in {zone}.{' '}
          <Tooltip title="Also in your account menu" describeChild>
            <Button
              size="small"
              onClick={() => setChoosingZone(true)}
              sx={{ verticalAlign: 'baseline' }}
            >
              Change time zone
            </Button>
          </Tooltip>
        </Typography>
        {choosingZone ? <TimeZoneDialog onClose={() => setChoosingZone(false)} /> : null}
      </Box>
      <OverviewFilters
        params={params}
        today={today}
        providers={providerOptions}
        onChange={update}
      />
      <Box component="section" aria-labelledby="overview-cards">
        <h2 id="overview-cards" style={visuallyHidden}>
          Totals
        </h2>
        <Box sx={CARD_GRID_SX}>
          <ActionCards
            summary={payoutSummary.data}
            canApprove={can(user?.role, 'payouts:approve')}
          />
          {summary.error ? null : summary.isPending ? (
            <SummaryCardsSkeleton />
          ) : summary.data && !empty ? (
            <SummaryCards summary={summary.data} params={params} interval={interval} />
          ) : null}
        </Box>
      </Box>
      {summary.error ? (
        <ErrorState
          error={summary.error}
          title="Could not load the totals"
          onRetry={() => void summary.refetch()}
        />
      ) : null}
      {empty ? (
        <EmptyRange
          params={params}
          canCreate={can(user?.role, 'payouts:create')}
          onChange={update}
        />
      ) : (
        <Suspense fallback={<ChartGridFallback />}>
          <OverviewChartGrid
            timeseries={timeseries}
            providers={providers}
            declines={declines}
            context={context}
            gridSx={CHART_GRID_SX}
          />
        </Suspense>
      )}
    </Box>
  );
}
