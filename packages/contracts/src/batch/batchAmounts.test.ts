import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeBatchAmount } from './batchAmounts.js';

describe('normalizeBatchAmount', () => {
  it('reads amounts written with a decimal comma, grouped by points or spaces', () => {
    expect(normalizeBatchAmount('1.234,50', 'comma')).toBe('1234.50');
    expect(normalizeBatchAmount('1.234.567,5', 'comma')).toBe('1234567.5');
    expect(normalizeBatchAmount('1 234,50', 'comma')).toBe('1234.50');
    expect(normalizeBatchAmount('1\u202f234,50', 'comma')).toBe('1234.50');
    expect(normalizeBatchAmount('300,19', 'comma')).toBe('300.19');
    expect(normalizeBatchAmount(' 1.500 ', 'comma')).toBe('1500');
  });

  it('reads amounts written with a decimal point, grouped by commas', () => {
    expect(normalizeBatchAmount('1,234.50', 'point')).toBe('1234.50');
    expect(normalizeBatchAmount('12,345,678', 'point')).toBe('12345678');
    expect(normalizeBatchAmount('1,500', 'point')).toBe('1500');
  });

  it('leaves the API form alone, and anything it cannot read for the row checks', () => {
    for (const decimal of ['point', 'comma'] as const) {
      expect(normalizeBatchAmount('1234.50', decimal)).toBe('1234.50');
      expect(normalizeBatchAmount('1500', decimal)).toBe('1500');
      expect(normalizeBatchAmount('', decimal)).toBe('');
      expect(normalizeBatchAmount('abc', decimal)).toBe('abc');
      expect(normalizeBatchAmount('-5', decimal)).toBe('-5');
    }
    // Not grouped by threes: not guessed at.
    expect(normalizeBatchAmount('12,5.0', 'point')).toBe('12,5.0');
    expect(normalizeBatchAmount('1,23', 'point')).toBe('1,23');
    expect(normalizeBatchAmount('1.23.4,5', 'comma')).toBe('1.23.4,5');
    expect(normalizeBatchAmount('1,2,3', 'comma')).toBe('1,2,3');
  });

  it('reads back every amount as German and English spreadsheets write it', () => {
    const german = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 });
    const english = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const value = cents / 100;
        const canonical = (cents / 100).toFixed(2);
        expect(normalizeBatchAmount(german.format(value), 'comma')).toBe(canonical);
        expect(normalizeBatchAmount(english.format(value), 'point')).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });
});
