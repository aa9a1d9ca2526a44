import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyInfo,
  currencyScale,
  isCryptoCurrency,
  isKnownCurrency,
} from './currencies.js';

describe('currency scales', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['IQD', 3],
    ['CLF', 4],
    ['UYW', 4],
    ['BTC', 8],
    ['ETH', 18],
    ['USDT', 6],
    ['USDC', 6],
    ['LTC', 8],
    ['XRP', 6],
    ['SOL', 9],
    ['DOGE', 8],
    ['TRX', 6],
  ])('%s has %i fraction digits', (code, scale) => {
    expect(currencyScale(code)).toBe(scale);
  });

  it('refuses to guess the scale of an unknown or lower-case code', () => {
    expect(() => currencyScale('XYZ')).toThrow(RangeError);
    expect(() => currencyScale('eur')).toThrow(/Unknown currency/);
    expect(() => currencyScale('__proto__')).toThrow(RangeError);
  });
});

describe('the currency list', () => {
  const fiat = CURRENCIES.filter((c) => c.kind === 'fiat');
  const crypto = CURRENCIES.filter((c) => c.kind === 'crypto');

  it('holds ISO 4217 list one as published 2026-01-01, without N.A. minor units', () => {
    expect(fiat).toHaveLength(165);
    for (const code of ['XCG', 'ZWG', 'SLE', 'VED', 'XAD', 'CHE', 'USN']) {
      expect(isKnownCurrency(code), code).toBe(true);
    }
    // Withdrawn (BGN on 2026-01-01, ANG by XCG, HRK, SLL, ZWL) or without minor unit (XDR, XAU).
    for (const code of ['BGN', 'ANG', 'HRK', 'SLL', 'ZWL', 'CUC', 'XDR', 'XAU', 'XXX']) {
      expect(isKnownCurrency(code), code).toBe(false);
    }
  });

  it('has unique codes, fiat codes of three letters, crypto scales of at most 18', () => {
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    for (const c of fiat) expect(c.code).toMatch(/^[A-Z]{3}$/);
    for (const c of crypto) {
      expect(c.scale).toBeLessThanOrEqual(18);
      expect(c.name).toBeTruthy();
    }
  });

  it('is usable as Intl currencies for every fiat code', () => {
    for (const c of fiat) {
      expect(
        () => new Intl.NumberFormat('en', { style: 'currency', currency: c.code }),
      ).not.toThrow();
    }
  });

  it('tells crypto from fiat', () => {
    expect(isCryptoCurrency('BTC')).toBe(true);
    expect(isCryptoCurrency('EUR')).toBe(false);
    expect(isCryptoCurrency('NOPE')).toBe(false);
    expect(currencyInfo('USDT')).toEqual({
      code: 'USDT',
      kind: 'crypto',
      scale: 6,
      name: 'Tether USD',
    });
  });
});
