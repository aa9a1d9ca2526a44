import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rateLimitHits } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';

export interface SignInDelayPolicy {
  /** Failures in a row that cost nothing. */
  freeFailures: number;
  /** The first wait past them; each further failure doubles it… */
  baseDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** Failures are forgotten after this long without one. */
  quietMs: number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Growing delays per account instead of a lockout: past `freeFailures`, an account
 * takes one attempt per delay, the delay doubling with each failure up to `maxDelayMs`. Nobody
 * can lock an account (the last admin's included) for longer than that, and a guesser gets one
 * try per delay. Counted in `rate_limit_hits` beside the per-address limiter, so every BFF
 * process on the database counts together, and by a digest of the key, never the email.
 */
export interface SignInDelays {
  /**
   * Takes an attempt for `key`, counted as a failure until `clear` says it succeeded; or says
   * how long to wait. One statement: concurrent attempts, from any process, each count once,
   * and at most one of them passes per delay.
   */
  take(key: string): Promise<TakeResult>;
  /** The attempt succeeded: the account's failures are forgotten. */
  clear(key: string): Promise<void>;
}

/** The wait after `failures` failures: nothing within the allowance, then doubling to the cap. */
export function delayAfter(failures: number, policy: SignInDelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export function createSignInDelays({
  db,
  clock,
  policy,
}: {
  db: Database;
  clock: Clock;
  policy: SignInDelayPolicy;
}): SignInDelays {
  const digest = (key: string) => createHash('sha256').update(`delay:${key}`).digest('base64url');
  const stamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
  const hits = sql.raw(`"rate_limit_hits"."hits"`);
  const lastHitAt = sql.raw(`"rate_limit_hits"."last_hit_at"`);
  const resetAt = sql.raw(`"rate_limit_hits"."reset_at"`);

  return {
    async take(key) {
      const now = clock.now();
      const forgotten = sql`${resetAt} <= ${stamp(now)}`;
      // The same doubling as delayAfter, in SQL, for the row as it is under the lock.
      const wait = sql`least(${policy.maxDelayMs}::float8, ${policy.baseDelayMs}::float8 * power(2::float8, least(${hits} - ${policy.freeFailures}, 30)))`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({
          key: digest(key),
          hits: 1,
          resetAt: new Date(now.getTime() + policy.quietMs),
          lastHitAt: now,
        })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${forgotten} then 1 else ${hits} + 1 end`,
            // The quiet period restarts with every failure: an ongoing attack is never forgotten.
            resetAt: stamp(new Date(now.getTime() + policy.quietMs)),
            lastHitAt: now,
          },
          setWhere: sql`${forgotten} or ${hits} < ${policy.freeFailures} or ${lastHitAt} is null or ${lastHitAt} + ${ms(1)} * ${wait} <= ${stamp(now)}`,
        })
        .returning({ hits: rateLimitHits.hits });
      if (row) return { allowed: true };
      const [waiting] = await db
        .select({ hits: rateLimitHits.hits, lastHitAt: rateLimitHits.lastHitAt })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, digest(key)));
      const since = waiting?.lastHitAt ? now.getTime() - waiting.lastHitAt.getTime() : 0;
      const retryAfterMs = Math.max(delayAfter(waiting?.hits ?? 0, policy) - since, 1);
      return { allowed: false, retryAfterMs };
    },
    async clear(key) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, digest(key)));
    },
  };
}
