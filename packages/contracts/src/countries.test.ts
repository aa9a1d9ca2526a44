import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryHasStates, isCountryCode, statesOf } from './countries.js';

describe('country codes', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, sorted and unique', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('has a display name in Intl for every code (so the UI needs no name table)', () => {
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy();
  });

  it('knows real codes only', () => {
    expect(isCountryCode('BE')).toBe(true);
    expect(isCountryCode('XK')).toBe(false); // Kosovo: user-assigned, not ISO 3166-1
    expect(isCountryCode('be')).toBe(false);
  });
});

describe('states', () => {
  it('lists the 50 US states, DC and the inhabited territories', () => {
    const us = statesOf('US');
    expect(us).toHaveLength(56);
    expect(us).toContainEqual({ code: 'CA', name: 'California' });
    expect(us).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(us).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
  });

  it('lists Canadian provinces and territories and Australian states and territories', () => {
    expect(statesOf('CA')).toHaveLength(13);
    expect(statesOf('CA')).toContainEqual({ code: 'QC', name: 'Quebec' });
    expect(statesOf('AU').map((s) => s.code)).toEqual([
      'NSW',
      'QLD',
      'SA',
      'TAS',
      'VIC',
      'WA',
      'ACT',
      'NT',
    ]);
  });

  it('has unique codes per country', () => {
    for (const country of ['US', 'CA', 'AU']) {
      const codes = statesOf(country).map((s) => s.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('returns [] for other countries, prototype names included', () => {
    expect(statesOf('BE')).toEqual([]);
    expect(statesOf('constructor')).toEqual([]);
    expect(statesOf('__proto__')).toEqual([]);
    expect(countryHasStates('US')).toBe(true);
    expect(countryHasStates('FR')).toBe(false);
  });
});
