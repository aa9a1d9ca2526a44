import type { BeneficiaryDto, PayoutMethodType } from '@payouts/contracts';

export const WIZARD_STEPS = [
  'Corridor and amount',
  'Payout method and PSP',
  'Recipient details',
  'Review',
  'Result',
] as const;
export const STEP = { corridor: 0, method: 1, recipient: 2, review: 3, result: 4 } as const;
export type WizardStep = (typeof STEP)[keyof typeof STEP];

export interface CorridorValues {
  country: string;
  currency: string;
  /** '' when the country takes no state. */
  state: string;
  amount: string;
  order_id: string;
}
export type CorridorField = keyof CorridorValues;

/**
 * What the last send's outcome means for the next one:
 * - `none`: nothing sent yet;
 * - `unresolved`: sent, answer unknown (network, timeout, 5xx): the next send MUST reuse the key;
 * - `refused`: the BFF refused it (validation, rejection), nothing was made: a changed body may
 *   take a new key.
 */
export type AttemptState = 'none' | 'unresolved' | 'refused';

/** The wizard's whole state; kept in sessionStorage (without sensitive values) across reloads. */
export interface WizardDraft {
  version: 1;
  step: WizardStep;
  corridor: CorridorValues;
  payout_method_type: PayoutMethodType | '';
  provider: string;
  /** The PSP section's values as the form holds them. */
  metadata: Record<string, unknown>;
  /** One key for the wizard's life; changed only after a refusal and a changed body. */
  idempotencyKey: string;
  lastAttempt: AttemptState;
  /** Set once the payout exists: the result step shows it, and nothing is sent again. */
  createdPayoutId: string | null;
  /** "Pay a saved beneficiary": its masked view; the BFF holds the details. */
  beneficiary: BeneficiaryDto | null;
}

export function newDraft(orderId: string, idempotencyKey: string): WizardDraft {
  return {
    version: 1,
    step: STEP.corridor,
    corridor: { country: '', currency: '', state: '', amount: '', order_id: orderId },
    payout_method_type: '',
    provider: '',
    metadata: {},
    idempotencyKey,
    lastAttempt: 'none',
    createdPayoutId: null,
    beneficiary: null,
  };
}
