import type { PossibleDuplicate } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { SessionUser } from '../../shared/identity.js';
import type { PayoutsRepository } from './payoutsRepository.js';
import { moneyText } from '../../shared/moneyText.js';

export interface DuplicateCheckInput {
  user: SessionUser;
  idempotencyKey: string;
  fingerprint: string | null;
  beneficiaryId: string | null;
  currency: string;
  amount: string;
  at: Date;
}

/**
 * Refuses a payout of the same amount and currency to the same account (or beneficiary) as one
 * made within the window (decision 046): it throws `possible_duplicate` naming up to five of
 * them, unless the idempotency key was used before (a replay answers as the first request did,
 * whatever was made since). A window of 0 turns the check off.
 */
export function createDuplicateCheck({
  repo,
  duplicateWindowMs,
}: {
  repo: Pick<PayoutsRepository, 'recentDuplicates' | 'idempotencyKeyExists'>;
  duplicateWindowMs: number;
}): (input: DuplicateCheckInput) => Promise<void> {
  return async function refuseDuplicate(input) {
    if (duplicateWindowMs <= 0) return;
    const earlier = await repo.recentDuplicates({
      fingerprint: input.fingerprint,
      beneficiaryId: input.beneficiaryId,
      currency: input.currency,
      amount: input.amount,
      since: new Date(input.at.getTime() - duplicateWindowMs),
      limit: 5,
    });
    if (earlier.length === 0) return;
    if (await repo.idempotencyKeyExists(input.user.id, input.idempotencyKey)) return;
    const [latest] = earlier;
    const days = Math.round(duplicateWindowMs / 86_400_000);
    const detail =
      earlier.length === 1
        ? `A payout of ${moneyText(input.amount, input.currency)} to this account was made on ${latest!.payout.createdAt.toISOString().slice(0, 10)} (order ${latest!.payout.orderId}).`
        : `${earlier.length === 5 ? '5 or more' : earlier.length} payouts of ${moneyText(input.amount, input.currency)} to this account were made in the last ${days} days, the latest on ${latest!.payout.createdAt.toISOString().slice(0, 10)} (order ${latest!.payout.orderId}).`;
    throw new AppError('possible_duplicate', `${detail} Pay again only if it is meant.`, {
      extensions: {
        duplicates: earlier.map(({ payout: p, creator }): PossibleDuplicate => ({
          id: p.id,
          order_id: p.orderId,
          amount: p.amount,
          currency: p.currency,
          status: p.status,
          created_at: p.createdAt.toISOString(),
          created_by: creator.email,
        })),
      },
    });
  };
}
