/** The metadata endpoint's providers (docs/orchestrator/api.md section 2), as our types hold them. */
import { PAYOUT_METHOD_TYPES, PROVIDER_FIELD_TYPES } from '../types.js';
import { DRAFT_07, type JsonSchema } from './jsonSchema.js';

const lengthHint: JsonSchema = { type: 'integer', minimum: 0 };

/** One field a PSP asks for. Unknown extra keys are tolerated: the orchestrator may add some. */
export const providerFieldSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Provider field',
  type: 'object',
  required: ['name', 'title'],
  properties: {
    name: { type: 'string', minLength: 1 },
    title: { type: 'string' },
    type: { type: 'string', enum: [...PROVIDER_FIELD_TYPES] },
    required: { type: 'boolean' },
    pattern: { type: 'string' },
    min_length: lengthHint,
    max_length: lengthHint,
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['value', 'title'],
        properties: { value: { type: 'string' }, title: { type: 'string' } },
      },
    },
  },
};

export const payoutProviderSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Payout provider',
  type: 'object',
  required: ['name', 'title', 'payout_method_type', 'fields'],
  properties: {
    name: { type: 'string', minLength: 1 },
    title: { type: 'string' },
    payout_method_type: { type: 'string', enum: [...PAYOUT_METHOD_TYPES] },
    fields: { type: 'array', items: providerFieldSchema },
  },
};

export const payoutProvidersSchema: JsonSchema = {
  $schema: DRAFT_07,
  title: 'Payout providers',
  type: 'array',
  items: payoutProviderSchema,
};
