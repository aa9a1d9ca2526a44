// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS, EMPTY_FILTERS } from '../payouts/payoutListParams.js';
import { applyViewState, viewRangeOf, viewStateOf } from './viewState.js';

const today = new Date(2026, 10, 20, 15, 30);
const display = { columns: ['order_id' as const, 'amount' as const], density: 'compact' as const };

describe('view state', () => {
  it('saves a preset range as relative, and recomputes it for the day it is opened', () => {
    const params = {
      ...DEFAULT_LIST_PARAMS,
      sort: 'amount' as const,
      filters: {
        ...EMPTY_FILTERS,
        status: ['declined' as const],
        decline_code: 'do_not_honor',
        created_from: '2026-11-14',
        created_to: '2026-11-20',
      },
    };
    const state = viewStateOf(params, display, today);
    expect(state).toEqual({
      filters: { status: 'declined', decline_code: 'do_not_honor' },
      range: { relative: 'last7' },
      sort: 'amount',
      order: 'desc',
      columns: ['order_id', 'amount'],
      density: 'compact',
    });
    const later = applyViewState(state, DEFAULT_LIST_PARAMS, new Date(2026, 11, 3, 9));
    expect(later.params.filters).toMatchObject({
      status: ['declined'],
      decline_code: 'do_not_honor',
      created_from: '2026-11-27',
      created_to: '2026-12-03',
    });
    expect(later.params.sort).toBe('amount');
    expect(later.display).toEqual(display);
  });

  it('keeps fixed days fixed, and a view without a range keeps the list’s range', () => {
    const fixed = { ...EMPTY_FILTERS, created_from: '2026-10-01', created_to: '2026-10-05' };
    expect(viewRangeOf({ ...DEFAULT_LIST_PARAMS, filters: fixed }, today)).toEqual({
      from: '2026-10-01',
      to: '2026-10-05',
    });
    const state = viewStateOf(DEFAULT_LIST_PARAMS, display, today);
    expect(state.range).toBeNull();
    const current = { ...DEFAULT_LIST_PARAMS, filters: { ...fixed, q: 'x' } };
    const opened = applyViewState(state, current, today);
    expect(opened.params.filters).toEqual({ ...EMPTY_FILTERS, ...fixed });
  });

  it('drops unknown columns and always shows the order id', () => {
    const state = {
      ...viewStateOf(DEFAULT_LIST_PARAMS, display, today),
      columns: ['amount', 'nope', 'amount'] as never,
    };
    expect(applyViewState(state, DEFAULT_LIST_PARAMS, today).display.columns).toEqual([
      'order_id',
      'amount',
    ]);
  });
});
