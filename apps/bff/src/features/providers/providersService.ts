import type { Corridor, ProvidersReply } from '@payouts/contracts';
import type { OrchestratorClient } from '@payouts/orchestrator-client';
import type { Clock } from '../../shared/clock.js';
import { orchestratorErrorToAppError } from '../orchestrator/orchestratorErrorToAppError.js';

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
 * The metadata endpoint changes only when the merchant's PSP set-up does, and every payout
 * form needs it: a per-corridor cache keeps the wizard fast. Concurrent misses share one call.
 */
export function createProvidersService({
  orchestrator,
  clock,
  ttlMs,
}: {
  orchestrator: Pick<OrchestratorClient, 'getPayoutProviders'>;
  clock: Clock;
  ttlMs: number;
}): ProvidersService {
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CorridorProviders>>();

  const fetchFresh = (key: string, corridor: Corridor): Promise<CorridorProviders> => {
    // A TTL of 0 turns the cache off: every caller gets its own orchestrator call (benchmarks).
    const cacheOn = ttlMs > 0;
    const pending = cacheOn ? inFlight.get(key) : undefined;
    if (pending) return pending;
    const call = (async () => {
      try {
        const providers = await orchestrator.getPayoutProviders(corridor);
        const now = clock.now();
        const value: CorridorProviders = {
          country: corridor.country,
          currency: corridor.currency,
          providers,
          fetched_at: now.toISOString(),
        };
        if (cacheOn) cache.set(key, { value, expiresAt: now.getTime() + ttlMs });
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
        return cached.value;
      }
      return fetchFresh(key, corridor);
    },
  };
}
