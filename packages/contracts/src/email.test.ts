import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContractsAjv } from './contractsAjv.js';
import { isEmailAddress } from './email.js';
import { resolveField } from './fieldRules.js';

const ajv = createContractsAjv();
const emailFormat = ajv.compile({ type: 'string', format: 'email' });
const emailField = ajv.compile(
  resolveField({ name: 'email', title: 'E-mail' }, { currency: 'EUR' }).schema,
);

/** Strings built from the characters that matter to an address, valid ones often enough. */
const arbEmailish: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...'aZ09.@-_+!#~ é\'"[]:'.split('')),
    maxLength: 30,
  }),
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9._+-]{0,12}$/),
      fc.constantFrom('@', '@@', ''),
      fc.stringMatching(/^[a-z0-9.-]{0,20}$/),
    )
    .map(([local, at, host]) => `${local}${at}${host}`),
);

describe('isEmailAddress', () => {
  it.each([
    'ada.lovelace+pay@example.co.uk',
    "o'brien@example.ie",
    'ADA@EXAMPLE.COM',
    'a@b.co',
    `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
  ])('accepts %j', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each([
    '',
    'ada@localhost',
    'ada@@example.com',
    'ada example@example.com',
    '@example.com',
    'ada@',
    'ada.@example.com',
    '.ada@example.com',
    'ada@-example.com',
    'josé@example.com',
    ' ada@example.com',
    '"ada"@example.com',
    'ada@[127.0.0.1]',
  ])('refuses %j', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  it('agrees with the `email` format of our schemas (property)', () => {
    fc.assert(
      fc.property(arbEmailish, (value) => {
        expect(isEmailAddress(value)).toBe(emailFormat(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('with at most 254 characters, is what an e-mail field of a payout form accepts', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(190)}.com`;
    expect(emailField(long)).toBe(false);
    fc.assert(
      fc.property(arbEmailish, (value) => {
        expect(isEmailAddress(value) && value.length <= 254).toBe(emailField(value));
      }),
    );
  });
});
