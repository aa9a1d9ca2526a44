import { buildProviders } from '@payouts/contracts/testing';
import { describe, expect, it } from 'vitest';
import { createPayoutValidators } from './payoutValidators.js';

const BE_EUR = { country: 'BE', currency: 'EUR' };

describe('createPayoutValidators', () => {
  it('compiles once per providers list, corridor and UTC month', () => {
    const validatorFor = createPayoutValidators();
    const providers = buildProviders();
    const first = validatorFor(providers, BE_EUR, new Date('2030-03-01T00:00:00Z'));
    expect(validatorFor(providers, BE_EUR, new Date('2030-03-31T23:59:59Z'))).toBe(first);
    expect(validatorFor(providers, BE_EUR, new Date('2030-04-01T00:00:00Z'))).not.toBe(first);
    expect(validatorFor(buildProviders(), BE_EUR, new Date('2030-03-02T00:00:00Z'))).not.toBe(
      first,
    );
    expect(
      validatorFor(providers, { country: 'NL', currency: 'EUR' }, new Date('2030-03-02Z')),
    ).not.toBe(first);
  });

  it("validates against the given month's rules", () => {
    const validatorFor = createPayoutValidators();
    const providers = buildProviders();
    const march = validatorFor(providers, BE_EUR, new Date('2030-03-15T00:00:00Z'));
    const may = validatorFor(providers, BE_EUR, new Date('2030-05-15T00:00:00Z'));
    const card = providers.find((p) => p.payout_method_type === 'credit_card')!;
    const body = {
      order_id: 'ord-1',
      provider: card.name,
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: '10.00',
      payout_method_type: 'credit_card',
      metadata: { expiryMonth: 4, expiryYear: 2030 },
    };
    const pointers = (result: ReturnType<typeof march>) =>
      result.ok ? [] : result.errors.map((e) => e.pointer);
    expect(pointers(march(body))).not.toContain('/metadata/expiryMonth');
    expect(pointers(may(body))).toContain('/metadata/expiryMonth');
  });
});
