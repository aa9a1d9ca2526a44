import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseNumberText, readJsonNumber } from './jsonNumber.js';

describe('readJsonNumber', () => {
  it('keeps every digit of an 18-decimal amount', () => {
    const n = readJsonNumber(new LosslessNumber('0.123456789012345678'));
    expect(n?.decimal).toBe('0.123456789012345678');
    expect(n?.significantFractionDigits).toBe(18);
  });

  it('expands exponents without floating point', () => {
    expect(parseNumberText('1e-7')?.decimal).toBe('0.0000001');
    expect(parseNumberText('1.5E3')?.decimal).toBe('1500');
    expect(parseNumberText('-2.50e1')?.decimal).toBe('-25.0');
    expect(parseNumberText('123e-2')?.decimal).toBe('1.23');
  });

  it('counts fraction digits by value, ignoring trailing zeros', () => {
    expect(parseNumberText('10.50')?.significantFractionDigits).toBe(1);
    expect(parseNumberText('100.00')?.isInteger).toBe(true);
    expect(parseNumberText('0.0')?.isZero).toBe(true);
    expect(parseNumberText('-0')?.negative).toBe(false);
    expect(parseNumberText('-0.01')?.negative).toBe(true);
  });

  it('refuses anything that is not a JSON number', () => {
    expect(readJsonNumber('12.5')).toBeUndefined();
    expect(readJsonNumber(null)).toBeUndefined();
    expect(readJsonNumber(Number.NaN)).toBeUndefined();
  });

  it('agrees with the float value for doubles (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
        (d) => {
          const parsed = readJsonNumber(d);
          expect(parsed).toBeDefined();
          expect(Number(parsed!.decimal)).toBe(d === 0 ? 0 : d);
        },
      ),
    );
  });
});
