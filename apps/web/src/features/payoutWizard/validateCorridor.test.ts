// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newOrderId } from './newOrderId.js';
import { validateCorridor } from './validateCorridor.js';

const CORRIDORS = [
  { country: 'BE', currency: 'EUR' },
  { country: 'BE', currency: 'USDT' },
  { country: 'US', currency: 'USD' },
  { country: 'KW', currency: 'KWD' },
];
const valid = { country: 'BE', currency: 'EUR', state: '', amount: '10.50', order_id: 'PO-1' };

describe('validateCorridor', () => {
  it('accepts a complete corridor', () => {
    expect(validateCorridor(valid, CORRIDORS)).toEqual({});
  });

  it.each([
    ['EUR', '10.505', 'EUR amounts can have at most 2 decimals.'],
    ['USDT', '1.1234567', 'USDT amounts can have at most 6 decimals.'],
    ['EUR', '0.00', 'The amount must be greater than 0.'],
    ['EUR', '1,000', /digits and a decimal point only/],
  ])('checks %s amount %s against the currency', (currency, amount, message) => {
    expect(validateCorridor({ ...valid, currency, amount }, CORRIDORS).amount).toMatch(message);
  });

  it('allows the full scale of the currency', () => {
    expect(validateCorridor({ ...valid, currency: 'USDT', amount: '1.123456' }, CORRIDORS)).toEqual(
      {},
    );
    expect(
      validateCorridor({ ...valid, country: 'KW', currency: 'KWD', amount: '1.125' }, CORRIDORS),
    ).toEqual({});
  });

  it('refuses a corridor the merchant does not have, and asks for the state where there are states', () => {
    expect(validateCorridor({ ...valid, currency: 'USD' }, CORRIDORS).currency).toBeDefined();
    expect(validateCorridor({ ...valid, country: 'FR' }, CORRIDORS).country).toBeDefined();
    expect(validateCorridor({ ...valid, country: 'US', currency: 'USD' }, CORRIDORS).state).toBe(
      'Choose the state.',
    );
    expect(
      validateCorridor({ ...valid, country: 'US', currency: 'USD', state: 'CA' }, CORRIDORS),
    ).toEqual({});
  });

  it('checks the order id with the payout schema’s pattern', () => {
    expect(validateCorridor({ ...valid, order_id: 'has space' }, CORRIDORS).order_id).toBeDefined();
    expect(
      validateCorridor({ ...valid, order_id: 'x'.repeat(65) }, CORRIDORS).order_id,
    ).toBeDefined();
  });
});

describe('newOrderId', () => {
  it('is PO-, the local date and 6 unambiguous characters', () => {
    const id = newOrderId(new Date(2026, 0, 5), (n) =>
      Uint8Array.from({ length: n }, (_, i) => i * 37),
    );
    expect(id).toMatch(/^PO-20260105-[A-HJ-NP-Z2-9]{6}$/);
    expect(validateCorridor({ ...valid, order_id: id }, CORRIDORS)).toEqual({});
  });
});
