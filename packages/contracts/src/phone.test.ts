import { describe, expect, it } from 'vitest';
import { isInternationalPhone, normalizePhone } from './phone.js';
import { SAMPLE_PHONES } from './testing/samples.js';

describe('isInternationalPhone', () => {
  it.each(SAMPLE_PHONES)('accepts %s', (phone) => {
    expect(isInternationalPhone(phone)).toBe(true);
  });

  it.each([
    ['no plus', '32470123456'],
    ['spaces (not E.164)', '+32 470 12 34 56'],
    ['too short for Belgium', '+3247012'],
    ['too long for Belgium', '+324701234567'],
    ['unassigned country code', '+999123456789'],
    ['impossible US area code', '+12223333333'],
    ['letters', '+32470ABCDEF'],
    ['leading zero country code', '+032470123456'],
    ['more than 15 digits', '+1234567890123456'],
    ['empty', ''],
  ])('refuses %s: %j', (_why, phone) => {
    expect(isInternationalPhone(phone)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('compacts what people type into E.164', () => {
    expect(normalizePhone('+32 470 12 34 56')).toBe('+32470123456');
    expect(normalizePhone('+1 (213) 373-4253')).toBe('+12133734253');
    expect(normalizePhone('0032 470.12.34.56')).toBe('+32470123456');
    expect(isInternationalPhone(normalizePhone(' +44 7911 123456 '))).toBe(true);
  });

  it('leaves the rest for validation to refuse', () => {
    expect(normalizePhone('0470 12 34 56')).toBe('0470123456');
    expect(isInternationalPhone(normalizePhone('0470 12 34 56'))).toBe(false);
  });
});
