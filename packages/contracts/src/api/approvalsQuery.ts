import { z } from 'zod';
import {
  APPROVAL_DECISIONS,
  APPROVAL_DECISIONS_MAX,
  APPROVAL_INBOX_PAGE_DEFAULT,
  APPROVAL_INBOX_PAGE_MAX,
  APPROVAL_REASON_MAX_LENGTH,
} from './approvals.js';

// The BFF parses with these; the SPA imports only approvals.ts (types and constants).

/** `GET /api/approvals`: cursor and page size; unknown parameters are refused. */
export const approvalInboxQuery = z
  .object({
    cursor: z.string().min(1).max(2000).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(APPROVAL_INBOX_PAGE_MAX)
      .default(APPROVAL_INBOX_PAGE_DEFAULT),
  })
  .strict();

/** `POST /api/approvals/decisions`: distinct UUIDs, and a reason to reject. */
export const approvalDecisionsBody = z
  .object({
    decision: z.enum(APPROVAL_DECISIONS, 'Choose approve or reject'),
    payout_ids: z
      .array(z.uuid('Expected a payout id'), 'Choose the payouts')
      .min(1, 'Choose at least one payout')
      .max(APPROVAL_DECISIONS_MAX, `At most ${APPROVAL_DECISIONS_MAX} payouts at once`)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        message: 'Each payout at most once',
      }),
    reason: z
      .string('Say why they are rejected')
      .trim()
      .min(1, 'Say why they are rejected')
      .max(APPROVAL_REASON_MAX_LENGTH, `At most ${APPROVAL_REASON_MAX_LENGTH} characters`)
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.decision === 'reject' && body.reason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why they are rejected' });
    }
    if (body.decision === 'approve' && body.reason !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Only a rejection has a reason' });
    }
  });
