import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { isCryptoCurrency } from '../currencies.js';
import { resolveField } from '../fieldRules.js';
import { buildPayoutForm } from '../payoutForm.js';
import { validateCardDeposit } from '../validateCardDeposit.js';
import { validatePayout } from '../validatePayout.js';
import { arbProviders, arbValidPayout, SAMPLE_CORRIDORS } from './arbitraries.js';
import {
  buildCardDeposit,
  buildHintedProvider,
  buildPayout,
  buildPayoutFor,
  buildProviders,
  resetFactories,
  sampleValueFor,
} from './factories.js';
import { createRandom } from './random.js';

beforeEach(() => resetFactories());

describe('factories', () => {
  it('build payouts valid against the form of buildProviders(), for every sample corridor', () => {
    for (const corridor of SAMPLE_CORRIDORS) {
      const form = buildPayoutForm(buildProviders(), corridor);
      const types = isCryptoCurrency(corridor.currency)
        ? (['crypto'] as const)
        : (['credit_card', 'bank_account'] as const);
      for (const type of types) {
        const result = validatePayout(form, buildPayout({ payout_method_type: type, ...corridor }));
        expect(
          result.ok ? [] : result.errors,
          `${corridor.country}/${corridor.currency} ${type}`,
        ).toEqual([]);
      }
    }
  });

  it('fill any form, hinted PSPs included', () => {
    const form = buildPayoutForm(buildProviders(), { country: 'US', currency: 'USD' });
    for (const type of form.methodTypes) {
      for (const { name } of form.providersByType[type]) {
        const payout = buildPayoutFor(form, { payout_method_type: type, provider: name });
        const result = validatePayout(form, payout);
        expect(result.ok ? [] : result.errors, name).toEqual([]);
      }
    }
  });

  it('fill forms from generated provider lists too', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    for (const providers of fc.sample(arbProviders(), { numRuns: 30, seed: 7 })) {
      const form = buildPayoutForm(providers, { country: 'BE', currency: 'EUR' }, { now });
      const result = validatePayout(form, buildPayoutFor(form));
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
  });

  it('fall back to a generated value for a PSP pattern the sample does not match', () => {
    const field = resolveField(
      { name: 'bankCode', title: 'Sort code', pattern: '^[0-9]{2}-[0-9]{2}-[0-9]{2}$' },
      { currency: 'GBP' },
    );
    expect(sampleValueFor(field, 'GBP')).toMatch(/^[0-9]{2}-[0-9]{2}-[0-9]{2}$/);
    const iban = buildHintedProvider().fields[0]!;
    expect(sampleValueFor(resolveField(iban, { currency: 'EUR' }), 'EUR')).toBe('BE71096123456769');
  });

  it('build a valid card deposit', () => {
    const result = validateCardDeposit(buildCardDeposit());
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('are deterministic from the seed', () => {
    const first = [buildPayout(), buildPayout(), buildCardDeposit()];
    resetFactories();
    expect([buildPayout(), buildPayout(), buildCardDeposit()]).toEqual(first);
    expect(first[0]!.order_id).not.toBe(first[1]!.order_id);
    const a = createRandom(1);
    const b = createRandom(1);
    expect([a.next(), a.int(1, 6), a.pick(['x', 'y'])]).toEqual([
      b.next(),
      b.int(1, 6),
      b.pick(['x', 'y']),
    ]);
  });

  it('arbValidPayout only generates payouts its form accepts (smoke; the property test runs 1000)', () => {
    const form = buildPayoutForm(buildProviders(), { country: 'AU', currency: 'AUD' });
    for (const payout of fc.sample(arbValidPayout(form), { numRuns: 50, seed: 3 })) {
      const result = validatePayout(form, payout);
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
  });
});
