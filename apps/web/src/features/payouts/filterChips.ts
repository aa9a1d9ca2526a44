import { PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { formatCalendarDate, formatMinute } from '../../components/formatDateTime.js';
import { PAYOUT_STATUS_STYLES } from '../../components/payoutStatusStyles.js';
import { isInstant, type PayoutFilters } from './payoutListParams.js';

/** One active filter above the list: what it says, and the filters without it. */
export interface FilterChip {
  key: string;
  label: string;
  without: Partial<PayoutFilters>;
}

/** A range end for people: `19 Nov 2026`, or `25 Nov 2026, 14:00 CET` for an instant. */
export function formatRangeEnd(value: string): string {
  return isInstant(value) ? formatMinute(value) : formatCalendarDate(value);
}

function rangeLabel(from: string, to: string): string {
  if (from && to) return `Created ${formatRangeEnd(from)} – ${formatRangeEnd(to)}`;
  return from ? `Created from ${formatRangeEnd(from)}` : `Created until ${formatRangeEnd(to)}`;
}

/**
 * The filters set beyond the search (which stays visible on its own), as chips. The created
 * range is one chip: a preset or two ends make one choice.
 */
export function filterChips(filters: PayoutFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, without: Partial<PayoutFilters>): void => {
    chips.push({ key, label, without });
  };
  if (filters.status.length > 0) {
    const labels = filters.status.map((s) => PAYOUT_STATUS_STYLES[s].label);
    add('status', `Status: ${labels.join(', ')}`, { status: [] });
  }
  if (filters.provider) add('provider', `PSP: ${filters.provider}`, { provider: '' });
  if (filters.payout_method_type) {
    const title = PAYOUT_METHOD_TYPE_TITLES[filters.payout_method_type];
    add('payout_method_type', `Type: ${title}`, { payout_method_type: '' });
  }
  if (filters.currency) add('currency', `Currency: ${filters.currency}`, { currency: '' });
  if (filters.country) add('country', `Country: ${filters.country}`, { country: '' });
  if (filters.created_from || filters.created_to) {
    add('created', rangeLabel(filters.created_from, filters.created_to), {
      created_from: '',
      created_to: '',
    });
  }
  if (filters.amount_min)
    add('amount_min', `Amount from ${filters.amount_min}`, { amount_min: '' });
  if (filters.amount_max) add('amount_max', `Amount to ${filters.amount_max}`, { amount_max: '' });
  if (filters.is_test) {
    add('is_test', filters.is_test === '1' ? 'Test payouts only' : 'Test payouts hidden', {
      is_test: '',
    });
  }
  if (filters.needs_my_approval) {
    add('needs_my_approval', 'Needs my approval', { needs_my_approval: false });
  }
  if (filters.needs_attention)
    add('needs_attention', 'Needs attention', { needs_attention: false });
  if (filters.decline_code) {
    add('decline_code', `Decline code: ${filters.decline_code}`, { decline_code: '' });
  }
  if (filters.beneficiary_id) {
    add('beneficiary_id', 'Paid to one beneficiary', { beneficiary_id: '' });
  }
  return chips;
}
