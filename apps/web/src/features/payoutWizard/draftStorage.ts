import { isSensitiveField, PAYOUT_METHOD_TYPES } from '@payouts/contracts';
import { STEP, type WizardDraft, type WizardStep } from './wizardDraft.js';

export interface DraftStorage {
  load(): WizardDraft | null;
  save(draft: WizardDraft): void;
  clear(): void;
}

export const DRAFT_STORAGE_KEY = 'payouts.wizard.draft';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Card numbers, account numbers and security codes are never written to storage. */
export function withoutSensitiveValues(draft: WizardDraft): WizardDraft {
  return {
    ...draft,
    metadata: Object.fromEntries(
      Object.entries(draft.metadata).filter(([name]) => !isSensitiveField(name)),
    ),
  };
}

function parseDraft(text: string): WizardDraft | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || (value.version !== 1 && value.version !== 2)) return null;
  if (!isRecord(value.corridor)) return null;
  const c = value.corridor;
  const strings = ['country', 'currency', 'state', 'amount', 'order_id'] as const;
  if (!strings.every((k) => typeof c[k] === 'string')) return null;
  if (typeof value.idempotencyKey !== 'string' || value.idempotencyKey === '') return null;
  const type = value.payout_method_type;
  const step = value.step;
  // Version 1 had five steps, method (1) and recipient (2) apart: both are step 1 now.
  const steps: readonly WizardStep[] =
    value.version === 1
      ? [0, 1, 1, 2, 3]
      : [STEP.corridor, STEP.recipient, STEP.review, STEP.result];
  return {
    version: 2,
    step: (typeof step === 'number' ? steps[step] : undefined) ?? STEP.corridor,
    corridor: {
      country: c.country as string,
      currency: c.currency as string,
      state: c.state as string,
      amount: c.amount as string,
      order_id: c.order_id as string,
    },
    payout_method_type:
      typeof type === 'string' && (PAYOUT_METHOD_TYPES as readonly string[]).includes(type)
        ? (type as WizardDraft['payout_method_type'])
        : '',
    provider: typeof value.provider === 'string' ? value.provider : '',
    metadata: isRecord(value.metadata) ? value.metadata : {},
    idempotencyKey: value.idempotencyKey,
    lastAttempt:
      value.lastAttempt === 'unresolved' || value.lastAttempt === 'refused'
        ? value.lastAttempt
        : 'none',
    createdPayoutId: typeof value.createdPayoutId === 'string' ? value.createdPayoutId : null,
    // Masked as the API showed it; only its id is ever sent.
    beneficiary:
      isRecord(value.beneficiary) && typeof value.beneficiary.id === 'string'
        ? (value.beneficiary as unknown as WizardDraft['beneficiary'])
        : null,
  };
}

/**
 * The wizard's draft in (session) storage, so a reload after a network error comes back to the
 * same form with the same idempotency key. Storage that fails (private mode, quota) only loses
 * the draft, never the form.
 */
export function createDraftStorage(
  storage: Storage | null,
  key: string = DRAFT_STORAGE_KEY,
): DraftStorage {
  return {
    load() {
      try {
        const text = storage?.getItem(key);
        return text ? parseDraft(text) : null;
      } catch {
        return null;
      }
    },
    save(draft) {
      try {
        storage?.setItem(key, JSON.stringify(withoutSensitiveValues(draft)));
      } catch {
        // Losing the draft only costs a reload its convenience.
      }
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // See save().
      }
    },
  };
}
