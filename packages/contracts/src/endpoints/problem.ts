import { z } from 'zod';
import { ERROR_CODE_NAMES, type ErrorCode } from '../api/problems.js';

/**
 * Every non-2xx reply (`application/problem+json`, RFC 9457, plus our `code` and the request id).
 * Loose: extension members (`payout_id`, `attempts_left`, the lab's `exchange`...) may follow.
 */
export const problem = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    code: z.enum(ERROR_CODE_NAMES as [ErrorCode, ...ErrorCode[]]),
    requestId: z.string().nullable(),
    errors: z.array(z.strictObject({ pointer: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });
