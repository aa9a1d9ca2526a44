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

  it('says nothing for nothing chosen', () => {
    expect(selectionTotals([])).toBe('');
  });
});
