import type { PayoutMethodType } from '@payouts/contracts';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';
import { compactToken } from './normalizePayoutStatus.js';

// Records say `"BankAccount"` where create takes `"bank_account"`; compare without case and
// separators so every spelling of the three types lands on the same value.
const BY_COMPACT: Readonly<Record<string, PayoutMethodType>> = {
  creditcard: 'credit_card',
  bankaccount: 'bank_account',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
};

export function normalizePayoutMethodType(raw: string): PayoutMethodType {
  const type = BY_COMPACT[compactToken(raw)];
  if (type === undefined) {
    throw new ReplyShapeError(`unknown payout method type '${raw.slice(0, 40)}'`);
  }
  return type;
}
