import type { DepositTransaction } from '@payouts/contracts';
import { normalizeDepositStatus } from '../normalize/normalizeDepositStatus.js';
import { toIsoUtc } from '../normalize/toIsoUtc.js';
import { ReplyReader } from './ReplyReader.js';

/** `GET /mpi/v2/{api_key}/deposit/transaction/{id}` result; `amount` is a string there. */
export function readDepositTransaction(result: unknown): DepositTransaction {
  const r = ReplyReader.of(result, 'result');
  const lastFour = r.optionalId('last_four_digits');
  return {
    id: r.id('id'),
    psp_name: r.string('psp_name'),
    country: r.string('country'),
    email: r.string('email'),
    transaction_id: r.optionalId('transaction_id'),
    psp_order_id: r.optionalId('psp_order_id'),
    merchant_order_id: r.id('merchant_order_id'),
    amount: r.decimal('amount'),
    currency: r.string('currency'),
    decline_reason: r.optionalString('decline_reason'),
    decline_code: r.optionalId('decline_code'),
    card_type: r.optionalString('card_type'),
    // Only ever the last four: anything longer is cut rather than passed on.
    last_four_digits: lastFour === null ? null : lastFour.slice(-4),
    processing_date: r.optionalAs('processing_date', toIsoUtc),
    payment_method: r.optionalString('payment_method'),
    status: r.as('status', normalizeDepositStatus),
  };
}
