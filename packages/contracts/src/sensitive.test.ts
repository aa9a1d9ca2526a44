import { describe, expect, it } from 'vitest';
import {
  accountLast4,
  isSensitiveField,
  lastDigitsOfTerm,
  maskAccountNumber,
  maskFieldValue,
  maskPayoutForDisplay,
} from './sensitive.js';
import { buildPayout } from './testing/factories.js';

describe('sensitive fields', () => {
  it.each([
    'creditCardNumber',
    'creditCardToken',
    'bankAccountNumber',
    'credit_card_number',
    'cvv2',
    'cvc',
    'iban',
    'cardNumber',
    'securityCode',
  ])('%s is sensitive', (name) => expect(isSensitiveField(name)).toBe(true));
  it.each([
    'email',
    'phone',
    'walletAddress',
    'bankRoutingNumber',
    'customerFirstName',
    'expiryMonth',
  ])('%s is not', (name) => expect(isSensitiveField(name)).toBe(false));

  it('masks each kind its own way', () => {
    expect(maskFieldValue('creditCardNumber', '4111111111111111')).toBe('411111******1111');
    expect(maskFieldValue('bankAccountNumber', 'BE71 0961 2345 6769')).toBe('****6769');
    expect(maskFieldValue('creditCardToken', 'tok_live_abc')).toBe('********');
    expect(maskFieldValue('creditCardToken', '')).toBe('');
    expect(maskFieldValue('cvv2', '123')).toBe('********');
    expect(maskFieldValue('email', 'ada@example.com')).toBe('ada@example.com');
    expect(maskAccountNumber('1234567')).toBe('****');
  });

  it('masks a payout for review without touching the original', () => {
    const payout = buildPayout({ payout_method_type: 'credit_card' });
    const masked = maskPayoutForDisplay(payout);
    expect(masked.metadata.creditCardNumber).toBe('411111******1111');
    expect(masked.metadata.email).toBe(payout.metadata.email);
    expect(payout.metadata.creditCardNumber).toBe('4111111111111111');
    expect(JSON.stringify(masked)).not.toContain('4111111111111111');
  });
});

describe('the last 4 characters search matches', () => {
  it('takes what the masked card or account number shows, upper case', () => {
    expect(accountLast4({ creditCardNumber: '4111 1111 1111 1234', email: 'a@b.c' })).toBe('1234');
    expect(accountLast4({ iban: 'de89370400440532013000' })).toBe('3000');
    expect(accountLast4({ bankAccountNumber: '000123456789' })).toBe('6789');
    expect(accountLast4({ account_number: 'GB33BUKB2020155555555X' })).toBe('555X');
  });

  it('is null when the mask shows nothing (a short number) or there is no such field', () => {
    expect(accountLast4({ bankAccountNumber: '1234567' })).toBeNull();
    expect(accountLast4({ creditCardNumber: '411111' })).toBeNull();
    expect(accountLast4({ walletAddress: '0xabcdef1234', email: 'a@b.c' })).toBeNull();
    expect(accountLast4({ cvv: '1234' })).toBeNull();
  });

  it('reads the first such field by name, as the migration does', () => {
    expect(
      accountLast4({ iban: 'DE89370400440532013000', bankAccountNumber: '000123456789' }),
    ).toBe('6789');
  });

  it('reads 4 or more digits from a term, masked or grouped, or a whole IBAN', () => {
    expect(lastDigitsOfTerm('4242')).toBe('4242');
    expect(lastDigitsOfTerm('****4242')).toBe('4242');
    expect(lastDigitsOfTerm('•••• 4242')).toBe('4242');
    expect(lastDigitsOfTerm('0532 0130 00')).toBe('3000');
    expect(lastDigitsOfTerm('DE89 3704 0044 0532 0130 00')).toBe('3000');
  });

  it('reads nothing from fewer digits, words or order ids', () => {
    expect(lastDigitsOfTerm('424')).toBeNull();
    expect(lastDigitsOfTerm('ORD-1234')).toBeNull();
    expect(lastDigitsOfTerm('nora')).toBeNull();
    expect(lastDigitsOfTerm('')).toBeNull();
  });
});
