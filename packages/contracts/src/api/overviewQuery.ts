import { z } from 'zod';
import { PAYOUT_METHOD_TYPES } from '../types.js';
import { OVERVIEW_BUCKETS, OVERVIEW_RANGE_MAX_DAYS } from './overview.js';
import { countryCodeQuery, currencyCodeQuery } from './payoutListQuery.js';
import { isStorableInstant } from './patterns.js';

// The BFF parses with these; the SPA imports only overview.ts (types and constants).

const TIME_ZONE_RE = /^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/;

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!TIME_ZONE_RE.test(zone) || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const instant = z.iso
  .datetime({ offset: true, message: 'Expected an ISO 8601 instant with an offset' })
  .transform((d) => new Date(d))
  .refine(isStorableInstant, 'Out of range');

/** The overview's range and filters, shared by every `GET /api/overview/*`. */
export const overviewQuery = z
  .object({
    from: instant,
    to: instant,
    tz: z
      .string()
      .refine(isTimeZone, 'Expected an IANA time zone such as Europe/Berlin')
      .default('UTC'),
    country: countryCodeQuery.optional(),
    currency: currencyCodeQuery.optional(),
    provider: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.-]+$/, 'Expected a PSP name')
      .optional(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES).optional(),
    is_test: z.enum(['0', '1']).optional(),
    bucket: z.enum(OVERVIEW_BUCKETS).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    // A malformed instant is already an issue (and was not transformed to a Date).
    if (!(q.from instanceof Date) || !(q.to instanceof Date)) return;
    const span = q.to.getTime() - q.from.getTime();
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Expected `to` after `from`' });
    } else if (span > OVERVIEW_RANGE_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${OVERVIEW_RANGE_MAX_DAYS} days from \`from\``,
      });
    }
  });

export type OverviewQuery = z.output<typeof overviewQuery>;
