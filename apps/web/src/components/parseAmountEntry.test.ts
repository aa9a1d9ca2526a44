import { describe, expect, it } from 'vitest';
import { parseAmountEntry } from './parseAmountEntry.js';

describe('parseAmountEntry', () => {
  it.each([
    ['1,000.50', 'en-US', '1000.50'],
    ['1000.50', 'en-US', '1000.50'],
    ['1,234,567', 'en-US', '1234567'],
    ['12,34,567.5', 'en-IN', '1234567.5'],
    ['12,5', 'en-US', '12.5'],
    ['.5', 'en-US', '0.5'],
    ['007', 'en-US', '7'],
    ['1.000,50', 'de-DE', '1000.50'],
    ['1.000', 'de-DE', '1000'],
    ['1000,5', 'de-DE', '1000.5'],
    ['1000.5', 'de-DE', '1000.5'],
    ['1 000,50', 'fr-FR', '1000.50'],
    ['1\u202f000,50', 'fr-FR', '1000.50'],
    ["1'000.50", 'de-CH', '1000.50'],
    ['0.00000001', 'en-US', '0.00000001'],
    ['123456789012345.67', 'en-US', '123456789012345.67'],
  ])('%s in %s is %s', (text, locale, expected) => {
    expect(parseAmountEntry(text, locale)).toBe(expected);
  });

  it.each([
    ['', 'en-US'],
    ['abc', 'en-US'],
    ['1,00,0.5', 'en-US'],
    ['1.2.3', 'en-US'],
    ['1,000.50.1', 'en-US'],
    ['-5', 'en-US'],
    ['1e3', 'en-US'],
    ['1.000,5.0', 'de-DE'],
    ['€10', 'en-US'],
  ])('%s in %s is not an amount', (text, locale) => {
    expect(parseAmountEntry(text, locale)).toBeNull();
  });
});
