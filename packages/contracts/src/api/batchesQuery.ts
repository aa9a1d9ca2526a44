import { z } from 'zod';
import {
  BATCH_LIST_PAGE_MAX,
  BATCH_REASON_MAX_LENGTH,
  BATCH_ROW_FILTERS,
  BATCH_ROWS_PAGE_DEFAULT,
  BATCH_ROWS_PAGE_MAX,
  BATCH_STATUSES,
} from './batches.js';
import { BATCH_DECIMAL_SEPARATORS } from '../batch/batchAmounts.js';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import { UUID_RE } from './patterns.js';

// The BFF parses with these; the SPA imports only batches.ts (types and constants).

const COUNTRY = z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code');
const CURRENCY = z.string().regex(/^[A-Z]{3}$/, 'Expected a three-letter currency code');
const PROVIDER = z
  .string('Choose a PSP')
  .min(1, 'Choose a PSP')
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Expected a PSP name');

/** `POST /api/batches?...` (the body is the file). */
export const batchUploadQuery = z
  .object({
    country: COUNTRY,
    currency: CURRENCY,
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES, 'Choose a payout method type'),
    provider: PROVIDER,
    file_name: z
      .string()
      .trim()
      .min(1, 'Name the file')
      .max(200, 'At most 200 characters')
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'No control characters'),
    /** How the file writes amounts: `1,234.50` (point) or `1.234,50` (comma); see batchAmounts.ts. */
    decimal: z.enum(BATCH_DECIMAL_SEPARATORS, 'Expected point or comma').default('point'),
  })
  .strict();

/** `GET /api/batches/template?...`: the CSV template of a corridor, type and PSP. */
export const batchTemplateQuery = z
  .object({
    country: COUNTRY,
    currency: CURRENCY,
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES, 'Choose a payout method type'),
    provider: PROVIDER,
    delimiter: z.enum(['comma', 'semicolon']).default('comma'),
  })
  .strict();

/** `GET /api/batches`. */
export const batchListQuery = z
  .object({
    status: z.enum(BATCH_STATUSES).optional(),
    cursor: z.string().min(1).max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(BATCH_LIST_PAGE_MAX).default(50),
  })
  .strict();

/** `GET /api/batches/:id/rows`. */
export const batchRowsQuery = z
  .object({
    filter: z.enum(BATCH_ROW_FILTERS).default('all'),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(BATCH_ROWS_PAGE_MAX).default(BATCH_ROWS_PAGE_DEFAULT),
  })
  .strict();

/** `PATCH /api/batches/:id/rows/:row`. */
export const batchRowFixBody = z
  .object({
    cells: z
      .record(z.string().min(1).max(100), z.string().max(1000, 'At most 1,000 characters'))
      .refine((cells) => Object.keys(cells).length > 0, 'Change at least one cell')
      .refine((cells) => Object.keys(cells).length <= 100, 'At most 100 cells at once'),
  })
  .strict();

export const batchValidateBody = z
  .object({ exclude_invalid: z.boolean('Say whether invalid rows are left out') })
  .strict();

export const batchRejectBody = z
  .object({
    reason: z
      .string('Say why the batch is rejected')
      .trim()
      .min(1, 'Say why the batch is rejected')
      .max(BATCH_REASON_MAX_LENGTH, `At most ${BATCH_REASON_MAX_LENGTH} characters`),
  })
  .strict();

export const batchCancelBody = z
  .object({
    reason: z
      .string()
      .trim()
      .max(BATCH_REASON_MAX_LENGTH, `At most ${BATCH_REASON_MAX_LENGTH} characters`)
      .optional(),
  })
  .strict();

export const batchRetryBody = z.object({ provider: PROVIDER }).strict();

/** Path parameters: a batch id, and a 1-based data row (anything else names nothing: 404). */
const batchId = z.string().regex(UUID_RE, 'No such batch.');
export const batchIdParams = z.strictObject({ id: batchId });
export const batchRowParams = z.strictObject({
  id: batchId,
  row: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, 'No such row.')
    .transform(Number),
});
