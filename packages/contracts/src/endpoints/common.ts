import { z } from 'zod';

/** An instant as the API writes it: ISO 8601 in UTC (`2026-12-06T10:00:00.000Z`). */
export const instant = z.string().meta({ format: 'date-time' });

/** A route that reads no query: any parameter is refused. */
export const noQuery = z.strictObject({});

/** The body of a request that takes none: `{}`. */
export const emptyBody = z.object({}).strict();

/** A decimal string as the API writes amounts: never a float. */
export const decimal = z.string().regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);

/** A staff member as replies name them: who created, approved or rejected something. */
export const payoutActor = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });

/** A payout detail's value, as the PSP's form holds it. */
export const metadataValue = z.union([z.string(), z.number()]);

/**
 * One entry of a payout's or beneficiary's timeline. `actor`: a user's e-mail, `system` or
 * `orchestrator`; `data`: what the event says, masked.
 */
export const timelineEvent = z.strictObject({
  id: z.string(),
  type: z.string(),
  at: instant,
  actor: z.string(),
  data: z.record(z.string(), z.unknown()),
});
