import type { PayoutRecord } from '@payouts/contracts';
import type { PayoutPage } from '@payouts/orchestrator-client';

/**
 * What a page of the orchestrator's payouts, asked for by our order id, says about it: the
 * record; a record with that order id that could not be read (it exists: never a reason to send
 * again); or nothing, with how many records the page held (a filter the orchestrator ignored
 * shows there).
 */
export type OrderLookup =
  | { kind: 'found'; record: PayoutRecord }
  | { kind: 'unreadable' }
  | { kind: 'missing'; records: number };

export function orderLookup(page: PayoutPage, orderId: string): OrderLookup {
  const record = page.records.find((r) => r.merchant_order_id === orderId);
  if (record) return { kind: 'found', record };
  if (page.unreadable.some((u) => u.merchant_order_id === orderId)) return { kind: 'unreadable' };
  return { kind: 'missing', records: page.records.length + page.unreadable.length };
}
