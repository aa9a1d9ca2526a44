import type { PayoutCreated } from '@payouts/contracts';
import { normalizePayoutMethodType } from '../normalize/normalizePayoutMethodType.js';
import { normalizePayoutStatus } from '../normalize/normalizePayoutStatus.js';
import { toIsoUtc } from '../normalize/toIsoUtc.js';
import { ReplyReader } from './ReplyReader.js';

/** `result` of a successful create-payout call. */
export function readPayoutCreated(result: unknown): PayoutCreated {
  const r = ReplyReader.of(result, 'result');
  const statusRaw = r.string('status');
  return {
    id: r.id('id'),
    transaction_id: r.optionalId('transaction_id'),
    // Tolerated when missing: the payout exists (it has an id), and what was asked is known.
    amount: r.has('amount') ? r.decimal('amount') : null,
    currency: r.optionalString('currency'),
    status: r.as('status', normalizePayoutStatus),
    status_raw: statusRaw,
    processing_date: r.optionalAs('processing_date', toIsoUtc),
    payout_method: readPayoutMethod(r),
    failure_code: r.optionalId('failure_code'),
  };
}

/**
 * `payout_method` is not documented beyond its name. An unrecognized value becomes null rather
 * than failing the whole reply: the payout was created, and turning that into a protocol
 * error would make its outcome look unknown over a field nobody relies on.
 */
function readPayoutMethod(r: ReplyReader): PayoutCreated['payout_method'] {
  const raw = r.raw('payout_method');
  return typeof raw === 'string' ? (normalizePayoutMethodType(raw) ?? null) : null;
}
