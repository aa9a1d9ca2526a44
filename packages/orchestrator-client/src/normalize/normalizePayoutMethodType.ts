import type { PayoutMethodType } from '@payouts/contracts';
import { compactToken } from './normalizePayoutStatus.js';

// Records say `"BankAccount"` where create takes `"bank_account"`; compare without case and
// separators so every spelling of the three types lands on the same value. BridgerPay's API
// token for crypto is undocumented (its dashboard says "Crypto"): the likely spellings all map.
const BY_COMPACT: Readonly<Record<string, PayoutMethodType>> = {
  creditcard: 'credit_card',
  card: 'credit_card',
  bankaccount: 'bank_account',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
  cryptowallet: 'crypto',
};

/**
 * Any spelling of a payout method type we support, or undefined for one we do not (an
 * e-wallet): the caller leaves that entry out and says so, rather than failing the reply.
 */
export function normalizePayoutMethodType(raw: string): PayoutMethodType | undefined {
  return BY_COMPACT[compactToken(raw)];
}
