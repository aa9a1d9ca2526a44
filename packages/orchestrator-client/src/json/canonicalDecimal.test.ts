import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, isPlainDecimal } from './canonicalDecimal.js';

describe('canonicalDecimal', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['007.50', '7.5'],
    ['0.10', '0.1'],
    ['12', '12'],
    ['1.50e1', '15'],
    ['1.5e-7', '0.00000015'],
    ['1E+3', '1000'],
    ['-2.5E-1', '-0.25'],
    ['0.123456789012345678', '0.123456789012345678'],
    [
      '123456789012345678901234567890.000000000000000001',
      '123456789012345678901234567890.000000000000000001',
    ],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalDecimal(input)).toBe(expected);
  });

  it.each(['', 'abc', '1.', '.5', '1,5', '1e', '+1', '1e999999', 'NaN', ' 1'])(
    'rejects %j',
    (input) => {
      expect(() => canonicalDecimal(input)).toThrow(RangeError);
    },
  );

  it('keeps every digit whatever the exponent notation', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: -20, max: 20 }),
        (units, scale, shift) => {
          const digits = units.toString().padStart(scale + 1, '0');
          const plain = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
          const canonical = canonicalDecimal(plain);
          // Same value written with the point moved and an exponent to compensate.
          const mantissaScale = scale + shift;
          const mantissa =
            mantissaScale <= 0
              ? digits + '0'.repeat(-mantissaScale)
              : `${digits.padStart(mantissaScale + 1, '0').slice(0, -mantissaScale)}.${digits.padStart(mantissaScale + 1, '0').slice(-mantissaScale)}`;
          expect(canonicalDecimal(`${mantissa}e${shift}`)).toBe(canonical);
          expect(canonicalDecimal(canonical)).toBe(canonical);
          expect(canonical).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isPlainDecimal', () => {
  it('accepts only plain decimals', () => {
    expect(isPlainDecimal('12.50')).toBe(true);
    expect(isPlainDecimal('-1')).toBe(true);
    expect(isPlainDecimal('1e5')).toBe(false);
    expect(isPlainDecimal('1, "x": 2')).toBe(false);
    expect(isPlainDecimal('12.')).toBe(false);
  });
});
