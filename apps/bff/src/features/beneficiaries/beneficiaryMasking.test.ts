import { describe, expect, it } from 'vitest';
import {
  accountIdentity,
  createFingerprinter,
  diffDetails,
  maskDetails,
  searchTextOf,
  storableDetails,
} from './beneficiaryMasking.js';

const IBAN = 'BE68 5390 0754 7034';
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('beneficiary masking', () => {
  it('shows IBANs as country and check digits + last 4, other accounts as last 4', () => {
    expect(
      maskDetails({
        bankAccountNumber: IBAN,
        bankCode: 'GKCCBEBB',
        bankAccountName: 'Acme BV',
        email: 'pay@acme.example',
      }),
    ).toEqual({
      bankAccountNumber: 'BE68****7034',
      bankCode: 'GKCCBEBB',
      bankAccountName: 'Acme BV',
      email: 'pay@acme.example',
    });
    expect(maskDetails({ bankAccountNumber: '000123456789' })).toEqual({
      bankAccountNumber: '****6789',
    });
    expect(maskDetails({ bankAccountNumber: '12345' })).toEqual({ bankAccountNumber: '****' });
  });

  it('shows wallets as first 6 + last 4, cards as 6 + 4, tokens not at all', () => {
    expect(
      maskDetails({
        walletAddress: WALLET,
        creditCardNumber: '4111111111111111',
        creditCardToken: 'tok_abcdef123456',
        cvv: '123',
      }),
    ).toEqual({
      walletAddress: 'bc1qar…5mdq',
      creditCardNumber: '411111******1111',
      creditCardToken: '********',
    });
  });

  it('keeps no card number, security code or expiry; a card without a token needs them again', () => {
    const card = {
      creditCardToken: '',
      creditCardNumber: '4111111111111111',
      cardHolderName: 'Jan Peeters',
      expiryMonth: 12,
      expiryYear: 2034,
      cvv: '123',
    };
    expect(storableDetails('credit_card', card)).toEqual({
      details: { creditCardToken: '', cardHolderName: 'Jan Peeters' },
      cardFieldsRequired: true,
    });
    expect(
      storableDetails('credit_card', { ...card, creditCardToken: 'tok_1' }).cardFieldsRequired,
    ).toBe(false);
    expect(storableDetails('bank_account', { bankAccountNumber: IBAN })).toEqual({
      details: { bankAccountNumber: IBAN },
      cardFieldsRequired: false,
    });
  });

  it('searches masked fragments only, lower-cased', () => {
    const text = searchTextOf({
      displayName: 'Acme BV',
      reference: 'SUP-001',
      email: 'Pay@Acme.example',
      masked: maskDetails({ bankAccountNumber: IBAN, creditCardToken: 'tok_1' }),
    });
    expect(text).toBe('acme bv sup-001 pay@acme.example be68****7034');
    expect(text).not.toContain('539007547034');
  });

  it('fingerprints the normalized account: same IBAN however typed, different bank code differs', () => {
    const fp = createFingerprinter('key-one');
    const a = fp(
      accountIdentity('bank_account', { bankAccountNumber: IBAN, bankCode: 'GKCCBEBB' }),
    );
    const b = fp(
      accountIdentity('bank_account', {
        bankAccountNumber: 'be68539007547034',
        bankCode: 'gkcc bebb',
      }),
    );
    const c = fp(accountIdentity('bank_account', { bankAccountNumber: IBAN, bankCode: 'OTHER' }));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(
      createFingerprinter('key-two')(
        accountIdentity('bank_account', { bankAccountNumber: IBAN, bankCode: 'GKCCBEBB' }),
      ),
    ).not.toBe(a);
    expect(fp(accountIdentity('credit_card', { creditCardToken: '' }))).toBeNull();
    expect(fp(accountIdentity('credit_card', { creditCardToken: 'tok_1' }))).toMatch(
      /^[0-9a-f]{64}$/,
    );
    const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(fp(accountIdentity('crypto', { walletAddress: evm }))).toBe(
      fp(accountIdentity('crypto', { walletAddress: evm.toLowerCase() })),
    );
  });

  it('diffs on the real values and shows both sides masked', () => {
    expect(
      diffDetails(
        { bankAccountNumber: IBAN, bankAccountName: 'Acme BV' },
        { bankAccountNumber: 'BE71096123456769', bankAccountName: 'Acme BV', bankName: 'KBC' },
      ),
    ).toEqual([
      { field: 'bankAccountNumber', from: 'BE68****7034', to: 'BE71****6769' },
      { field: 'bankName', from: null, to: 'KBC' },
    ]);
  });
});
