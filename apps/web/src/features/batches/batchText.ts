import type { BatchRowState, BatchStatus } from '@payouts/contracts';
import { formatCount } from '../../components/formatCount.js';

export const BATCH_ROW_STATE_TITLES: Readonly<Record<BatchRowState, string>> = {
  invalid: 'Invalid',
  valid: 'Valid',
  excluded: 'Excluded',
  queued: 'Queued',
  sending: 'Sending',
  created: 'Created',
  cancelled: 'Cancelled',
};

/** `1 row`, `2 rows`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The batch no longer changes. */
export function isFinalBatch(status: BatchStatus): boolean {
  return status === 'completed' || status === 'completed_with_failures' || status === 'cancelled';
}
