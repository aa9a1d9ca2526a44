import type { DepositStatus } from '@payouts/contracts';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';
import { compactToken } from './normalizePayoutStatus.js';

const BY_COMPACT: Readonly<Record<string, DepositStatus>> = {
  approved: 'approved',
  declined: 'declined',
  inprocess: 'in_process',
};

/** Maps any spelling of a deposit status; unknown statuses are protocol errors. */
export function normalizeDepositStatus(raw: string): DepositStatus {
  const status = BY_COMPACT[compactToken(raw)];
  if (status === undefined) {
    throw new ReplyShapeError(`unknown deposit status '${raw.slice(0, 40)}'`);
  }
  return status;
}
