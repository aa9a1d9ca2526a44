import type { PayoutRecord } from '@payouts/contracts';
import { readPayoutRecord } from './readPayoutRecord.js';
import { ReplyReader } from './ReplyReader.js';

export interface PayoutList {
  records: PayoutRecord[];
  nextPageCursor: string | null;
}

/** `result: { next_page_cursor, records: [...] }`. */
export function readPayoutList(result: unknown, scrubData: (text: string) => string): PayoutList {
  const r = ReplyReader.of(result, 'result');
  return {
    records: r
      .array('records')
      .map((record, i) => readPayoutRecord(record, `result.records[${i}]`, scrubData)),
    nextPageCursor: r.optionalId('next_page_cursor'),
  };
}
