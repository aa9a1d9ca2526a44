import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid } from './card.js';
import { containsCardNumber, maskCardNumbers } from './cardNumbersInText.js';
import { SAMPLE_CARD_NUMBERS, SAMPLE_IBAN, SAMPLE_PHONES } from './testing/samples.js';

/** The Luhn check digit that makes `body + digit` valid. */
function withCheckDigit(body: string): string {
  const digit = [...'0123456789'].find((d) => luhnValid(body + d));
  return body + digit!;
}

/** 13 to 19 digits, first digit 1-9, Luhn-valid. */
const cardNumber = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 17 }),
  )
  .map(([first, rest]) => withCheckDigit(`${first}${rest.join('')}`));

/** The number as people type it: whole, or in fours (or 4-6-rest) joined by one space or dash. */
const typed = fc
  .tuple(cardNumber, fc.constantFrom('', ' ', '-'), fc.boolean())
  .map(([number, separator, amexStyle]) => {
    const groups =
      amexStyle && number.length >= 14 && number.length <= 15
        ? [number.slice(0, 4), number.slice(4, 10), number.slice(10)]
        : (number.match(/.{1,4}/g) ?? []);
    return { number, text: groups.join(separator) };
  });

/** Free text that cannot join a digit run: words, punctuation, line breaks. */
const around = fc.constantFrom('', ' ', 'Card: ', 'Ada ', '(', '\n', 'é ', ' 12 ab ');
const after = fc.constantFrom('', ' ', '.', ' Lovelace', ')', '\n', ', thanks');

describe('containsCardNumber', () => {
  it('finds a Luhn-valid 13-19 digit run, whole or grouped by single spaces or dashes', () => {
    fc.assert(
      fc.property(typed, around, after, ({ text }, left, right) => {
        expect(containsCardNumber(`${left}${text}${right}`)).toBe(true);
      }),
    );
  });

  it.each([
    ...SAMPLE_CARD_NUMBERS,
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    'Ada 4111111111111111',
    'paid to 3782 822463 10005.',
    '4222222222222', // 13 digits
  ])('flags %s', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it('leaves out Luhn-invalid runs', () => {
    fc.assert(
      fc.property(typed, ({ text }) => {
        const last = Number(text.at(-1));
        const changed = `${text.slice(0, -1)}${(last + 1) % 10}`;
        expect(containsCardNumber(changed)).toBe(false);
      }),
    );
  });

  it('leaves out runs of 12 digits or fewer and of 20 or more', () => {
    const digits = (min: number, max: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
        .map((d) => d.join(''));
    fc.assert(
      fc.property(digits(0, 12), fc.constantFrom('', ' ', '-'), (short, separator) => {
        expect(containsCardNumber(`ref ${short.split('').join(separator)}`)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(digits(20, 40), fc.constantFrom('', ' ', '-'), (long, separator) => {
        const grouped = (long.match(/.{1,4}/g) ?? []).join(separator);
        expect(containsCardNumber(`ref ${grouped}`)).toBe(false);
      }),
    );
  });

  it('leaves out IBANs, international phone numbers and amounts', () => {
    for (const text of [
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      SAMPLE_IBAN,
      'BE71 0961 2345 6769',
      ...SAMPLE_PHONES,
      // 4915112345678 passes the Luhn check: only the `+` tells it from a 13-digit Visa number.
      '+4915112345678',
      '+49 1511 2345678',
      '004915112345678',
      '1234567890123.45',
      '4111111111111111,00',
    ]) {
      expect(containsCardNumber(text), text).toBe(false);
    }
  });

  it('wants the run to stand alone: not glued to letters, not inside a longer grouped run', () => {
    expect(containsCardNumber('INV4111111111111111')).toBe(false);
    expect(containsCardNumber('4111111111111111x')).toBe(false);
    expect(containsCardNumber('12345678901 4111111111111111')).toBe(false);
    expect(containsCardNumber('4111 1111 1111 1111 2222')).toBe(false);
    // Two spaces break a run: each part is then too short.
    expect(containsCardNumber('4111  1111  1111  1111')).toBe(false);
  });

  it('wants grouped digits grouped as on a card, so dates and references pass', () => {
    // 14 digits, Luhn-valid, but grouped as a date and a sequence number.
    expect(luhnValid('20250101123450')).toBe(true);
    expect(containsCardNumber('2025-01-01-123450')).toBe(false);
    expect(containsCardNumber('PO-20250101-123450')).toBe(false);
    expect(containsCardNumber('20250101123450')).toBe(true);
    expect(containsCardNumber('411111 1111111111')).toBe(false);
  });
});

describe('maskCardNumbers', () => {
  it('keeps the last four digits of every 12-19 digit run, or of the Luhn-valid ones only', () => {
    const text = 'a 4111 1111 1111 1111 b 123456789012 c 1234';
    expect(maskCardNumbers(text)).toBe('a ************1111 b ********9012 c 1234');
    expect(maskCardNumbers(text, { luhnOnly: true })).toBe(
      'a ************1111 b 123456789012 c 1234',
    );
  });
});
