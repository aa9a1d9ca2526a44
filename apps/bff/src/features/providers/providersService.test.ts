import type { PayoutProvider } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/clock.js';
import { createProvidersService } from './providersService.js';

function counting() {
  let calls = 0;
  return {
    calls: () => calls,
    orchestrator: {
      getPayoutProviders: async (): Promise<PayoutProvider[]> => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [];
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
});
