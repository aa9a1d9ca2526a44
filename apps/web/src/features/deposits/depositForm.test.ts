// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyDepositForm, toDepositInput } from './depositForm.js';
import { validateDepositForm } from './validateDepositForm.js';

const NOW = new Date('2026-11-20T09:00:00Z');
const VALID = {
  ...emptyDepositForm('DEP-1'),
  corridor: 'BE/EUR',
  amount: '25.00',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.com',
  phone: '+32470123456',
  address1: 'Rue Neuve 1',
  city: 'Brussels',
  zip_code: '1000',
  card_holder_name: 'Jane Doe',
  credit_card_number: '4111 1111 1111 1111',
  expire_month: '12',
  expire_year: '2030',
  cvv2: '123',
};

describe('the deposit console form', () => {
  it('accepts what the contracts’ card deposit schema accepts and builds the body from it', () => {
    expect(validateDepositForm(VALID, NOW)).toEqual({});
    expect(toDepositInput(VALID, { acme: 'dev' })).toMatchObject({
      country: 'BE',
      currency: 'EUR',
      state: null,
      credit_card_number: '4111111111111111',
      expire_month: 12,
      expire_year: 2030,
      ddc: { acme: 'dev' },
    });
  });

  it('refuses, per field, what the BFF would refuse', () => {
    const errors = validateDepositForm(
      {
        ...VALID,
        credit_card_number: '4111 1111 1111 1112',
        cvv2: '12',
        expire_month: '13',
        email: 'jane@',
        first_name: '',
      },
      NOW,
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['credit_card_number', 'cvv2', 'email', 'expire_month', 'first_name'].sort(),
    );
    expect(errors.first_name).toBe('Required.');
  });
});
