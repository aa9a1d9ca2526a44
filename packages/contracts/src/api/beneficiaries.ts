import type { z } from 'zod';
import type {
  beneficiaryChange,
  beneficiaryDetail,
  beneficiaryDto,
  beneficiaryPage,
} from '../endpoints/beneficiaries.endpoints.js';
import type { timelineEvent } from '../endpoints/common.js';
import type { PayoutMetadataValue, PayoutMethodType } from '../types.js';

/**
 * Beneficiaries: the payee book. A beneficiary is paid again by id; its payment
 * details are sealed in the BFF and only ever shown masked. Constants and types only, so the SPA
 * can name them without bundling zod (the BFF's schemas are in `beneficiaryQuery.ts`).
 */

export const BENEFICIARY_STATUSES = ['active', 'pending_change', 'archived'] as const;
/** `pending_change`: active with its approved details, while a change of them awaits a decision. */
export type BeneficiaryStatus = (typeof BENEFICIARY_STATUSES)[number];

export const BENEFICIARY_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BeneficiaryChangeStatus = (typeof BENEFICIARY_CHANGE_STATUSES)[number];

/** A page holds 1 to `BENEFICIARY_PAGE_MAX` beneficiaries, `BENEFICIARY_PAGE_DEFAULT` unless asked. */
export const BENEFICIARY_PAGE_DEFAULT = 25;
export const BENEFICIARY_PAGE_MAX = 100;
export const BENEFICIARY_SEARCH_MAX_LENGTH = 200;
export const BENEFICIARY_NAME_MAX_LENGTH = 200;
export const BENEFICIARY_REFERENCE_MAX_LENGTH = 100;
export const BENEFICIARY_REASON_MAX_LENGTH = 500;

/** One changed field of a change: the name, the reference, or a payment detail (masked). */
export interface BeneficiaryDetailDiff {
  /**
   * `display_name`, `reference`, or the PSP section's field name (`bankAccountNumber`,
   * `walletAddress`, …).
   */
  field: string;
  from: PayoutMetadataValue | null;
  to: PayoutMetadataValue | null;
}

/** A proposed change of a beneficiary's name, reference or payment details (four eyes). */
export type BeneficiaryChangeDto = z.output<typeof beneficiaryChange>;
export type BeneficiaryDto = z.output<typeof beneficiaryDto>;

/** One entry of a beneficiary's timeline. */
export type BeneficiaryEventDto = z.output<typeof timelineEvent>;
/** `GET /api/beneficiaries/:id`. */
export type BeneficiaryDetail = z.output<typeof beneficiaryDetail>;
/** `GET /api/beneficiaries`: one page, by display name. */
export type BeneficiaryPage = z.output<typeof beneficiaryPage>;

/**
 * `GET /api/beneficiaries` as sent: every value a string. `q` searches display name, reference,
 * e-mail and masked account fragments (last 4, prefixes); `status` is comma-separated.
 */
export type BeneficiaryListQueryParams = {
  q?: string;
  country?: string;
  currency?: string;
  payout_method_type?: string;
  provider?: string;
  status?: string;
  cursor?: string;
  limit?: string;
};

/** `POST /api/beneficiaries`. `details` is validated by `buildPayoutForm` for that corridor. */
export interface CreateBeneficiaryRequest {
  display_name: string;
  reference: string;
  email?: string | null;
  country: string;
  currency: string;
  state: string | null;
  payout_method_type: PayoutMethodType;
  provider: string;
  details: Record<string, PayoutMetadataValue>;
  /**
   * Create even when active beneficiaries have the same payment details (the 409
   * `beneficiary_duplicate` answer names them).
   */
  allow_duplicate?: boolean;
}

/**
 * `PATCH /api/beneficiaries/:id`. The e-mail changes at once; a new name, reference or `details`
 * (the whole PSP section) becomes one pending change that a second person approves.
 */
export interface UpdateBeneficiaryRequest {
  display_name?: string;
  reference?: string;
  email?: string | null;
  details?: Record<string, PayoutMetadataValue>;
}

/** `POST /api/beneficiaries/:id/changes/:changeId/reject`. */
export interface RejectBeneficiaryChangeRequest {
  reason: string;
}

/** The 409 `beneficiary_duplicate` problem's extension: the active beneficiaries it matches. */
export interface BeneficiaryDuplicateExtension {
  duplicates: { id: string; display_name: string; reference: string }[];
}

/**
 * `POST /api/payouts` to a saved beneficiary: corridor, type, PSP and details come from its
 * approved details (unsealed in the BFF); the browser sends only what is new. `metadata` is
 * accepted only for a card beneficiary without a token (`card_fields_required`): the card
 * fields typed again.
 */
export interface BeneficiaryPayoutRequest {
  beneficiary_id: string;
  amount: string;
  order_id?: string;
  metadata?: Record<string, PayoutMetadataValue>;
}
