import { describe, expect, it } from 'vitest';
import {
  amountPatternFor,
  amountScale,
  amountToScale,
  compareAmounts,
  formatAmount,
  isDecimalString,
  normalizeAmount,
  sumAmounts,
  validateAmount,
} from './money.js';

describe('isDecimalString', () => {
  it.each(['0', '7', '10', '0.5', '10.50', '1.000000000000000001', '123456789012345678901234'])(
    'accepts %s',
    (s) => expect(isDecimalString(s)).toBe(true),
  );
  it.each(['', '.5', '5.', '-1', '+1', '1e5', '01', '00.5', '1,000', '1 000', ' 1', '0x10', 'NaN'])(
    'refuses %j',
    (s) => expect(isDecimalString(s)).toBe(false),
  );
  it('refuses non-strings', () => {
    expect(isDecimalString(10)).toBe(false);
    expect(isDecimalString(null)).toBe(false);
  });
});

describe('validateAmount', () => {
  it('accepts amounts within the currency scale', () => {
    expect(validateAmount('10.50', 'EUR')).toEqual({ ok: true });
    expect(validateAmount('1000', 'JPY')).toEqual({ ok: true });
    expect(validateAmount('0.001', 'KWD')).toEqual({ ok: true });
    expect(validateAmount('0.000000000000000001', 'ETH')).toEqual({ ok: true });
    expect(validateAmount('999999999999999.99', 'USD')).toEqual({ ok: true });
  });

  it('explains each refusal in plain words', () => {
    expect(validateAmount('0', 'EUR')).toEqual({
      ok: false,
      message: 'The amount must be greater than 0.',
    });
    expect(validateAmount('0.00', 'EUR')).toMatchObject({ ok: false, message: /greater than 0/ });
    expect(validateAmount('10.505', 'EUR')).toEqual({
      ok: false,
      message: 'EUR amounts can have at most 2 decimals.',
    });
    expect(validateAmount('10.5', 'JPY')).toEqual({
      ok: false,
      message: 'JPY amounts cannot have decimals.',
    });
    expect(validateAmount('1,000.00', 'EUR')).toMatchObject({
      ok: false,
      message: expect.stringContaining('no spaces, signs or thousands separators') as string,
    });
    expect(validateAmount('1000000000000000', 'EUR')).toMatchObject({ message: /too large/ });
    expect(validateAmount('1', 'XYZ')).toEqual({ ok: false, message: 'Unknown currency "XYZ".' });
    expect(validateAmount(10.5, 'EUR')).toMatchObject({ ok: false });
  });
});

describe('amount arithmetic', () => {
  it('compares exactly, beyond double precision', () => {
    expect(compareAmounts('10.5', '10.50')).toBe(0);
    expect(compareAmounts('0.000000000000000001', '0')).toBe(1);
    expect(compareAmounts('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareAmounts('2', '10')).toBe(-1);
    expect(() => compareAmounts('1e3', '1')).toThrow(RangeError);
  });

  it('normalizes by dropping trailing fraction zeros', () => {
    expect(normalizeAmount('10.50')).toBe('10.5');
    expect(normalizeAmount('10.00')).toBe('10');
    expect(normalizeAmount('100')).toBe('100');
    expect(normalizeAmount('0.0')).toBe('0');
  });

  it('pads to the currency scale and never rounds', () => {
    expect(amountToScale('10.5', 'EUR')).toBe('10.50');
    expect(amountToScale('7', 'KWD')).toBe('7.000');
    expect(amountToScale('12.000', 'JPY')).toBe('12');
    expect(amountToScale('1.2500', 'EUR')).toBe('1.25');
    expect(() => amountToScale('1.255', 'EUR')).toThrow(RangeError);
  });

  it('sums exactly', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['0.000000000000000001', '1'])).toBe('1.000000000000000001');
    expect(sumAmounts([])).toBe('0');
  });

  it('reports the scale as written', () => {
    expect(amountScale('1.50')).toBe(2);
    expect(amountScale('7')).toBe(0);
  });
});

describe('formatAmount', () => {
  it('formats fiat with the locale and exactly the currency scale', () => {
    expect(formatAmount('1234.5', 'EUR', 'en-US')).toBe('€1,234.50');
    expect(formatAmount('1234', 'JPY', 'en-US')).toBe('¥1,234');
    // Intl separates code and number with a no-break space.
    expect(formatAmount('1.5', 'KWD', 'en-US')).toBe('KWD\u00a01.500');
    expect(formatAmount('1234.5', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('keeps every digit of a large amount (no detour through a double)', () => {
    expect(formatAmount('12345678901234567.89', 'EUR', 'en-US')).toBe('€12,345,678,901,234,567.89');
  });

  it('formats crypto as a grouped number followed by the code', () => {
    expect(formatAmount('0.12345678', 'BTC', 'en-US')).toBe('0.12345678 BTC');
    expect(formatAmount('1234.5', 'ETH', 'en-US')).toBe('1,234.5 ETH');
    expect(formatAmount('0.50000000', 'BTC', 'en-US')).toBe('0.5 BTC');
    expect(formatAmount('2.00000000', 'BTC', 'de-DE')).toBe('2 BTC');
    expect(formatAmount('1234.5', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('shows extra digits rather than rounding them away, and formats unknown codes plainly', () => {
    expect(formatAmount('1.005', 'EUR', 'en-US')).toBe('€1.005');
    expect(formatAmount('1.5', 'XYZ', 'en-US')).toBe('1.5 XYZ');
  });

  it('throws on something that is not an amount', () => {
    expect(() => formatAmount('1e5', 'EUR')).toThrow(RangeError);
  });
});

describe('amountPatternFor', () => {
  it('allows up to the scale of decimals, none for scale 0', () => {
    const eur = new RegExp(amountPatternFor('EUR'), 'u');
    expect(eur.test('10.5')).toBe(true);
    expect(eur.test('10.55')).toBe(true);
    expect(eur.test('10.555')).toBe(false);
    expect(eur.test('010')).toBe(false);
    const jpy = new RegExp(amountPatternFor('JPY'), 'u');
    expect(jpy.test('1000')).toBe(true);
    expect(jpy.test('1000.0')).toBe(false);
    expect(new RegExp(amountPatternFor('ETH'), 'u').test('0.000000000000000001')).toBe(true);
  });

  it('throws for an unknown currency', () => {
    expect(() => amountPatternFor('XYZ')).toThrow(RangeError);
  });
});
