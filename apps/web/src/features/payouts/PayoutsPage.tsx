import { can } from '@payouts/contracts';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { CursorPager, useCursorStack } from '../../components/CursorPager.js';
import { ErrorState } from '../../components/ErrorState.js';
import { useSession } from '../session/useSession.js';
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  parsePayoutListParams,
  toApiQuery,
  toSearchParams,
  type PayoutListParams,
  type PayoutSortField,
} from './payoutListParams.js';
import { PayoutsFilters } from './PayoutsFilters.js';
import { PayoutsTable } from './PayoutsTable.js';
import { usePayouts } from './usePayouts.js';

export interface PayoutsPageProps {
  /** Today, for the date presets (tests pass a fixed day). */
  now?: () => Date;
}

/**
 * The payouts list. Filters, sort and search live in the URL, so a reload or a shared link shows
 * the same list; the page position is a stack of keyset cursors, reset when the filters change.
 */
export function PayoutsPage({ now }: PayoutsPageProps) {
  const api = useApi();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parsePayoutListParams(searchParams), [searchParams]);
  const paramsKey = toSearchParams(params).toString();

  const stack = useCursorStack(paramsKey);
  const cursor = stack.cursor;
  const page = usePayouts(params, cursor);

  const update = (next: PayoutListParams): void => {
    setSearchParams(toSearchParams(next), { replace: true });
  };
  const onSort = (field: PayoutSortField): void => {
    const order = params.sort === field ? (params.order === 'asc' ? 'desc' : 'asc') : 'desc';
    update({ ...params, sort: field, order });
  };
  const items = page.data?.items;
  const nextCursor = page.data?.next_cursor ?? null;
  const filtered = hasActiveFilters(params.filters);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Payouts · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Payouts
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={api.payouts.exportUrl(toApiQuery(params))}
          download
        >
          Export CSV
        </Button>
        {can(user?.role, 'payouts:create') ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to="/payouts/new"
          >
            New payout
          </Button>
        ) : null}
      </Box>
      <PayoutsFilters
        filters={params.filters}
        onChange={(filters) => update({ ...params, filters })}
        canApprove={can(user?.role, 'payouts:approve')}
        {...(now ? { now } : {})}
      />
      <Paper variant="outlined">
        {page.isError && items !== undefined ? (
          <Box sx={{ px: 2, pt: 1 }}>
            <ErrorState
              error={page.error}
              title="The list could not be refreshed"
              onRetry={() => void page.refetch()}
            />
          </Box>
        ) : null}
        {page.isError && items === undefined ? (
          <Box sx={{ p: 2 }}>
            <ErrorState
              error={page.error}
              title="The payouts could not be loaded"
              onRetry={() => void page.refetch()}
            />
          </Box>
        ) : items !== undefined && items.length === 0 ? (
          <Box sx={{ p: 4, textAlign: 'center' }} role="status">
            <Typography sx={{ mb: 2 }}>
              {params.filters.needs_my_approval
                ? 'No payouts wait for your approval.'
                : filtered
                  ? 'No payouts match these filters.'
                  : 'No payouts yet.'}
            </Typography>
            {filtered ? (
              <Button
                variant="outlined"
                onClick={() => update({ ...params, filters: EMPTY_FILTERS })}
              >
                Clear filters
              </Button>
            ) : null}
          </Box>
        ) : (
          <PayoutsTable
            items={items}
            sort={params.sort}
            order={params.order}
            onSort={onSort}
            viewer={user}
          />
        )}
        <CursorPager
          stack={stack}
          nextCursor={nextCursor}
          nextDisabled={page.isPlaceholderData}
          refreshing={page.isFetching && items !== undefined}
          refreshingLabel="Refreshing payouts"
        />
      </Paper>
    </Box>
  );
}
