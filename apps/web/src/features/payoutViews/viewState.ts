import {
  PAYOUT_VIEW_FILTER_KEYS,
  PAYOUT_VIEW_RELATIVE_RANGES,
  type PayoutViewFilterKey,
  type PayoutViewRange,
  type PayoutViewState,
} from '@payouts/contracts';
import { cleanDisplay, type ListDisplay } from '../payouts/payoutColumns.js';
import { DATE_PRESETS, datePresetRange, toLocalDate } from '../payouts/datePresets.js';
import {
  isInstant,
  parsePayoutListParams,
  toSearchParams,
  type PayoutListParams,
} from '../payouts/payoutListParams.js';

/** A range end as a local day (an instant from an overview link becomes its day). */
function localDay(value: string): string {
  return isInstant(value) ? toLocalDate(new Date(value)) : value;
}

/**
 * The created range as a view keeps it: a preset ("last 7 days") stays relative, other ranges are
 * fixed days, none is none (opening the view then keeps the list's range).
 */
export function viewRangeOf(params: PayoutListParams, today: Date): PayoutViewRange {
  const { created_from: from, created_to: to } = params.filters;
  if (!from && !to) return null;
  const relative = PAYOUT_VIEW_RELATIVE_RANGES.find((preset) => {
    const range = datePresetRange(preset, today);
    return range.from === from && range.to === to;
  });
  if (relative) return { relative };
  const start = localDay(from || to);
  const end = to ? localDay(to) : toLocalDate(today);
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}

/** The list as it is now, to save as a view. */
export function viewStateOf(
  params: PayoutListParams,
  display: ListDisplay,
  today: Date,
): PayoutViewState {
  const search = toSearchParams(params);
  const filters: Partial<Record<PayoutViewFilterKey, string>> = {};
  for (const key of PAYOUT_VIEW_FILTER_KEYS) {
    const value = search.get(key);
    if (value !== null) filters[key] = value;
  }
  return {
    filters,
    range: viewRangeOf(params, today),
    sort: params.sort,
    order: params.order,
    columns: [...display.columns],
    density: display.density,
  };
}

/**
 * The list a view opens: its filters, sort, columns and density; its range computed for `today`
 * when relative, or the current range when it has none.
 */
export function applyViewState(
  state: PayoutViewState,
  current: PayoutListParams,
  today: Date,
): { params: PayoutListParams; display: ListDisplay } {
  const search = new URLSearchParams();
  for (const key of PAYOUT_VIEW_FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined) search.set(key, value);
  }
  search.set('sort', state.sort);
  search.set('order', state.order);
  const parsed = parsePayoutListParams(search);
  const range =
    state.range === null
      ? { from: current.filters.created_from, to: current.filters.created_to }
      : 'relative' in state.range
        ? datePresetRange(state.range.relative, today)
        : state.range;
  return {
    params: {
      ...parsed,
      filters: { ...parsed.filters, created_from: range.from, created_to: range.to },
    },
    display: cleanDisplay({ columns: state.columns, density: state.density }),
  };
}

/** "last 7 days (kept relative)", "1 Nov 2026 – 7 Nov 2026", "none (keeps the list's range)". */
export function describeRange(range: PayoutViewRange): string {
  if (range === null) return 'none: the list keeps its current range';
  if ('relative' in range) {
    const label = DATE_PRESETS.find((p) => p.id === range.relative)?.label ?? range.relative;
    return `${label.toLowerCase()} (stays relative)`;
  }
  return `${range.from} to ${range.to}`;
}
