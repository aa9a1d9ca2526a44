import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchema } from './contractsAjv.js';
import { CURRENCIES, currencyScale } from './currencies.js';
import {
  amountScale,
  amountToScale,
  compareAmounts,
  formatAmount,
  MAX_AMOUNT_INTEGER_DIGITS,
  normalizeAmount,
  sumAmounts,
  validateAmount,
} from './money.js';
import { amountSchemaFor } from './schemas/common.js';
import { arbAmount, arbDecimalString } from './testing/arbitraries.js';

const numRuns = 1000;

/** An oracle independent of big.js: both amounts as integers at a common scale. */
function scaled(a: string, scale: number): bigint {
  const [i = '', f = ''] = a.split('.');
  return BigInt(i + f.padEnd(scale, '0'));
}
function oracleCompare(a: string, b: string): number {
  const scale = Math.max(amountScale(a), amountScale(b));
  const d = scaled(a, scale) - scaled(b, scale);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
}

const arbCurrency = fc.constantFrom(...CURRENCIES.map((c) => c.code));

describe('money properties', () => {
  it('compareAmounts is the exact numeric order (a total order)', () => {
    fc.assert(
      fc.property(arbDecimalString, arbDecimalString, arbDecimalString, (a, b, c) => {
        expect(compareAmounts(a, b)).toBe(oracleCompare(a, b));
        expect(compareAmounts(b, a)).toBe(-compareAmounts(a, b) || 0);
        expect(compareAmounts(a, a)).toBe(0);
        if (compareAmounts(a, b) <= 0 && compareAmounts(b, c) <= 0) {
          expect(compareAmounts(a, c)).toBeLessThanOrEqual(0);
        }
        expect(normalizeAmount(a) === normalizeAmount(b)).toBe(compareAmounts(a, b) === 0);
      }),
      { numRuns },
    );
  });

  it('sumAmounts is exact', () => {
    fc.assert(
      fc.property(fc.array(arbDecimalString, { maxLength: 5 }), (amounts) => {
        const total = sumAmounts(amounts);
        const scale = Math.max(0, ...amounts.map(amountScale), amountScale(total));
        const expected = amounts.reduce((acc, a) => acc + scaled(a, scale), 0n);
        expect(scaled(total, scale)).toBe(expected);
      }),
      { numRuns },
    );
  });

  it('formatAmount never loses a digit (fiat at its scale, crypto without trailing zeros)', () => {
    const arbCase = fc
      .tuple(arbCurrency, fc.constantFrom('en-US', 'de-DE', 'fr-CH', 'ja-JP', 'en-IN', 'nl-BE'))
      .chain(([currency, locale]) =>
        arbAmount(currency).map((amount) => ({ currency, locale, amount })),
      );
    fc.assert(
      fc.property(arbCase, ({ currency, locale, amount }) => {
        const digits = formatAmount(amount, currency, locale).replace(/[^0-9]/g, '');
        const fiat = CURRENCIES.find((c) => c.code === currency)?.kind === 'fiat';
        const shown = fiat ? amountToScale(amount, currency) : normalizeAmount(amount);
        expect(digits).toBe(shown.replace('.', ''));
      }),
      { numRuns },
    );
  });

  it('validateAmount accepts exactly the amounts > 0 within the scale (and the schema agrees)', () => {
    const arbInput = fc.oneof(
      { weight: 4, arbitrary: arbDecimalString },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );
    fc.assert(
      fc.property(arbCurrency, arbInput, (currency, input) => {
        const [integer = '', fraction = ''] = input.split('.');
        const expected =
          /^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(input) &&
          fraction.length <= currencyScale(currency) &&
          integer.length <= MAX_AMOUNT_INTEGER_DIGITS &&
          /[1-9]/.test(input);
        expect(validateAmount(input, currency).ok).toBe(expected);
        expect(compileSchema(amountSchemaFor(currency))(input)).toBe(expected);
      }),
      { numRuns },
    );
  });
});
