import { describe, expect, it } from 'vitest';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';
import { normalizeDepositStatus } from './normalizeDepositStatus.js';
import { normalizePayoutMethodType } from './normalizePayoutMethodType.js';
import { normalizePayoutStatus } from './normalizePayoutStatus.js';
import { toIsoUtc } from './toIsoUtc.js';

describe('normalizePayoutStatus', () => {
  it.each([
    ['Pending', 'pending'],
    ['pending', 'pending'],
    ['Approved', 'approved'],
    ['APPROVED', 'approved'],
    ['Declined', 'declined'],
    ['in_process', 'in_process'],
    ['In Process', 'in_process'],
    ['InProcess', 'in_process'],
    ['in-process', 'in_process'],
    ['Init', 'init'],
    ['Authorized', 'authorized'],
    ['authorised', 'authorized'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizePayoutStatus(raw)).toBe(expected);
  });

  it.each(['Refunded', 'ApprovedOnHold', 'Voided', 'Cancelled', 'Failed', 'Error', ''])(
    'never guesses: %j is unrecognized',
    (raw) => {
      expect(normalizePayoutStatus(raw)).toBe('unrecognized');
    },
  );
});

describe('normalizeDepositStatus', () => {
  it('maps the three deposit statuses in any case', () => {
    expect(normalizeDepositStatus('APPROVED')).toBe('approved');
    expect(normalizeDepositStatus('declined')).toBe('declined');
    expect(normalizeDepositStatus('In_Process')).toBe('in_process');
    expect(() => normalizeDepositStatus('pending')).toThrow(ReplyShapeError);
  });
});

describe('normalizePayoutMethodType', () => {
  it.each([
    ['BankAccount', 'bank_account'],
    ['bank_account', 'bank_account'],
    ['Bank Account', 'bank_account'],
    ['CreditCard', 'credit_card'],
    ['credit_card', 'credit_card'],
    ['Crypto', 'crypto'],
    ['crypto', 'crypto'],
    ['crypto_wallet', 'crypto'],
    ['Cryptocurrency', 'crypto'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizePayoutMethodType(raw)).toBe(expected);
  });

  it.each(['wallet', 'ewallet', 'EWallet', 'apm', ''])('does not know %j: undefined', (raw) => {
    expect(normalizePayoutMethodType(raw)).toBeUndefined();
  });
});

describe('toIsoUtc', () => {
  it.each([
    ['2024-05-01 12:34:56', '2024-05-01T12:34:56.000Z'],
    ['2024-05-01T12:34:56', '2024-05-01T12:34:56.000Z'],
    ['2024-05-01T12:34:56Z', '2024-05-01T12:34:56.000Z'],
    ['2024-05-01T12:34:56.789123Z', '2024-05-01T12:34:56.789Z'],
    ['2024-05-01T14:34:56+02:00', '2024-05-01T12:34:56.000Z'],
    ['2024-05-01T14:34:56+0200', '2024-05-01T12:34:56.000Z'],
    ['2024-12-31 23:59:59', '2024-12-31T23:59:59.000Z'],
  ])('%s -> %s', (raw, expected) => {
    expect(toIsoUtc(raw)).toBe(expected);
  });

  it.each(['', 'yesterday', '2024-02-31 00:00:00', '2024-13-01 00:00:00', '01/05/2024'])(
    'refuses %j',
    (raw) => {
      expect(() => toIsoUtc(raw)).toThrow(ReplyShapeError);
    },
  );
});
