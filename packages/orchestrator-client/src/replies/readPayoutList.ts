import type { PayoutRecord } from '@payouts/contracts';
import { readPayoutRecord } from './readPayoutRecord.js';
import { ReplyReader } from './ReplyReader.js';
import { ReplyShapeError } from './ReplyShapeError.js';

/** A record of a list page that could not be read, with what little could be read of it. */
export interface UnreadablePayoutRecord {
  index: number;
  /** Its merchant order id when that much was readable: a lookup must not miss it. */
  merchant_order_id: string | null;
  problem: string;
}

export interface PayoutList {
  records: PayoutRecord[];
  /** Records left out, each with its problem: one odd record does not fail the page. */
  unreadable: UnreadablePayoutRecord[];
  nextPageCursor: string | null;
}

/** `result: { next_page_cursor, records: [...] }`, read record by record. */
export function readPayoutList(result: unknown, scrubData: (text: string) => string): PayoutList {
  const r = ReplyReader.of(result, 'result');
  const list: PayoutList = {
    records: [],
    unreadable: [],
    nextPageCursor: r.optionalId('next_page_cursor'),
  };
  r.array('records').forEach((record, i) => {
    try {
      list.records.push(readPayoutRecord(record, `result.records[${i}]`, scrubData));
    } catch (error) {
      if (!(error instanceof ReplyShapeError)) throw error;
      const orderId: unknown =
        record !== null && typeof record === 'object'
          ? (record as Record<string, unknown>).merchant_order_id
          : undefined;
      list.unreadable.push({
        index: i,
        merchant_order_id: typeof orderId === 'string' ? orderId.slice(0, 200) : null,
        problem: error.message,
      });
    }
  });
  return list;
}
