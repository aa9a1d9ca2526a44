import { describe, expect, it } from 'vitest';
import { selectionTotals } from './selectionTotals.js';

describe('selectionTotals', () => {
  it('sums exactly per currency, in the order the currencies appear', () => {
    expect(
      selectionTotals([
        { amount: '0.10', currency: 'EUR' },
        { amount: '25000', currency: 'JPY' },
        { amount: '0.20', currency: 'EUR' },
      ]),
    ).toBe('€0.30 + ¥25,000');
  });

  it('keeps every digit of amounts beyond a float’s precision', () => {
    expect(
      selectionTotals([
        { amount: '9007199254740993.01', currency: 'USD' },
        { amount: '0.02', currency: 'USD' },
        { amount: '0.00000001', currency: 'BTC' },
        { amount: '0.1', currency: 'BTC' },
      ]),
    ).toBe('$9,007,199,254,740,993.03 + 0.10000001 BTC');
  });

  it('says nothing for nothing chosen', () => {
    expect(selectionTotals([])).toBe('');
  });
});
