import { z } from 'zod';
import { PAYOUT_SORT_FIELDS, SORT_DIRECTIONS } from './payoutListParams.js';
import { payoutListQuery } from './payoutListQuery.js';
import {
  PAYOUT_COLUMNS,
  PAYOUT_DENSITIES,
  PAYOUT_VIEW_FILTER_KEYS,
  PAYOUT_VIEW_NAME_MAX_LENGTH,
  PAYOUT_VIEW_RELATIVE_RANGES,
} from './payoutViews.js';

// The BFF parses with these; the SPA imports only payoutViews.ts (types and constants).

const DAY = z.iso.date('Expected a day as YYYY-MM-DD');

const filters = z
  .partialRecord(z.enum(PAYOUT_VIEW_FILTER_KEYS), z.string().max(500))
  .superRefine((value, ctx) => {
    // A view holds only filters the list itself would accept.
    const parsed = payoutListQuery.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
  });

export const payoutViewState = z
  .object({
    filters,
    range: z.union([
      z.null(),
      z.object({ relative: z.enum(PAYOUT_VIEW_RELATIVE_RANGES) }).strict(),
      z
        .object({ from: DAY, to: DAY })
        .strict()
        .refine((r) => r.from <= r.to, {
          message: 'Expected `from` on or before `to`',
          path: ['to'],
        }),
    ]),
    sort: z.enum(PAYOUT_SORT_FIELDS),
    order: z.enum(SORT_DIRECTIONS),
    columns: z
      .array(z.enum(PAYOUT_COLUMNS))
      .min(1)
      .max(PAYOUT_COLUMNS.length)
      .refine((c) => new Set(c).size === c.length, 'A column appears twice')
      .refine((c) => c.includes('order_id'), 'The order id column is always shown'),
    density: z.enum(PAYOUT_DENSITIES),
  })
  .strict();

const name = z
  .string('Name the view')
  .trim()
  .min(1, 'Name the view')
  .max(PAYOUT_VIEW_NAME_MAX_LENGTH, `At most ${PAYOUT_VIEW_NAME_MAX_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'No control characters');

export const createPayoutViewBody = z
  .object({ name, state: payoutViewState, shared: z.boolean().optional() })
  .strict();

export const updatePayoutViewBody = z
  .object({
    name: name.optional(),
    state: payoutViewState.optional(),
    shared: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');

export const setDefaultPayoutViewBody = z
  .object({ view_id: z.uuid('Expected a view id').nullable() })
  .strict();
