import { describe, expect, it } from 'vitest';
import { magicAmountOf, magicSuffix } from './magicAmounts.js';

describe('magic amounts', () => {
  it.each([
    ['10.13', '13'],
    ['1013', '13'],
    ['0.00010013', '13'],
    ['10.130', '13'],
    ['1300', '00'],
    ['5', '05'],
    ['10.1', '01'],
    ['0.123456789012345678', '78'],
  ])('%s ends in %s', (amount, suffix) => {
    expect(magicSuffix(amount)).toBe(suffix);
  });

  it('names the behaviour', () => {
    expect(magicAmountOf('25.13')).toBe('decline');
    expect(magicAmountOf('1019')).toBe('approveAtCreate');
    expect(magicAmountOf('100.00')).toBeUndefined();
  });
});
