import { z } from 'zod';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import {
  BENEFICIARY_NAME_MAX_LENGTH,
  BENEFICIARY_PAGE_DEFAULT,
  BENEFICIARY_PAGE_MAX,
  BENEFICIARY_REASON_MAX_LENGTH,
  BENEFICIARY_REFERENCE_MAX_LENGTH,
  BENEFICIARY_SEARCH_MAX_LENGTH,
  BENEFICIARY_STATUSES,
} from './beneficiaries.js';
import { COUNTRY_CODE_RE, CURRENCY_CODE_RE } from './patterns.js';
import { countryCodeQuery, currencyCodeQuery } from './payoutListQuery.js';
import { splitList } from '../listParam.js';

// The BFF parses with these; the SPA imports only beneficiaries.ts (types and constants), so
// zod never reaches its bundle. `details` is checked by the corridor's payout form, not here.

/** `GET /api/beneficiaries`: filters, cursor and page size; unknown parameters are refused. */
export const beneficiaryListQuery = z
  .object({
    q: z.string().trim().min(1).max(BENEFICIARY_SEARCH_MAX_LENGTH).optional(),
    country: countryCodeQuery.optional(),
    currency: currencyCodeQuery.optional(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES).optional(),
    provider: z.string().trim().min(1).max(100).optional(),
    status: z
      .string()
      .transform((s) => [...new Set(splitList(s))])
      .pipe(z.array(z.enum(BENEFICIARY_STATUSES)))
      .optional(),
    cursor: z.string().min(1).max(2000).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(BENEFICIARY_PAGE_MAX)
      .default(BENEFICIARY_PAGE_DEFAULT),
  })
  .strict();

const displayName = z
  .string('Enter a name')
  .trim()
  .min(1, 'Enter a name')
  .max(BENEFICIARY_NAME_MAX_LENGTH, `At most ${BENEFICIARY_NAME_MAX_LENGTH} characters`);
const reference = z
  .string('Enter a reference')
  .trim()
  .min(1, 'Enter a reference')
  .max(BENEFICIARY_REFERENCE_MAX_LENGTH, `At most ${BENEFICIARY_REFERENCE_MAX_LENGTH} characters`);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email').max(320))
  .nullable();
const details = z.record(z.string(), z.unknown(), 'The payment details are missing.');

/** `POST /api/beneficiaries`. */
export const createBeneficiaryBody = z
  .object({
    display_name: displayName,
    reference,
    email: email.optional(),
    country: z.string('Choose a country').regex(COUNTRY_CODE_RE, 'Choose a country'),
    currency: z.string('Choose a currency').regex(CURRENCY_CODE_RE, 'Choose a currency'),
    state: z.string().max(100).nullable(),
    payout_method_type: z.string('Choose a payout method').max(100),
    provider: z.string('Choose a provider').max(100),
    details,
    allow_duplicate: z.boolean().optional(),
  })
  .strict();

/** `PATCH /api/beneficiaries/:id`: at least one field. */
export const updateBeneficiaryBody = z
  .object({
    display_name: displayName.optional(),
    reference: reference.optional(),
    email: email.optional(),
    details: details.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send display_name, reference, email or details',
  });

/** `POST /api/beneficiaries/:id/changes/:changeId/reject`. */
export const rejectBeneficiaryChangeBody = z
  .object({
    reason: z
      .string('Say why it is rejected')
      .trim()
      .min(1, 'Say why it is rejected')
      .max(BENEFICIARY_REASON_MAX_LENGTH, `At most ${BENEFICIARY_REASON_MAX_LENGTH} characters`),
  })
  .strict();

export type BeneficiaryListQuery = z.output<typeof beneficiaryListQuery>;
