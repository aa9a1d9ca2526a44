import { UUID_RE, type PayoutMetadataValue, type PayoutMethodType } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { BeneficiariesRepository } from './beneficiariesRepository.js';
import type { BeneficiaryVault } from './beneficiaryVault.js';
import type { BeneficiaryViews } from './beneficiaryViews.js';

/** A beneficiary as a payout to it needs it: its corridor, PSP and approved details, unsealed. */
export interface BeneficiaryForPayout {
  id: string;
  country: string;
  currency: string;
  state: string | null;
  provider: string;
  payoutMethodType: PayoutMethodType;
  /** The approved details, unsealed (a pending change is never used); no card data. */
  details: Record<string, PayoutMetadataValue>;
  /** A card beneficiary without a token: the payout brings the card fields. */
  cardFieldsRequired: boolean;
  /**
   * The later of its creation and the approval of its last change of payment details: what
   * an approval rule's "new or changed beneficiary" condition looks at (a rename is no change).
   */
  createdOrChangedAt: Date;
}

/** The port payout creation pays a saved beneficiary through. */
export interface BeneficiaryPayouts {
  /**
   * The beneficiary's approved details for a payout. Throws AppError `not_found` (unknown id),
   * `conflict` (archived), `validation_failed` on `/beneficiary_id` with the unusable reason
   * (its PSP no longer offers its type in its corridor, or the corridor is gone).
   */
  forPayout(id: string): Promise<BeneficiaryForPayout>;
}

export function createBeneficiaryPayouts({
  repo,
  views,
  vault,
}: {
  repo: BeneficiariesRepository;
  views: BeneficiaryViews;
  vault: BeneficiaryVault;
}): BeneficiaryPayouts {
  return {
    async forPayout(id) {
      const row = UUID_RE.test(id) ? await repo.findById(id) : undefined;
      if (!row) throw new AppError('not_found', 'No such beneficiary.');
      if (row.status === 'archived') {
        throw new AppError('conflict', 'This beneficiary is archived: it cannot be paid.');
      }
      // Strict: a payout needs the answer; an orchestrator failure is the payout's failure.
      const reason = await views.unusableReason(row, { strict: true });
      if (reason !== null) {
        throw new AppError('validation_failed', reason, {
          errors: [{ pointer: '/beneficiary_id', message: reason }],
        });
      }
      const changedAt = await repo.lastApprovedChangeAt(row.id);
      return {
        id: row.id,
        country: row.country,
        currency: row.currency,
        state: row.state,
        provider: row.provider,
        payoutMethodType: row.payoutMethodType as PayoutMethodType,
        details: vault.open(row.detailsSealed, row.id),
        cardFieldsRequired: row.cardFieldsRequired,
        createdOrChangedAt:
          changedAt && changedAt.getTime() > row.createdAt.getTime() ? changedAt : row.createdAt,
      };
    },
  };
}
