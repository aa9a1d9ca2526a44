import type { z } from 'zod';
import type { payoutView, payoutViewList } from '../endpoints/payoutViews.endpoints.js';
import type { PayoutSortField, SortDirection } from './payoutListParams.js';

/**
 * Saved views of the payouts list: filters, sort, columns and density under a name.
 * Private to their owner; an admin may share one with everyone. Types and constants only; the BFF
 * parses with `payoutViewBodies.ts`.
 */

export const PAYOUT_VIEWS_MAX_PER_USER = 20;
export const PAYOUT_VIEW_NAME_MAX_LENGTH = 60;

/** The list's columns, in their default order; `PAYOUT_COLUMNS_DEFAULT` are shown until chosen. */
export const PAYOUT_COLUMNS = [
  'created_at',
  'order_id',
  'recipient',
  'amount',
  'status',
  'provider',
  'payout_method_type',
  'country',
  'orchestrator_id',
  'psp_transaction_id',
  'created_by',
  'approved_by',
  'updated_at',
  'decline_reason',
] as const;
export type PayoutColumn = (typeof PAYOUT_COLUMNS)[number];
export const PAYOUT_COLUMNS_DEFAULT: readonly PayoutColumn[] = [
  'created_at',
  'order_id',
  'recipient',
  'amount',
  'status',
  'provider',
  'payout_method_type',
  'country',
];
/** Always shown: a row without them cannot be told apart. */
export const PAYOUT_COLUMNS_REQUIRED: readonly PayoutColumn[] = ['order_id'];

export const PAYOUT_DENSITIES = ['standard', 'compact'] as const;
export type PayoutDensity = (typeof PAYOUT_DENSITIES)[number];

/** Relative ranges stay relative: "last 7 days" means the 7 days before the day it is opened. */
export const PAYOUT_VIEW_RELATIVE_RANGES = ['today', 'last7', 'last30', 'thisMonth'] as const;
export type PayoutViewRelativeRange = (typeof PAYOUT_VIEW_RELATIVE_RANGES)[number];

/**
 * The created-date range a view keeps: none (opening it keeps the list's current range), a
 * relative one, or fixed days (YYYY-MM-DD, inclusive, in the viewer's time zone).
 */
export type PayoutViewRange =
  null | { relative: PayoutViewRelativeRange } | { from: string; to: string };

/**
 * The list's filter parameters a view may hold (as `GET /api/payouts` names them), every value a
 * string; the date range is `range`, never here.
 */
export const PAYOUT_VIEW_FILTER_KEYS = [
  'status',
  'provider',
  'payout_method_type',
  'currency',
  'country',
  'amount_min',
  'amount_max',
  'q',
  'is_test',
  'needs_my_approval',
  'needs_attention',
  'beneficiary_id',
  'decline_code',
] as const;
export type PayoutViewFilterKey = (typeof PAYOUT_VIEW_FILTER_KEYS)[number];

export interface PayoutViewState {
  filters: Partial<Record<PayoutViewFilterKey, string>>;
  range: PayoutViewRange;
  sort: PayoutSortField;
  order: SortDirection;
  /** Shown columns in their order (`order_id` always among them). */
  columns: PayoutColumn[];
  density: PayoutDensity;
}

/** A saved view as the BFF sends it (its schema: `endpoints/payoutViews.endpoints.ts`). */
export type PayoutViewDto = z.output<typeof payoutView>;
export type PayoutViewListDto = z.output<typeof payoutViewList>;

export interface CreatePayoutViewBody {
  name: string;
  state: PayoutViewState;
  /** Admins only. */
  shared?: boolean;
}

export interface UpdatePayoutViewBody {
  name?: string;
  state?: PayoutViewState;
  /** Admins only. */
  shared?: boolean;
}

/** `PUT /api/payout-views/default`: null clears it. */
export interface SetDefaultPayoutViewBody {
  view_id: string | null;
}
