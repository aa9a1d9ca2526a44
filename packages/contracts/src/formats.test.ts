import { describe, expect, it } from 'vitest';
import { createContractsAjv } from './contractsAjv.js';
import { CUSTOM_FORMATS, walletAddressFormat } from './formats.js';
import { WALLET_CHECKED_CURRENCIES } from './wallet.js';

describe('custom formats', () => {
  it('picks a wallet format per checked currency, the generic one otherwise', () => {
    expect(walletAddressFormat('BTC')).toBe('wallet-address-btc');
    expect(walletAddressFormat('USDT')).toBe('wallet-address-usdt');
    expect(walletAddressFormat('XRP')).toBe('wallet-address');
    expect(walletAddressFormat('EUR')).toBe('wallet-address');
    for (const c of ['BTC', 'USDT', 'XRP'])
      expect(CUSTOM_FORMATS[walletAddressFormat(c)]).toBeTypeOf('function');
  });

  it('has a format for every currency with a checked address format', () => {
    for (const c of WALLET_CHECKED_CURRENCIES) {
      expect(CUSTOM_FORMATS[walletAddressFormat(c)], c).toBeTypeOf('function');
    }
  });

  it('are plain predicates (what RJSF customFormats take)', () => {
    expect(CUSTOM_FORMATS['luhn-card-number']?.('4111111111111111')).toBe(true);
    expect(CUSTOM_FORMATS['luhn-card-number']?.('4111111111111112')).toBe(false);
    expect(CUSTOM_FORMATS['international-phone']?.('+32470123456')).toBe(true);
    expect(CUSTOM_FORMATS['wallet-address-btc']?.('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(CUSTOM_FORMATS['wallet-address-eth']?.('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
      false,
    );
  });

  it('are registered in our ajv, with e-mail from ajv-formats', () => {
    const ajv = createContractsAjv();
    const validate = ajv.compile({
      type: 'object',
      properties: {
        card: { type: 'string', format: 'luhn-card-number' },
        email: { type: 'string', format: 'email' },
      },
    });
    expect(validate({ card: '4111111111111111', email: 'ada@example.com' })).toBe(true);
    expect(validate({ card: '4111111111111111', email: 'ada' })).toBe(false);
    expect(() => ajv.compile({ type: 'string', format: 'no-such-format' })).toThrow();
  });
});
