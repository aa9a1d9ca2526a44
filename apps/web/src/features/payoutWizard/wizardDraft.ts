import type { BeneficiaryDto, PayoutMethodType } from '@payouts/contracts';

/**
 * The payout method, the PSP and the PSP's own section are one step: the section appears under
 * the PSP the moment it is picked (docs/decisions/027).
 */
export const WIZARD_STEPS = [
  'Corridor and amount',
  'Payout method and recipient',
  'Review',
  'Result',
] as const;
export const STEP = { corridor: 0, recipient: 1, review: 2, result: 3 } as const;
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
  /** 2 since the method and recipient steps became one (a version 1 draft is read and renumbered). */
  version: 2;
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
    version: 2,
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
