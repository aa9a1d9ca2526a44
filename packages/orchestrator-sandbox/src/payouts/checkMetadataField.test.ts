import type { ProviderField } from '@payouts/contracts';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { checkMetadataField } from './checkMetadataField.js';
import { resolveMetadataFieldRule } from './resolveMetadataFieldRule.js';

const now = new Date('2031-06-15T00:00:00Z');

/** The message for `value` in a field `name` (with hints), or `undefined` when it passes. */
function check(
  field: Partial<ProviderField> & { name: string },
  value: unknown,
  currency = 'EUR',
): string | undefined {
  const rule = resolveMetadataFieldRule({ title: field.name, ...field }, { now });
  return checkMetadataField(rule, value, currency);
}

const passes = (field: Partial<ProviderField> & { name: string }, value: unknown): boolean =>
  check(field, value) === undefined;

describe('metadata field rules: default lengths by name (sandbox decisions)', () => {
  it.each([
    ['customerFirstName', 100],
    ['customerLastName', 100],
    ['cardHolderName', 100],
    ['bankAccountName', 140],
    ['bankName', 140],
    ['bankBranch', 140],
    ['bankAddress', 255],
    ['aFieldNobodyKnows', 255],
  ])('%s holds at most %i characters of text', (name, max) => {
    expect(passes({ name }, 'é'.repeat(max))).toBe(true);
    expect(check({ name }, 'é'.repeat(max + 1))).toBe(`${name} must be at most ${max} characters`);
  });

  it.each([
    ['bankCode', 35],
    ['bankRoutingNumber', 35],
    ['bankAccountNumber', 50],
    ['bankZipcode', 16],
  ])('%s holds at most %i characters', (name, max) => {
    expect(passes({ name }, '7'.repeat(max))).toBe(true);
    expect(passes({ name }, '7'.repeat(max + 1))).toBe(false);
  });

  it('caps the card token at 512, an e-mail at 254, a wallet address at 128', () => {
    expect(passes({ name: 'creditCardToken' }, 't'.repeat(512))).toBe(true);
    expect(passes({ name: 'creditCardToken' }, 't'.repeat(513))).toBe(false);
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email).toHaveLength(254);
    expect(passes({ name: 'email' }, email)).toBe(true);
    expect(check({ name: 'email' }, `a${email}`)).toBe('email must be at most 254 characters');
    const address = `0x${'a'.repeat(127)}`;
    expect(check({ name: 'walletAddress' }, address)).toBe(
      'walletAddress must be at most 128 characters',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passes({ name: 'customerFirstName' }, '😀'.repeat(100))).toBe(true);
  });

  it('lets a max_length hint replace the default, loosening it too', () => {
    expect(passes({ name: 'customerFirstName', max_length: 300 }, 'a'.repeat(300))).toBe(true);
    expect(passes({ name: 'customerFirstName', max_length: 10 }, 'a'.repeat(11))).toBe(false);
    // 0 is no bound at all, so the default stays.
    expect(passes({ name: 'customerFirstName', max_length: 0 }, 'a'.repeat(101))).toBe(false);
    // A min_length above the default maximum drops the maximum.
    expect(passes({ name: 'bankZipcode', min_length: 20 }, '7'.repeat(30))).toBe(true);
    // Contradicting hints are both ignored.
    expect(passes({ name: 'bankZipcode', min_length: 9, max_length: 5 }, '7'.repeat(16))).toBe(
      true,
    );
  });
});

describe('metadata field rules: characters (sandbox decisions)', () => {
  it.each(['bankCode', 'bankRoutingNumber', 'bankAccountNumber'])(
    '%s takes letters, digits, spaces and . / -, between a letter or digit at each end',
    (name) => {
      for (const ok of ['KREDBEBB', 'BE68 5390 0754 7034', '12-34/56.7', 'a']) {
        expect(passes({ name }, ok), ok).toBe(true);
      }
      for (const bad of ['-12', '12.', 'AB_12', 'Ünï', '12#3']) {
        expect(check({ name }, bad), bad).toMatch(/may only contain/);
      }
    },
  );

  it('bankZipcode takes letters, digits, spaces and dashes only', () => {
    for (const ok of ['10017', 'SW1A 1AA', '1000-001'])
      expect(passes({ name: 'bankZipcode' }, ok)).toBe(true);
    for (const bad of ['1000.1', '10/17', ' 10017', '10017-']) {
      expect(passes({ name: 'bankZipcode' }, bad), bad).toBe(false);
    }
  });

  it('lets a pattern hint replace the characters', () => {
    expect(passes({ name: 'bankCode', pattern: '^[0-9]{3}_[0-9]{3}$' }, '123_456')).toBe(true);
    expect(check({ name: 'bankCode', pattern: '^[0-9]{3}$' }, '12')).toBe(
      'bankCode has an invalid format',
    );
    // A pattern that does not compile is ignored.
    expect(passes({ name: 'bankCode', pattern: '([' }, '12_3')).toBe(false);
  });

  it('lets options replace every other rule', () => {
    const field = { name: 'bankCode', options: [{ value: 'a_b', title: 'A B' }] };
    expect(passes(field, 'a_b')).toBe(true);
    expect(check(field, 'KREDBEBB')).toBe('bankCode must be one of a_b');
  });
});

describe('metadata field rules: kinds and formats', () => {
  it('checks the e-mail or E.164 format a type hint brings to a name of another kind', () => {
    expect(check({ name: 'customerLastName', type: 'email' }, 'Lovelace')).toBe(
      'customerLastName is invalid',
    );
    expect(passes({ name: 'customerLastName', type: 'email' }, 'ada@example.com')).toBe(true);
    expect(check({ name: 'bankName', type: 'phone' }, 'KBC')).toMatch(/E\.164/);
    expect(passes({ name: 'bankName', type: 'phone' }, '+32470123456')).toBe(true);
    // The e-mail rule comes with its own length, not the name's (100).
    expect(passes({ name: 'customerLastName', type: 'email' }, `${'a'.repeat(240)}@b.com`)).toBe(
      true,
    );
    expect(check({ name: 'customerLastName', type: 'email' }, `${'a'.repeat(250)}@b.com`)).toBe(
      'customerLastName must be at most 254 characters',
    );
  });

  it('keeps a name\'s own rule under a "string" type hint', () => {
    expect(check({ name: 'email', type: 'string' }, 'nope')).toBe('email is invalid');
    expect(passes({ name: 'expiryMonth', type: 'string' }, 'March')).toBe(true);
    expect(check({ name: 'expiryMonth', type: 'string' }, 3)).toBe('expiryMonth must be a string');
  });

  it('drops the format when a pattern hint replaces it', () => {
    expect(passes({ name: 'email', pattern: '^[a-z]+$' }, 'nope')).toBe(true);
    // The card number keeps its 12 to 19 characters.
    expect(passes({ name: 'creditCardNumber', pattern: '^[A-Z0-9]+$' }, 'ABC')).toBe(false);
    expect(passes({ name: 'creditCardNumber', pattern: '^[A-Z0-9]+$' }, 'ABCDEFGHIJKL')).toBe(true);
  });

  it('checks expiry ranges only while the field is the integer its name implies', () => {
    expect(check({ name: 'expiryMonth' }, 13)).toBe('expiryMonth must be between 1 and 12');
    expect(passes({ name: 'expiryMonth', type: 'integer' }, 12)).toBe(true);
    expect(passes({ name: 'expiryMonth', type: 'number' }, 13.5)).toBe(true);
    expect(check({ name: 'expiryYear' }, 2030)).toBe('expiryYear must be between 2031 and 2051');
  });

  it('compares numeric options as numbers only for a numeric field', () => {
    const numeric = {
      name: 'tier',
      type: 'integer' as const,
      options: [{ value: '2', title: 'Two' }],
    };
    expect(passes(numeric, new LosslessNumber('2.0'))).toBe(true);
    expect(passes(numeric, '2')).toBe(false);
    const text = { name: 'tier', options: [{ value: '2', title: 'Two' }] };
    expect(passes(text, '2')).toBe(true);
    expect(passes(text, 2)).toBe(false);
  });
});

describe('metadata field rules: missing and blank values', () => {
  it('refuses a missing or blank required value and lets an optional one be', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(check({ name: 'bankName' }, value)).toBe('bankName is required');
      expect(passes({ name: 'bankName', required: false }, value)).toBe(true);
    }
    expect(check({ name: 'expiryMonth' }, ' ')).toBe('expiryMonth is required');
    expect(passes({ name: 'expiryMonth', required: false }, ' ')).toBe(true);
  });

  it('takes an empty card token, even when a hint makes the token required', () => {
    expect(passes({ name: 'creditCardToken' }, undefined)).toBe(true);
    expect(passes({ name: 'creditCardToken' }, '')).toBe(true);
    expect(check({ name: 'creditCardToken', required: true }, undefined)).toBe(
      'creditCardToken is required',
    );
    expect(passes({ name: 'creditCardToken', required: true }, '')).toBe(true);
    // A type hint brings its own rule, required unless the hint says otherwise.
    expect(check({ name: 'creditCardToken', type: 'integer' }, undefined)).toBe(
      'creditCardToken is required',
    );
  });
});
