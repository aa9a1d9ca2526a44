import { performance } from 'node:perf_hooks';
import type { SessionLookup, SessionRepository } from './sessionRepository.js';

/** The cache's own door: a user's role or name changed, so their sessions must be read again. */
export interface CachedSessionRepository extends SessionRepository {
  forgetUser(userId: string): void;
}

export interface SessionCacheOptions {
  /** How long a looked-up session is reused without asking the database again; 0 turns it off. */
  ttlMs: number;
  /** Sessions kept at most; the oldest lookup is dropped first. */
  maxEntries?: number;
  /** Monotonic milliseconds (tests pass their own). */
  now?: () => number;
}

/** Every API request looks its session up: a few seconds of reuse saves a query per request. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  found: SessionLookup;
  cachedAt: number;
}

/**
 * A short-lived, in-process cache in front of `findWithUser`, the one query every API request
 * makes. What it may cost, and why that is bounded:
 *
 * - In this process nothing goes stale: signing out (`delete`), the expiry sweep
 *   (`deleteExpired`), and disabling a user, resetting their password or changing their role or
 *   name (the users service calls `forgetUser` before and after its transaction) drop the
 *   entries they concern before they return. A lookup that was
 *   already running when one of them happened is not stored (the generation check below), so a
 *   reply read before a sign-out can never be cached after it.
 * - Another process of the same deployment cannot reach this cache: a sign-out, disable or role
 *   change made there is seen here when the entry ages out, at most `ttlMs` (5 s) later. That is
 *   the bound on how long a disabled user keeps access through another process.
 * - Timeouts are still judged on every request against the clock (the service does that), so an
 *   idle or absolutely expired session is refused at the same moment as without the cache.
 * - Unknown session ids are never cached: a guessed cookie costs a query, as before.
 * - Only the columns a request needs are held (no password hash).
 */
export function withSessionCache(
  inner: SessionRepository,
  { ttlMs, maxEntries = MAX_ENTRIES, now = () => performance.now() }: SessionCacheOptions,
): CachedSessionRepository {
  if (ttlMs <= 0) return { ...inner, forgetUser: () => undefined };
  const entries = new Map<string, Entry>();
  // Bumped by every invalidation: a lookup that overlapped one is not stored.
  let generation = 0;
  const invalidate = (match: (found: SessionLookup) => boolean) => {
    generation += 1;
    for (const [idHash, entry] of entries) if (match(entry.found)) entries.delete(idHash);
  };

  return {
    async insert(row, audit) {
      await inner.insert(row, audit);
    },
    async findWithUser(idHash, options) {
      const entry = entries.get(idHash);
      if (entry !== undefined && options?.fresh !== true) {
        if (now() - entry.cachedAt < ttlMs) return entry.found;
        entries.delete(idHash);
      }
      const startedAt = generation;
      const cachedAt = now();
      const found = await inner.findWithUser(idHash);
      if (found !== undefined && startedAt === generation) {
        entries.delete(idHash);
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (oldest.done !== true) entries.delete(oldest.value);
        }
        entries.set(idHash, { found, cachedAt });
      } else if (found === undefined) {
        entries.delete(idHash);
      }
      return found;
    },
    async touch(idHash, at) {
      await inner.touch(idHash, at);
      const entry = entries.get(idHash);
      if (entry !== undefined) {
        entries.set(idHash, {
          found: { ...entry.found, session: { ...entry.found.session, lastSeenAt: at } },
          cachedAt: entry.cachedAt,
        });
      }
    },
    async recordSecondFactor(idHash, at, method, audit, options) {
      // As `delete`: dropped before and after the write, so no overlapping lookup is kept.
      generation += 1;
      entries.delete(idHash);
      try {
        await inner.recordSecondFactor(idHash, at, method, audit, options);
      } finally {
        generation += 1;
        entries.delete(idHash);
      }
    },
    async delete(idHash, audit) {
      generation += 1;
      entries.delete(idHash);
      try {
        await inner.delete(idHash, audit);
      } finally {
        // Again after the write: a lookup that started while it ran is not kept either.
        generation += 1;
        entries.delete(idHash);
      }
    },
    async deleteExpired(now, idleBefore) {
      await inner.deleteExpired(now, idleBefore);
      invalidate(() => true);
    },
    async listForUser(userId, now, idleBefore) {
      return inner.listForUser(userId, now, idleBefore);
    },
    async deleteForUser(userId, idHashes, audit) {
      // As `delete`: dropped before and after the write, so no overlapping lookup is kept.
      const drop = () => {
        generation += 1;
        for (const idHash of idHashes) entries.delete(idHash);
      };
      drop();
      try {
        return await inner.deleteForUser(userId, idHashes, audit);
      } finally {
        drop();
      }
    },
    forgetUser(userId) {
      invalidate((found) => found.user.id === userId);
    },
  };
}
