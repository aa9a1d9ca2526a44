import { describe, expect, it } from 'vitest';
import {
  isSensitiveField,
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
