import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.js';
import { ledgerMetadata, recipientOf } from './ledgerMetadata.js';

describe('ledgerMetadata', () => {
  it('keeps 6+4 of a card number, masks other secrets and drops security codes', () => {
    const stored = ledgerMetadata({
      creditCardNumber: '4111111111111111',
      creditCardToken: 'tok_secret',
      bankAccountNumber: 'BE71096123456769',
      cvv2: '123',
      cardCvc: '456',
      email: 'a@example.com',
      expiryMonth: 12,
    });
    expect(stored).toEqual({
      creditCardNumber: '411111******1111',
      creditCardToken: '********',
      bankAccountNumber: '****6769',
      email: 'a@example.com',
      expiryMonth: 12,
    });
    expect(JSON.stringify(stored)).not.toMatch(/4111111111111111|tok_secret|123|456/);
  });

  it('finds the recipient for search', () => {
    expect(
      recipientOf({ customerFirstName: ' Jan ', customerLastName: 'Peeters', email: 'Jan@X.be' }),
    ).toEqual({
      name: 'Jan Peeters',
      email: 'jan@x.be',
    });
    expect(recipientOf({ bankAccountName: 'ACME BV' })).toEqual({ name: 'ACME BV', email: null });
  });
});

describe('canonicalJson', () => {
  it('is independent of key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
