/** What the orchestrator answers about payouts, as the client normalizes it. */
import {
  NOTIFICATION_OPERATION_TYPES,
  ORCHESTRATOR_PAYOUT_STATUSES,
  PAYOUT_METHOD_TYPES,
} from '../types.js';
import { decimalAmountSchema, idSchema, nullable } from './common.js';
import { DRAFT_07, type JsonSchema } from './jsonSchema.js';

// `unrecognized`: a status outside the six, its raw value in `status_raw` (decision 039).
const status: JsonSchema = {
  type: 'string',
  enum: [...ORCHESTRATOR_PAYOUT_STATUSES, 'unrecognized'],
};
const methodType: JsonSchema = { type: 'string', enum: [...PAYOUT_METHOD_TYPES] };
const isoDate: JsonSchema = { type: 'string', format: 'date-time' };

/** The create-payout reply (docs/orchestrator/api.md section 3), normalized. */
export const payoutCreatedSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Payout created',
  type: 'object',
  required: [
    'id',
    'transaction_id',
    'amount',
    'currency',
    'status',
    'status_raw',
    'processing_date',
    'payout_method',
    'failure_code',
  ],
  properties: {
    id: idSchema('Payout id'),
    transaction_id: nullable({ type: 'string' }),
    amount: nullable(decimalAmountSchema()),
    currency: nullable({ type: 'string', minLength: 1 }),
    status,
    status_raw: { type: 'string' },
    processing_date: nullable(isoDate),
    payout_method: nullable(methodType),
    failure_code: nullable({ type: 'string' }),
  },
};

/** A payout record (docs/orchestrator/api.md section 4), normalized. */
export const payoutRecordSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Payout record',
  type: 'object',
  required: [
    'id',
    'transaction_id',
    'psp_name',
    'psp_order_id',
    'merchant_order_id',
    'first_name',
    'last_name',
    'email',
    'country',
    'state',
    'amount',
    'currency',
    'payout_method_type',
    'status',
    'status_raw',
    'decline_code',
    'decline_reason',
    'processing_date',
    'processing_date_timestamp',
    'psp_response_json',
  ],
  properties: {
    id: idSchema('Payout id'),
    transaction_id: nullable({ type: 'string' }),
    psp_name: nullable({ type: 'string' }),
    psp_order_id: nullable({ type: 'string' }),
    merchant_order_id: { type: 'string' },
    first_name: nullable({ type: 'string' }),
    last_name: nullable({ type: 'string' }),
    email: nullable({ type: 'string' }),
    country: { type: 'string' },
    state: nullable({ type: 'string' }),
    amount: decimalAmountSchema(),
    currency: { type: 'string', minLength: 1 },
    payout_method_type: nullable(methodType),
    status,
    status_raw: { type: 'string' },
    decline_code: nullable({ type: 'string' }),
    decline_reason: nullable({ type: 'string' }),
    processing_date: isoDate,
    processing_date_timestamp: { type: 'integer', minimum: 0 },
    psp_response_json: { type: 'object' },
  },
};

/** One entry of a 400's validation list (docs/orchestrator/api.md section 3). */
export const orchestratorValidationIssueSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Orchestrator validation issue',
  type: 'object',
  required: ['type', 'field', 'message'],
  properties: {
    type: { type: 'string' },
    field: { type: 'string' },
    message: { type: 'string' },
  },
};

/**
 * A notification (docs/orchestrator/api.md section 5). Tolerant of extra keys everywhere: the
 * orchestrator adds attributes per PSP and nothing about notifications is signed or versioned.
 */
export const orchestratorNotificationSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Orchestrator notification',
  type: 'object',
  required: ['webhook', 'data', 'meta'],
  properties: {
    webhook: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', minLength: 1 } },
    },
    data: {
      type: 'object',
      // No charge on cashier-session notifications (`cashier.session.init` / `.close`).
      required: ['order_id', 'psp_name'],
      properties: {
        order_id: { type: 'string' },
        psp_name: { type: 'string' },
        charge: {
          type: 'object',
          required: ['type', 'id', 'psp_order_id', 'operation_type', 'attributes'],
          properties: {
            type: { type: 'string' },
            id: idSchema('Charge id'),
            psp_order_id: nullable({ type: 'string' }),
            operation_type: { type: 'string', enum: [...NOTIFICATION_OPERATION_TYPES] },
            attributes: {
              type: 'object',
              required: [
                'status',
                'amount',
                'currency',
                'decline_code',
                'decline_reason',
                'created_at',
                'updated_at',
              ],
              properties: {
                status: { type: 'string' },
                amount: decimalAmountSchema(),
                currency: { type: 'string' },
                decline_code: nullable({ type: 'string' }),
                decline_reason: nullable({ type: 'string' }),
                created_at: { type: 'integer', minimum: 0 },
                updated_at: { type: 'integer', minimum: 0 },
                // Masked by the orchestrator; never more than first 6 + last 4 digits.
                card_masked_number: { type: 'string', pattern: '^[0-9]{0,6}[^0-9]+[0-9]{0,4}$' },
              },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['server_time', 'api_version'],
      properties: {
        server_time: { type: 'integer', minimum: 0 },
        api_version: { type: 'string' },
      },
    },
  },
};
