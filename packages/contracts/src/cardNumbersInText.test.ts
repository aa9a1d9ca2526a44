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

/** A brand's leading digits and one of its lengths, as issued. */
const ISSUED = [
  ['4', 13],
  ['4', 16],
  ['4', 19],
  ['51', 16],
  ['55', 16],
  ['2221', 16],
  ['2720', 16],
  ['34', 15],
  ['37', 15],
  ['36', 14],
  ['300', 16],
  ['3530', 16],
  ['3589', 19],
  ['6011', 16],
  ['65', 19],
  ['62', 17],
  ['2200', 16],
  ['50', 13],
  ['67', 19],
] as const;

/** An issued-looking card number: a brand's prefix and length, Luhn-valid. */
const cardNumber = fc
  .tuple(fc.constantFrom(...ISSUED), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18 }))
  .map(([[prefix, length], rest]) =>
    withCheckDigit(`${prefix}${rest.join('')}`.slice(0, length - 1)),
  );

/** Any grouping: cut points anywhere, each joined by a separator people type or paste. */
const typed = fc
  .tuple(
    cardNumber,
    fc.uniqueArray(fc.integer({ min: 1, max: 18 }), { maxLength: 5 }),
    fc.constantFrom('', ' ', '-', '.', '  ', ' - ', '/', '_', '\u00a0'),
  )
  .map(([number, cuts, separator]) => {
    const points = cuts.filter((cut) => cut < number.length).sort((a, b) => a - b);
    const groups = [0, ...points].map((from, i) => number.slice(from, points[i] ?? undefined));
    return { number, text: groups.join(separator) };
  });

/** Free text around: words, glued letters, punctuation, line breaks. */
const around = fc.constantFrom('', ' ', 'Card: ', 'Ada ', '(', '\n', 'é ', ' 12 ab ', 'INV');
const after = fc.constantFrom('', ' ', '.', ' Lovelace', ')', '\n', ', thanks', 'x');

describe('containsCardNumber', () => {
  it('finds an issued card number, whole or grouped any way, alone or glued to letters', () => {
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
    '4111.1111.1111.1111',
    '4111  1111  1111  1111',
    '411111 1111111111',
    'Ada 4111111111111111',
    'paid to 3782 822463 10005.',
    '4222222222222', // 13 digits
    'INV4111111111111111',
    '4111111111111111x',
    '12345678901 4111111111111111',
    '4111 1111 1111 1111 12/27',
    // Full-width digits, a zero-width space, a soft hyphen, a word joiner.
    '４１１１１１１１１１１１１１１１',
    '4111\u200b1111\u200b1111\u200b1111',
    '4111\u00ad1111\u00ad1111\u00ad1111',
    '41111111\u20601111 1111',
  ])('flags %s', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it('leaves out Luhn-invalid runs', () => {
    // Whole runs: cut into groups, a shorter stretch of an invalid number may be a valid card.
    fc.assert(
      fc.property(cardNumber, (number) => {
        const last = Number(number.at(-1));
        const changed = `${number.slice(0, -1)}${(last + 1) % 10}`;
        expect(containsCardNumber(changed)).toBe(false);
      }),
    );
  });

  it('leaves out invoice numbers and references that start with no card brand', () => {
    // 13 digits that pass the Luhn check, starting with 1: no card network issues those.
    expect(luhnValid('1796356508483')).toBe(true);
    for (const text of ['INV-1796356508483', '1796356508483', 'PO 1796 3565 0848 3']) {
      expect(containsCardNumber(text), text).toBe(false);
    }
    const unbranded = fc
      .tuple(
        fc.constantFrom('0', '1', '7', '8', '9'),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }),
      )
      .map(([first, rest]) => withCheckDigit(`${first}${rest.join('')}`));
    fc.assert(
      fc.property(unbranded, fc.constantFrom('INV-', 'REF', 'Invoice ', ''), (digits, prefix) => {
        expect(containsCardNumber(`${prefix}${digits}`)).toBe(false);
      }),
    );
  });

  it('leaves out a brand prefix with a length that brand does not issue', () => {
    // Luhn-valid, Visa's leading 4, but 14 and 15 digits; American Express's 37, but 16 digits.
    expect(containsCardNumber(withCheckDigit('4111111111111'))).toBe(false);
    expect(containsCardNumber(withCheckDigit('41111111111111'))).toBe(false);
    expect(containsCardNumber(withCheckDigit('378282246310005'))).toBe(false);
  });

  it('leaves out runs of 12 digits or fewer and unbroken runs of 20 or more', () => {
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
      fc.property(digits(20, 40), (long) => {
        expect(containsCardNumber(`ref ${long}`)).toBe(false);
      }),
    );
  });

  it('leaves out UUIDs, alone or in a text, whose digit groups could spell a card', () => {
    // Dashes join the groups: 4111-1111-4111-8111-111111111111 would read as digits otherwise.
    expect(containsCardNumber('41111111-1111-4111-8111-111111111111')).toBe(false);
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom('', 'payout ', 'id: '), (uuid, before) => {
        expect(containsCardNumber(`${before}${uuid}`)).toBe(false);
        expect(containsCardNumber(uuid.toUpperCase())).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('leaves out IBANs, wallet addresses, international phone numbers, dates and amounts', () => {
    for (const text of [
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      SAMPLE_IBAN,
      'BE71 0961 2345 6769',
      // An IBAN-shaped value whose BBAN holds a Luhn-valid Visa-shaped run.
      'GB29NWBK60161331926819',
      'GB12ABCD4111111111111111',
      ...SAMPLE_PHONES,
      // 4915112345678 passes the Luhn check: only the `+` tells it from a 13-digit Visa number.
      '+4915112345678',
      '+49 1511 2345678',
      '004915112345678',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      '2025-01-01-123450',
      'PO-20250101-123450',
      '1234567890123.45',
      '12,345.67 EUR',
    ]) {
      expect(containsCardNumber(text), text).toBe(false);
    }
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
