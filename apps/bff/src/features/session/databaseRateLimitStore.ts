import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Database } from '../../db/database.js';
import { rateLimitHits } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';

/** Expired windows are deleted at most this often per store, by the hit that finds it due. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 1_000;

/**
 * express-rate-limit's `Store` over the `rate_limit_hits` table: hits per key per window, shared
 * by every BFF process on the database, on PGlite and PostgreSQL alike (Drizzle, no `pg` pool).
 * Why not a package, and what it costs per sign-in: docs/decisions/010.
 *
 * Windows are fixed: the first hit opens one of `windowMs` (from the limiter's options), later
 * hits count in it, the first hit after it ends opens the next. Time is the injected clock.
 */
export function createDatabaseRateLimitStore({ db, clock }: { db: Database; clock: Clock }): Store {
  let windowMs = 60_000;
  let nextSweepAt = 0;
  // A digest, not the key: keys hold emails and addresses, and whatever was typed as an email.
  const digest = (key: string) => createHash('sha256').update(key).digest('base64url');
  const stamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  // express-rate-limit measures the reset against the wall clock (headers, late decrements):
  // it gets the time left in the window, which the injected clock decides.
  const info = (hits: number, resetAt: Date, now: Date): ClientRateLimitInfo => ({
    totalHits: hits,
    resetTime: new Date(Date.now() + (resetAt.getTime() - now.getTime())),
  });

  const sweep = async (now: Date) => {
    if (now.getTime() < nextSweepAt) return;
    nextSweepAt = now.getTime() + SWEEP_INTERVAL_MS;
    // SKIP LOCKED: two processes sweeping at once, or a hit on an expired key, never wait on
    // (or deadlock with) each other; what one skips, a later sweep takes.
    const expired = db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(lte(rateLimitHits.resetAt, now))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    await db.delete(rateLimitHits).where(inArray(rateLimitHits.key, expired));
  };

  return {
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async get(key) {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, digest(key)), gt(rateLimitHits.resetAt, now)));
      return row ? info(row.hits, row.resetAt, now) : undefined;
    },
    async increment(key) {
      const now = clock.now();
      await sweep(now);
      const expired = sql`${rateLimitHits.resetAt} <= ${stamp(now)}`;
      const resetAt = new Date(now.getTime() + windowMs);
      // One statement: concurrent hits on one key, from any process, each count once.
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key: digest(key), hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${stamp(resetAt)} else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
      if (!row) throw new Error('rate limit upsert returned no row');
      return info(row.hits, row.resetAt, now);
    },
    async decrement(key) {
      const now = clock.now();
      await db
        .update(rateLimitHits)
        .set({ hits: sql`${rateLimitHits.hits} - 1` })
        .where(
          and(
            eq(rateLimitHits.key, digest(key)),
            gt(rateLimitHits.hits, 0),
            gt(rateLimitHits.resetAt, now),
          ),
        );
    },
    async resetKey(key) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, digest(key)));
    },
  };
}
