import { can } from '@payouts/contracts';
import type { PayoutViewDto } from '@payouts/contracts';
import type { PayoutViewsDialog } from '../payoutViews/PayoutViewsMenu.js';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { CursorPager, useCursorStack } from '../../components/CursorPager.js';
import { ErrorState } from '../../components/ErrorState.js';
import { usePayoutViews } from '../payoutViews/usePayoutViews.js';
import { useSession } from '../session/useSession.js';
import {
  hasActiveFilters,
  parsePayoutListParams,
  toApiQuery,
  toSearchParams,
  type PayoutListParams,
  type PayoutSortField,
} from './payoutListParams.js';
import { PayoutsEmpty } from './PayoutsEmpty.js';
import { PayoutsFilters } from './PayoutsFilters.js';
import { PayoutsTable } from './PayoutsTable.js';
import { useListDisplay } from './useListDisplay.js';
import { useNarrowScreen } from '../../components/useNarrowScreen.js';
import { PayoutsTotals } from './PayoutsTotals.js';
import { listPollInterval, usePayouts } from './usePayouts.js';
import { usePayoutTotals } from './usePayoutTotals.js';

// Loaded on first use, together (payoutListExtras.ts): the list's first screen is on a budget
// (apps/web/budgets.json).
const loadExtras = () => import('./payoutListExtras.js');
const PayoutColumnsDialog = lazy(() =>
  loadExtras().then((m) => ({ default: m.PayoutColumnsDialog })),
);
const PayoutCards = lazy(() => loadExtras().then((m) => ({ default: m.PayoutCards })));
const PayoutViewsMenuPopup = lazy(() =>
  loadExtras().then((m) => ({ default: m.PayoutViewsMenuPopup })),
);
const PayoutViewsDialogs = lazy(() =>
  loadExtras().then((m) => ({ default: m.PayoutViewsDialogs })),
);

export interface PayoutsPageProps {
  /** Today, for the date presets (tests pass a fixed day). */
  now?: () => Date;
}

const today = (): Date => new Date();

/**
 * The payouts list. Filters, sort and search live in the URL, so a reload or a shared link shows
 * the same list; the page position is a stack of keyset cursors, reset when the filters change.
 * Columns and density are the user's (localStorage) or a saved view's; a URL without list
 * parameters opens the user's default view.
 */
export function PayoutsPage({ now = today }: PayoutsPageProps) {
  const api = useApi();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parsePayoutListParams(searchParams), [searchParams]);
  const paramsKey = toSearchParams(params).toString();
  const narrow = useNarrowScreen();
  const listDisplay = useListDisplay();
  const { display } = listDisplay;
  const views = usePayoutViews();
  const [activeViewId, setActiveViewId] = useState<string | null>(null);
  // A plain /payouts waits for the views (one request) to open with the default one.
  const [awaitingDefault, setAwaitingDefault] = useState(() => searchParams.toString() === '');
  // The default view's URL query until the URL has it (the router applies it a render later).
  const [defaultQuery, setDefaultQuery] = useState<string | null>(null);
  if (defaultQuery !== null && defaultQuery === paramsKey) setDefaultQuery(null);
  const [columnsDialog, setColumnsDialog] = useState<'closed' | 'open' | 'never'>('never');
  const [viewsAnchor, setViewsAnchor] = useState<HTMLElement | null>(null);
  const [viewsUsed, setViewsUsed] = useState(false);
  const [viewsDialog, setViewsDialog] = useState<PayoutViewsDialog | null>(null);

  const stack = useCursorStack(paramsKey);
  const cursor = stack.cursor;
  const ready = !awaitingDefault && defaultQuery === null;
  const page = usePayouts(params, cursor, ready);
  const totals = usePayoutTotals(params, listPollInterval(page.data), ready);

  const update = (next: PayoutListParams): void => {
    setSearchParams(toSearchParams(next), { replace: true });
  };
  /** Applies a view; answers the URL query it leads to. */
  const pickView = (view: PayoutViewDto): Promise<string> =>
    // Loaded with the first view picked (or the default one): not every visit uses views.
    loadExtras().then(({ applyViewState }) => {
      const next = applyViewState(view.state, params, now());
      update(next.params);
      listDisplay.change(next.display, false);
      setActiveViewId(view.id);
      return toSearchParams(next.params).toString();
    });
  const leaveView = (): void => {
    setActiveViewId(null);
    listDisplay.restore();
  };

  const viewsSettled = !views.isPending;
  useEffect(() => {
    if (!awaitingDefault || !viewsSettled) return;
    const defaultView = views.data?.items.find((v) => v.id === views.data?.default_view_id);
    // The list is asked for once the default view is in the URL, not before.
    const applied = defaultView ? pickView(defaultView) : Promise.resolve(null);
    void applied.then(setDefaultQuery, () => undefined).finally(() => setAwaitingDefault(false));
    // Once, when the views arrive: later changes of the default apply on the next visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [awaitingDefault, viewsSettled]);
  const activeView = views.data?.items.find((v) => v.id === activeViewId);
  const onSort = (field: PayoutSortField): void => {
    const order = params.sort === field ? (params.order === 'asc' ? 'desc' : 'asc') : 'desc';
    update({ ...params, sort: field, order });
  };
  const items = page.data?.items;
  const nextCursor = page.data?.next_cursor ?? null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Payouts · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Payouts
        </Typography>
        <Button
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-expanded={viewsAnchor !== null}
          onClick={(event) => {
            setViewsUsed(true);
            setViewsAnchor(event.currentTarget);
          }}
        >
          {activeView ? `View: ${activeView.name}` : 'Views'}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={api.payouts.exportUrl(toApiQuery(params))}
          download
        >
          Export CSV
        </Button>
      </Box>
      <PayoutsFilters
        filters={params.filters}
        onChange={(filters) => update({ ...params, filters })}
        canApprove={can(user?.role, 'payouts:approve')}
        now={now}
      >
        {narrow ? null : (
          <Button
            variant="outlined"
            aria-haspopup="dialog"
            onClick={() => setColumnsDialog('open')}
          >
            Columns
          </Button>
        )}
      </PayoutsFilters>
      <Suspense fallback={null}>
        {columnsDialog !== 'never' ? (
          <PayoutColumnsDialog
            open={columnsDialog === 'open'}
            onClose={() => setColumnsDialog('closed')}
            display={display}
            onChange={(next) => listDisplay.change(next, activeViewId === null)}
          />
        ) : null}
        {viewsDialog ? (
          <PayoutViewsDialogs
            dialog={viewsDialog}
            onDialog={setViewsDialog}
            data={views.data}
            activeViewId={activeViewId}
            onPick={(view) => void pickView(view)}
            onLeaveView={leaveView}
            params={params}
            display={display}
            now={now}
            canShare={can(user?.role, 'payout-views:share')}
          />
        ) : null}
      </Suspense>
      {/* The menu and its items load on first open (payoutListExtras.ts). */}
      {viewsUsed ? (
        <Suspense fallback={null}>
          <PayoutViewsMenuPopup
            anchor={viewsAnchor}
            data={views.data}
            loadError={views.error}
            activeViewId={activeViewId}
            onClose={() => setViewsAnchor(null)}
            onPick={(view) => void pickView(view)}
            onLeaveView={leaveView}
            onOpenDialog={setViewsDialog}
          />
        </Suspense>
      ) : null}
      <Paper variant="outlined">
        <PayoutsTotals
          totals={totals.data}
          error={totals.error}
          filtered={hasActiveFilters(params.filters)}
        />
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
          <PayoutsEmpty
            filters={params.filters}
            onChange={(filters) => update({ ...params, filters })}
          />
        ) : narrow ? (
          <Suspense fallback={null}>
            <PayoutCards items={items} viewer={user} />
          </Suspense>
        ) : (
          <PayoutsTable
            items={items}
            sort={params.sort}
            order={params.order}
            onSort={onSort}
            viewer={user}
            columns={display.columns}
            density={display.density}
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
