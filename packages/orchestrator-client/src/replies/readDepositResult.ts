import type { DepositResult } from '@payouts/contracts';
import { normalizeDepositStatus } from '../normalize/normalizeDepositStatus.js';
import { ReplyReader } from './ReplyReader.js';
import { ReplyShapeError } from './ReplyShapeError.js';

/** `result: { id, status, mpi_url, decline_code?, decline_reason? }` of a card deposit. */
export function readDepositResult(result: unknown): DepositResult {
  const r = ReplyReader.of(result, 'result');
  const status = r.as('status', normalizeDepositStatus);
  const mpiUrl = r.optionalString('mpi_url');
  // Without the 3-D Secure address an in-process deposit cannot be completed.
  if (status === 'in_process' && (mpiUrl === null || mpiUrl === '')) {
    throw new ReplyShapeError('result.mpi_url is missing for an in_process deposit');
  }
  return {
    id: r.id('id'),
    status,
    mpi_url: mpiUrl === '' ? null : mpiUrl,
    decline_code: r.optionalId('decline_code'),
    decline_reason: r.optionalString('decline_reason'),
  };
}
