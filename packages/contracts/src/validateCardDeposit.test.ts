import { beforeEach, describe, expect, it } from 'vitest';
import { buildCardDeposit, resetFactories } from './testing/factories.js';
import { normalizeCardDeposit, validateCardDeposit } from './validateCardDeposit.js';

beforeEach(() => resetFactories());

function errorsOf(input: unknown) {
  const result = validateCardDeposit(input);
  return result.ok ? [] : result.errors;
}

describe('validateCardDeposit', () => {
  it('accepts the factory deposit and tidies typed values', () => {
    const result = validateCardDeposit(
      buildCardDeposit({
        credit_card_number: '4111 1111 1111 1111',
        phone: '+32 470 12 34 56',
        city: ' Brussels ',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      credit_card_number: '4111111111111111',
      phone: '+32470123456',
      city: 'Brussels',
    });
  });

  it('accepts an expired card (the lab tests declines) but not an impossible month', () => {
    expect(errorsOf(buildCardDeposit({ expire_year: 2020 }))).toEqual([]);
    expect(errorsOf(buildCardDeposit({ expire_month: 0 }))).toEqual([
      { pointer: '/expire_month', message: 'Enter the expiry month as a number from 1 to 12.' },
    ]);
  });

  it('checks the amount against its currency scale', () => {
    expect(errorsOf(buildCardDeposit({ amount: '10.505' }))).toEqual([
      { pointer: '/amount', message: 'EUR amounts can have at most 2 decimals.' },
    ]);
    expect(errorsOf(buildCardDeposit({ amount: '100', currency: 'JPY' }))).toEqual([]);
    expect(errorsOf(buildCardDeposit({ amount: '100.5', currency: 'JPY', cvv2: '12' }))).toEqual([
      { pointer: '/cvv2', message: 'Enter the 3 or 4 digit security code.' },
      { pointer: '/amount', message: 'JPY amounts cannot have decimals.' },
    ]);
  });

  it('wants a state in the US, Canada and Australia, and none needed elsewhere', () => {
    expect(errorsOf(buildCardDeposit({ country: 'US', state: null }))).toEqual([
      { pointer: '/state', message: 'Choose the state: payouts and deposits in US need one.' },
    ]);
    expect(errorsOf(buildCardDeposit({ country: 'US', state: 'NY', currency: 'USD' }))).toEqual([]);
  });

  it('refuses a bad card number, phone, e-mail and unknown fields', () => {
    const deposit = {
      ...buildCardDeposit({ credit_card_number: '4111111111111112', phone: '0470', email: 'x' }),
      pin: '1',
    };
    expect(errorsOf(deposit).map((e) => e.pointer)).toEqual([
      '/pin',
      '/email',
      '/phone',
      '/credit_card_number',
    ]);
  });

  it('leaves non-objects alone', () => {
    expect(normalizeCardDeposit(null)).toBeNull();
    expect(errorsOf('x')).toHaveLength(1);
  });
});
