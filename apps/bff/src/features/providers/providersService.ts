import type { Corridor, PayoutProviders, ProvidersReply } from '@payouts/contracts';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import { orchestratorErrorToAppError } from '../orchestrator/index.js';

/** A corridor's PSPs as the API sends them (`fetched_at`: when the orchestrator was asked). */
export type CorridorProviders = ProvidersReply;

export interface ProvidersService {
  /** Cached per corridor for the TTL; `refresh` asks the orchestrator again. */
  get(corridor: Corridor, options?: { refresh?: boolean }): Promise<CorridorProviders>;
}

interface Entry {
  value: CorridorProviders;
  expiresAt: number;
}

/**
 * Corridors are finite, but the keys come from request input: the cache keeps at most this many,
 * dropping the least recently used, so made-up corridors cannot grow it without bound.
 */
export const PROVIDERS_CACHE_MAX_ENTRIES = 500;

/**
 * The metadata endpoint changes only when the merchant's PSP set-up does, and every payout
 * form needs it: a per-corridor cache keeps the wizard fast. Concurrent misses share one call.
 */
export function createProvidersService({
  orchestrator,
  clock,
  ttlMs,
  maxEntries = PROVIDERS_CACHE_MAX_ENTRIES,
  logger,
  onFetched,
}: {
  orchestrator: Pick<OrchestratorClient, 'getPayoutProviders'>;
  clock: Clock;
  ttlMs: number;
  logger?: Pick<Logger, 'warn'>;
  /** Told of every fresh read (the metadata versions); its failure is logged, never the reader's. */
  onFetched?: (corridor: Corridor, metadata: PayoutProviders) => Promise<unknown>;
  maxEntries?: number;
}): ProvidersService {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const cache = new Map<string, Entry>();
  const remember = (key: string, entry: Entry) => {
    cache.delete(key);
    cache.set(key, entry);
    for (const oldest of cache.keys()) {
      if (cache.size <= maxEntries) break;
      cache.delete(oldest);
    }
  };
  const inFlight = new Map<string, Promise<CorridorProviders>>();

  const fetchFresh = (key: string, corridor: Corridor): Promise<CorridorProviders> => {
    // A TTL of 0 turns the cache off: every caller gets its own orchestrator call (benchmarks).
    const cacheOn = ttlMs > 0;
    const pending = cacheOn ? inFlight.get(key) : undefined;
    if (pending) return pending;
    const call = (async () => {
      try {
        const { providers, unsupported } = await orchestrator.getPayoutProviders(corridor);
        await onFetched?.(corridor, { providers, unsupported }).catch((error: unknown) => {
          logger?.warn({ err: error, corridor }, 'metadata version not stored');
        });
        const now = clock.now();
        for (const entry of unsupported) {
          // The rest of the corridor works; admins see it on the Providers page too.
          logger?.warn(
            { corridor, psp: entry.name, payoutMethodType: entry.payout_method_type },
            `metadata entry left out: ${entry.reason}`,
          );
        }
        const value: CorridorProviders = {
          country: corridor.country,
          currency: corridor.currency,
          providers,
          unsupported,
          fetched_at: now.toISOString(),
        };
        if (cacheOn) remember(key, { value, expiresAt: now.getTime() + ttlMs });
        return value;
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      } finally {
        if (cacheOn) inFlight.delete(key);
      }
    })();
    if (cacheOn) inFlight.set(key, call);
    return call;
  };

  return {
    async get(corridor, options = {}) {
      const key = `${corridor.country}:${corridor.currency}`;
      const cached = cache.get(key);
      if (!options.refresh && cached && cached.expiresAt > clock.now().getTime()) {
        remember(key, cached);
        return cached.value;
      }
      return fetchFresh(key, corridor);
    },
  };
}
