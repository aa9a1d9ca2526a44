import type { Clock } from '../../shared/clock.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import { ruleForPayout } from './creationApproval.js';
import type { ApprovalPolicy, PayoutApprovalRuleDto, PayoutMethodType } from '@payouts/contracts';

export interface ApprovalPreviewInput {
  amount: string;
  currency: string;
  country: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  beneficiary_id?: string | undefined;
}

/**
 * The rule a payout would get if it were made now, as creation matches it (the policy in force,
 * a saved beneficiary's last change of payment details, one by one: not part of a batch). It is
 * a preview: the policy, or the beneficiary, may change before the payout is made.
 */
export function createApprovalPreview({
  policies,
  beneficiaryPayouts,
  clock,
}: {
  policies: { active(): Promise<ApprovalPolicy> };
  beneficiaryPayouts: Pick<BeneficiaryPayouts, 'forPayout'>;
  clock: Clock;
}): (input: ApprovalPreviewInput) => Promise<PayoutApprovalRuleDto> {
  return async (input) => {
    const beneficiary = input.beneficiary_id
      ? await beneficiaryPayouts.forPayout(input.beneficiary_id)
      : undefined;
    const rule = ruleForPayout(await policies.active(), input, {
      ...(beneficiary ? { beneficiaryChangedAt: beneficiary.createdOrChangedAt } : {}),
      inBatch: false,
      now: clock.now(),
    });
    return {
      id: rule.id,
      name: rule.name,
      approvals_required: rule.approvals.count,
      roles: [...rule.approvals.roles],
    };
  };
}
