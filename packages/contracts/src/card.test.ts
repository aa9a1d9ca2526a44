import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBin,
  cardBrand,
  isPlausibleCardNumber,
  luhnValid,
  maskCardNumber,
  normalizeCardNumber,
} from './card.js';
import { SAMPLE_CARD_NUMBERS } from './testing/samples.js';

describe('Luhn', () => {
  it.each(SAMPLE_CARD_NUMBERS)('accepts the test card %s', (n) => {
    expect(luhnValid(n)).toBe(true);
    expect(isPlausibleCardNumber(n)).toBe(true);
  });

  it('refuses a changed digit, non-digits and too-short input', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('0')).toBe(false);
    expect(luhnValid('00')).toBe(true);
  });

  it('wants 12 to 19 digits for a plausible card number', () => {
    expect(isPlausibleCardNumber('00000000000')).toBe(false); // 11
    expect(isPlausibleCardNumber('000000000000')).toBe(true); // 12
    expect(isPlausibleCardNumber('0000000000000000000')).toBe(true); // 19
    expect(isPlausibleCardNumber('00000000000000000000')).toBe(false); // 20
  });
});

describe('card number helpers', () => {
  it('strips spaces and dashes', () => {
    expect(normalizeCardNumber(' 4111 1111-1111 1111 ')).toBe('4111111111111111');
  });

  it('takes the BIN from the leading digits', () => {
    expect(cardBin('4111 1111 1111 1111')).toBe('411111');
    expect(cardBin('5555555555554444', 8)).toBe('55555555');
    expect(() => cardBin('4111')).toThrow(RangeError);
    expect(() => cardBin('abcdefgh')).toThrow(RangeError);
  });

  it('masks to first 6 + last 4 at most', () => {
    expect(maskCardNumber('4111111111111111')).toBe('411111******1111');
    expect(maskCardNumber('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskCardNumber('6011000990139424123')).toBe('601100******4123');
    expect(maskCardNumber('4222222222222')).toBe('422222******2222');
    expect(maskCardNumber('123456789012')).toBe('******9012');
    expect(maskCardNumber('123456789')).toBe('******');
    expect(maskCardNumber('not a card 4111')).toBe('******');
    expect(maskCardNumber('')).toBe('******');
  });

  it('names the brand', () => {
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3530111333300000')).toBe('jcb');
    expect(cardBrand('6200000000000005')).toBe('unionpay');
    expect(cardBrand('9999')).toBeUndefined();
  });

  it('never reveals more than 10 digits, and only the first 6 and last 4', () => {
    const arbInput = fc.oneof(
      fc.stringMatching(/^[0-9 -]{0,30}$/),
      fc.string({ maxLength: 30 }),
      fc
        .integer({ min: 0, max: 25 })
        .chain((n) =>
          fc
            .array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n })
            .map((d) => d.join('')),
        ),
    );
    fc.assert(
      fc.property(arbInput, (input) => {
        const masked = maskCardNumber(input);
        const visible = masked.replace(/[^0-9]/g, '');
        expect(visible.length).toBeLessThanOrEqual(10);
        const digits = normalizeCardNumber(input);
        const [head = '', tail = ''] = masked.split('******');
        expect(digits.startsWith(head)).toBe(true);
        expect(digits.endsWith(tail)).toBe(true);
        if (visible.length > 0) expect(digits.length - visible.length).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 1000 },
    );
  });
});
