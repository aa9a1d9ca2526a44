import { z } from 'zod';
import { BENEFICIARY_CHANGE_STATUSES, BENEFICIARY_STATUSES } from '../api/beneficiaries.js';
import {
  beneficiaryListQuery,
  createBeneficiaryBody,
  rejectBeneficiaryChangeBody,
  updateBeneficiaryBody,
} from '../api/beneficiaryQuery.js';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import { beneficiaryRoutes as routes } from './beneficiaries.routes.js';
import { emptyBody, instant, metadataValue, payoutActor, timelineEvent } from './common.js';
import { endpoint, json } from './endpoint.js';

/** A proposed change of a beneficiary's name, reference or payment details (four eyes). */
export const beneficiaryChange = z.strictObject({
  id: z.string(),
  status: z.enum(BENEFICIARY_CHANGE_STATUSES),
  /**
   * One entry per changed field: `display_name`, `reference`, or the PSP section's field name
   * (`bankAccountNumber`, `walletAddress`, …); payment details masked.
   */
  diff: z.array(
    z.strictObject({
      field: z.string(),
      from: metadataValue.nullable(),
      to: metadataValue.nullable(),
    }),
  ),
  proposed_by: payoutActor,
  proposed_at: instant,
  decided_by: payoutActor.nullable(),
  decided_at: instant.nullable(),
  /** Why it was rejected (required then); null otherwise. */
  reason: z.string().nullable(),
});

/**
 * A beneficiary as the API shows it (list items, detail, every action's reply). Every key is
 * always sent, null when it has no value.
 */
export const beneficiaryDto = z
  .strictObject({
    id: z.string(),
    display_name: z.string(),
    /** The merchant's own id for this payee: unique, editable. */
    reference: z.string(),
    email: z.string().nullable(),
    country: z.string(),
    currency: z.string(),
    state: z.string().nullable(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    /** The PSP it was created for. */
    provider: z.string(),
    /** The PSP's name for people; null when the PSP is not configured. */
    provider_title: z.string().nullable(),
    /**
     * The approved payment details (the PSP section's fields), masked: IBANs and account numbers
     * as country/bank prefix + last 4, cards 6 + 4, wallets first 6 + last 4; names and e-mail
     * in clear.
     */
    details: z.record(z.string(), metadataValue),
    /**
     * A card beneficiary without a PSP card token: the card fields must be typed again for each
     * payout (a full card number is never kept).
     */
    card_fields_required: z.boolean(),
    status: z.enum(BENEFICIARY_STATUSES),
    /**
     * Why it cannot be paid now (its PSP no longer offers the type in the corridor, or the
     * corridor is gone); null when it can.
     */
    unusable_reason: z.string().nullable(),
    /** The change awaiting a decision, if any. */
    pending_change: beneficiaryChange.nullable(),
    created_by: payoutActor,
    created_at: instant,
    updated_by: payoutActor,
    updated_at: instant,
    payouts_count: z.number().int(),
    last_paid_at: instant.nullable(),
  })
  .meta({ id: 'Beneficiary' });

export const beneficiaryPage = z
  .strictObject({ items: z.array(beneficiaryDto), next_cursor: z.string().nullable() })
  .meta({ id: 'BeneficiaryPage' });

export const beneficiaryDetail = z
  .strictObject({
    beneficiary: beneficiaryDto,
    /**
     * Its timeline: created, updated, change_proposed, change_approved, change_rejected,
     * archived, paid (`data` names the payout: `payout_id`, `order_id`, `amount`, `currency`).
     */
    events: z.array(timelineEvent),
    /** Every change ever proposed, newest first. */
    changes: z.array(beneficiaryChange),
  })
  .meta({ id: 'BeneficiaryDetail' });

export const beneficiaryEndpoints = {
  listBeneficiaries: endpoint(routes.listBeneficiaries, {
    summary: 'List beneficiaries, by display name',
    tag: 'Beneficiaries',
    query: beneficiaryListQuery,
    reply: json(beneficiaryPage),
  }),
  createBeneficiary: endpoint(routes.createBeneficiary, {
    summary: 'Save a beneficiary (409 `beneficiary_duplicate` names the ones it matches)',
    tag: 'Beneficiaries',
    body: createBeneficiaryBody,
    reply: json(beneficiaryDto, 201),
  }),
  getBeneficiary: endpoint(routes.getBeneficiary, {
    summary: 'A beneficiary, its history and changes',
    tag: 'Beneficiaries',
    reply: json(beneficiaryDetail),
  }),
  updateBeneficiary: endpoint(routes.updateBeneficiary, {
    summary: 'Change a beneficiary (name, reference and details wait for a second person)',
    tag: 'Beneficiaries',
    body: updateBeneficiaryBody,
    reply: json(beneficiaryDto),
  }),
  approveBeneficiaryChange: endpoint(routes.approveBeneficiaryChange, {
    summary: 'Approve a pending change (another person; step-up)',
    tag: 'Beneficiaries',
    body: emptyBody,
    reply: json(beneficiaryDto),
  }),
  rejectBeneficiaryChange: endpoint(routes.rejectBeneficiaryChange, {
    summary: 'Reject a pending change',
    tag: 'Beneficiaries',
    body: rejectBeneficiaryChangeBody,
    reply: json(beneficiaryDto),
  }),
  archiveBeneficiary: endpoint(routes.archiveBeneficiary, {
    summary: 'Archive a beneficiary',
    tag: 'Beneficiaries',
    body: emptyBody,
    reply: json(beneficiaryDto),
  }),
};
