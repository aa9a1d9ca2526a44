import type { PayoutRecord } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { orderLookup } from './orderLookup.js';

const record = (orderId: string) => ({ merchant_order_id: orderId }) as PayoutRecord;

describe('orderLookup: what a page asked for by our order id says about it', () => {
  it('finds the record with our order id, whatever else the page holds', () => {
    const page = { records: [record('o-2'), record('o-1')], unreadable: [], nextPageCursor: null };
    expect(orderLookup(page, 'o-1')).toEqual({ kind: 'found', record: record('o-1') });
  });

  it('says a record exists when one with our order id could not be read', () => {
    const page = {
      records: [record('o-2')],
      unreadable: [
        { index: 1, merchant_order_id: 'o-1', problem: 'result.records[1].id is missing' },
      ],
      nextPageCursor: null,
    };
    expect(orderLookup(page, 'o-1')).toEqual({ kind: 'unreadable' });
  });

  it('says missing, with how many records came back (a filter the orchestrator ignored)', () => {
    const page = {
      records: [record('o-2')],
      unreadable: [{ index: 1, merchant_order_id: null, problem: 'x' }],
      nextPageCursor: null,
    };
    expect(orderLookup(page, 'o-1')).toEqual({ kind: 'missing', records: 2 });
  });
});
