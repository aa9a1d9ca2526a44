import { createHash } from 'node:crypto';
import type { BeneficiaryPayoutRequest } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import type { CreatePayoutOptions, CreatePayoutResult, PayoutCreation } from './payoutCreation.js';

/** Pays a saved beneficiary: one more way into the one payout path (creation, lifecycle). */
export interface BeneficiaryPayoutCreation {
  create(
    input: { user: SessionUser; idempotencyKey: string; request: BeneficiaryPayoutRequest },
    context: AuditContext,
    options?: Pick<CreatePayoutOptions, 'stepUp' | 'payAgain'>,
  ): Promise<CreatePayoutResult>;
}

/**
 * An order id for a request that sent none: derived from the user and idempotency key, so a
 * retry of the same request names the same order (and the orchestrator sees one payout).
 */
function orderIdFor(user: SessionUser, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${user.id}:${idempotencyKey}`).digest('hex');
  return `PO-${digest.slice(0, 20)}`;
}

export function createBeneficiaryPayoutCreation({
  beneficiaries,
  creation,
}: {
  beneficiaries: BeneficiaryPayouts;
  creation: PayoutCreation;
}): BeneficiaryPayoutCreation {
  return {
    async create({ user, idempotencyKey, request }, context, options = {}) {
      const beneficiary = await beneficiaries.forPayout(request.beneficiary_id);
      // Saved details are changed only through a change a second person approves: a payout
      // may add what the beneficiary does not keep (a card typed again), never override it.
      const overriding = Object.keys(request.metadata ?? {}).filter((field) =>
        Object.hasOwn(beneficiary.details, field),
      );
      if (overriding.length > 0) {
        throw new AppError('validation_failed', 'Some fields are invalid.', {
          errors: overriding.map((field) => ({
            pointer: `/metadata/${field}`,
            message: "Saved with the beneficiary: change it through the beneficiary's details",
          })),
        });
      }
      const orderId = request.order_id ?? orderIdFor(user, idempotencyKey);
      return creation.create(
        {
          user,
          idempotencyKey,
          corridor: { country: beneficiary.country, currency: beneficiary.currency },
          body: {
            order_id: orderId,
            provider: beneficiary.provider,
            country: beneficiary.country,
            currency: beneficiary.currency,
            state: beneficiary.state,
            amount: request.amount,
            payout_method_type: beneficiary.payoutMethodType,
            metadata: { ...beneficiary.details, ...(request.metadata ?? {}) },
          },
        },
        context,
        {
          ...options,
          beneficiary: {
            id: beneficiary.id,
            request: { ...request, order_id: orderId },
            createdOrChangedAt: beneficiary.createdOrChangedAt,
          },
        },
      );
    },
  };
}
