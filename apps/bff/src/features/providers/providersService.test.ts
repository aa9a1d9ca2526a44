import type { PayoutProviders } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/clock.js';
import { createProvidersService, PROVIDERS_CACHE_MAX_ENTRIES } from './providersService.js';

function counting(delayMs = 5) {
  let calls = 0;
  return {
    calls: () => calls,
    orchestrator: {
      getPayoutProviders: async (): Promise<PayoutProviders> => {
        calls += 1;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return { providers: [], unsupported: [] };
      },
    },
  };
}

const corridor = { country: 'BE', currency: 'EUR' };

describe('providers service', () => {
  it('shares one call among concurrent misses and caches for the TTL', async () => {
    const o = counting();
    const service = createProvidersService({ ...o, clock: systemClock, ttlMs: 60_000 });
    await Promise.all([service.get(corridor), service.get(corridor), service.get(corridor)]);
    await service.get(corridor);
    expect(o.calls()).toBe(1);
  });

  it('with a TTL of 0 asks the orchestrator for every caller, concurrent ones included', async () => {
    const o = counting();
    const service = createProvidersService({ ...o, clock: systemClock, ttlMs: 0 });
    await Promise.all([service.get(corridor), service.get(corridor), service.get(corridor)]);
    await service.get(corridor);
    expect(o.calls()).toBe(4);
  });

  it('keeps a bounded number of corridors, dropping the least recently used', async () => {
    const o = counting(0);
    const service = createProvidersService({ ...o, clock: systemClock, ttlMs: 60_000 });
    // Made-up corridors (keys come from request input), one more than the cache keeps.
    const madeUp = Array.from({ length: PROVIDERS_CACHE_MAX_ENTRIES }, (_, i) => ({
      country: `Z${String.fromCharCode(65 + (i % 26))}`,
      currency: `X${i}`,
    }));
    expect(PROVIDERS_CACHE_MAX_ENTRIES).toBeGreaterThanOrEqual(100);
    expect(PROVIDERS_CACHE_MAX_ENTRIES).toBeLessThanOrEqual(1000);
    await service.get(corridor);
    await service.get(madeUp[0]!);
    await service.get(corridor); // used again: now the most recent
    for (const c of madeUp.slice(1)) await service.get(c);
    const filled = o.calls();
    expect(filled).toBe(PROVIDERS_CACHE_MAX_ENTRIES + 1);

    await service.get(corridor);
    expect(o.calls()).toBe(filled); // still cached
    await service.get(madeUp[0]!);
    expect(o.calls()).toBe(filled + 1); // the least recently used was dropped
  });
});
