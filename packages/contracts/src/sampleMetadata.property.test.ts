import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPayoutForm } from './payoutForm.js';
import { sampleAmount, samplePayoutFor } from './sampleMetadata.js';
import { arbCorridor, arbProviders } from './testing/arbitraries.js';
import { createPayoutValidator } from './validatePayout.js';

const NOW = new Date('2030-06-15T12:00:00Z');
/** 100 generated corridors per push (each compiles its form's validator); FC_RUNS for more. */
const PROPERTY_RUNS = Number(process.env.FC_RUNS ?? 100);

describe('samplePayoutFor', () => {
  it(
    'gives a payout the validator accepts, for any provider the metadata endpoint could list',
    {
      timeout: 120_000,
    },
    () => {
      fc.assert(
        fc.property(arbCorridor, arbProviders(), (corridor, providers) => {
          const form = buildPayoutForm(providers, corridor, { now: NOW });
          const validate = createPayoutValidator(form);
          for (const provider of providers) {
            const payout = samplePayoutFor(provider, corridor, NOW);
            const result = validate(payout);
            expect(result.ok ? [] : result.errors).toEqual([]);
            expect(payout.provider).toBe(provider.name);
            expect(payout.order_id).toMatch(/^LAB-20300615120000-[A-Z0-9]{6}$/);
          }
        }),
        { numRuns: PROPERTY_RUNS },
      );
    },
  );

  it('fills known fields with the well-known samples and honours options', () => {
    const corridor = { country: 'BE', currency: 'EUR' };
    const card = samplePayoutFor(
      {
        name: 'psp',
        title: 'PSP',
        payout_method_type: 'credit_card',
        fields: [
          { name: 'creditCardNumber', title: 'Card' },
          { name: 'expiryYear', title: 'Year' },
          {
            name: 'speed',
            title: 'Speed',
            options: [
              { value: 'fast', title: 'Fast' },
              { value: 'slow', title: 'Slow' },
            ],
          },
          { name: 'ref', title: 'Ref', pattern: '^[0-9]{3}-[0-9]{3}$' },
        ],
      },
      corridor,
      NOW,
    );
    expect(card.metadata).toEqual({
      creditCardNumber: '4111111111111111',
      expiryYear: 2033,
      speed: 'fast',
      ref: '000-000',
    });
    expect(card.amount).toBe('10.00');
  });

  it('picks amounts without the sandbox magic endings', () => {
    expect(sampleAmount('EUR')).toBe('10.00');
    expect(sampleAmount('JPY')).toBe('1000');
    expect(sampleAmount('BTC')).toBe('0.001');
  });
});
