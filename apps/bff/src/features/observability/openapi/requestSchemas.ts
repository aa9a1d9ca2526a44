import {
  MAX_AMOUNT_INTEGER_DIGITS,
  NOTIFICATION_OPERATION_TYPES,
  ORDER_ID_PATTERN,
  PAYOUT_METHOD_TYPES,
} from '@payouts/contracts';
import { z } from 'zod';
import { beneficiaryPayoutBody, corridorOfBody } from '../../payouts/payoutsRouter.js';

/*
 * Request bodies no handler parses with one zod schema, restated for the document only: nothing
 * validates a request with these. Every other body in operations.ts is the very schema its
 * handler hands to `parseInput`, exported from its router.
 */

/**
 * Document only. A payout made with a corridor's form: the handler parses the corridor with
 * `corridorOfBody`, then checks the whole body with ajv against that corridor's form, a JSON
 * Schema built per PSP from the orchestrator's metadata (`@payouts/contracts` payoutForm.ts,
 * after trimming `order_id` and `amount` and tidying metadata values). That check stays (its
 * pointers and messages are the form's); this is what every corridor's form has in common.
 */
export const payoutFormBody = z
  .strictObject({
    order_id: z
      .string()
      .regex(new RegExp(ORDER_ID_PATTERN))
      .describe(
        'Your reference: 1 to 64 letters, digits and . _ : - (the orchestrator’s order id)',
      ),
    provider: z
      .string()
      .min(1)
      .describe('A PSP offering `payout_method_type` in this corridor (`GET /providers`)'),
    country: corridorOfBody.shape.country,
    currency: corridorOfBody.shape.currency,
    state: z
      .string()
      .nullable()
      .describe('The state or province code where the country has them (US, CA, AU…), else null'),
    amount: z
      .string()
      .regex(new RegExp(`^(0|[1-9][0-9]{0,${MAX_AMOUNT_INTEGER_DIGITS - 1}})(\\.[0-9]{1,18})?$`))
      .describe(
        'A decimal string greater than 0, with at most the currency’s decimals (ISO 4217 minor units; crypto up to 18)',
      ),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    metadata: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]))
      .describe(
        'The recipient details: the fields of the PSP’s form for this payout method type, which depend on the PSP (`GET /providers` lists each PSP’s fields; an optional one may be null or left out)',
      ),
  })
  .meta({ id: 'PayoutFormRequest' });

/**
 * Document only: `POST /payouts` takes either body, told apart by `beneficiary_id` (a saved
 * beneficiary also needs `beneficiaries:write`). The second is the handler's own zod schema.
 */
export const createPayoutBody = z.union([payoutFormBody, beneficiaryPayoutBody]).meta({
  description:
    'A corridor’s form (checked against the chosen PSP’s form), or a payout to a saved beneficiary (`beneficiary_id`: it gives corridor, PSP, type and details)',
});

/** Document only: a lab payout is a corridor's form like any payout, at most the lab maximum. */
export const labPayoutBody = payoutFormBody;

const idOrNumber = z.union([z.string().min(1), z.number()]);
const codeOrNull = z.union([z.string(), z.number(), z.null()]).optional();
const unixTime = z
  .union([z.int(), z.string()])
  .describe('Unix seconds, a number or a digit string (an ISO 8601 date-time is accepted too)');

/**
 * Document only. The orchestrator's status notification (its API, section 5) as
 * `parseNotification` (`@payouts/orchestrator-client`) reads it: the route reads the body as
 * text whatever its content type and parses it losslessly (amounts keep every digit), so a zod
 * schema cannot replace that parser; any other body is a 400 `malformed_request`. Unknown
 * members are kept (`meta`, extra charge attributes) or ignored.
 */
export const orchestratorNotificationBody = z
  .looseObject({
    webhook: z.looseObject({
      type: z.string().describe('The event, any case (e.g. `approved`, `declined`)'),
    }),
    data: z.looseObject({
      order_id: idOrNumber,
      psp_name: z.string(),
      charge: z
        .looseObject({
          type: z.string(),
          id: idOrNumber.describe('The orchestrator’s transaction id'),
          psp_order_id: codeOrNull,
          operation_type: z
            .string()
            .describe(`One of ${NOTIFICATION_OPERATION_TYPES.join(', ')}, any case`),
          attributes: z.looseObject({
            status: z.string().describe('The transaction status, as the orchestrator spells it'),
            amount: z
              .union([z.number(), z.string()])
              .describe('A JSON number (read losslessly) or a numeric string'),
            currency: z.string(),
            decline_code: codeOrNull,
            decline_reason: z.string().nullable().optional(),
            created_at: unixTime,
            updated_at: unixTime,
            card_masked_number: z.string().nullable().optional(),
          }),
        })
        .nullable()
        .optional()
        .describe('Absent or null for cashier-session notifications (answered `ignored`)'),
    }),
    meta: z.looseObject({
      server_time: unixTime,
      api_version: z.union([z.string(), z.number()]),
    }),
  })
  .meta({ id: 'OrchestratorNotification' });
