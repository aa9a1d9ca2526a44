import { describe, expect, it } from 'vitest';
import { DECIMAL_STRING_RE } from '../money.js';
import { COUNTRY_CODE_RE, CURRENCY_CODE_RE, UUID_RE } from './patterns.js';

describe('shared patterns', () => {
  it('takes a canonical UUID in either case and nothing around it', () => {
    expect(UUID_RE.test('0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7d')).toBe(true);
    expect(UUID_RE.test('0B7A3C1E-9F2D-4C6B-8A1E-2D3F4A5B6C7D')).toBe(true);
    expect(UUID_RE.test('0b7a3c1e9f2d4c6b8a1e2d3f4a5b6c7d')).toBe(false);
    expect(UUID_RE.test(' 0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7d')).toBe(false);
    expect(UUID_RE.test('0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7g')).toBe(false);
  });

  it('takes plain decimals only', () => {
    for (const ok of ['0', '0.5', '10', '1250.50', '12345678901234567.89']) {
      expect(DECIMAL_STRING_RE.test(ok), ok).toBe(true);
    }
    for (const bad of ['', '01', '-1', '+1', '1e3', '1.', '.5', ' 1', '1,5', '١']) {
      expect(DECIMAL_STRING_RE.test(bad), bad).toBe(false);
    }
  });

  it('takes upper-case country and currency codes', () => {
    expect(COUNTRY_CODE_RE.test('BE')).toBe(true);
    expect(COUNTRY_CODE_RE.test('be')).toBe(false);
    expect(COUNTRY_CODE_RE.test('BEL')).toBe(false);
    for (const ok of ['EUR', 'BTC', 'USDT', 'XAU'])
      expect(CURRENCY_CODE_RE.test(ok), ok).toBe(true);
    for (const bad of ['E', 'eur', '1EU', 'ABCDEFGHIJK']) {
      expect(CURRENCY_CODE_RE.test(bad), bad).toBe(false);
    }
  });
});
