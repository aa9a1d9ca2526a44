import { describe, expect, it } from 'vitest';
import { abaProblem, bicProblem, ibanProblem, usesIbanByDefault } from './bankDetails.js';
import { buildPayoutForm } from './payoutForm.js';
import type { PayoutProvider, PayoutRequest } from './types.js';
import { validatePayout } from './validatePayout.js';

describe('ibanProblem', () => {
  it('answers the first thing wrong, or null', () => {
    expect(ibanProblem('DE89370400440532013000', 'DE')).toBeNull();
    expect(ibanProblem('de89 3704 0044 0532 0130 00', 'DE')).toBeNull();
    expect(ibanProblem('hello', 'DE')).toBe('shape');
    expect(ibanProblem('BE71096123456769', 'DE')).toBe('country');
    expect(ibanProblem('DE8937040044053201300', 'DE')).toBe('length');
    expect(ibanProblem('DE89370400440532013000', 'DE')).toBeNull();
    expect(ibanProblem('GB29NWBK6016133192681A', 'GB')).toBe('format');
    expect(ibanProblem('DE88370400440532013000', 'DE')).toBe('checksum');
    // Belgium's own check digits (the last two of the account) count too.
    expect(ibanProblem('BE71096123456768', 'BE')).toBe('checksum');
  });
});

describe('bicProblem and abaProblem', () => {
  it('checks a BIC’s shape and its country', () => {
    expect(bicProblem('COBADEFFXXX', 'DE')).toBeNull();
    expect(bicProblem('cobadeff', 'DE')).toBeNull();
    expect(bicProblem('XX', 'DE')).toBe('shape');
    expect(bicProblem('GKCCBEBB', 'DE')).toBe('country');
  });

  it('checks an ABA routing number’s nine digits and check digit', () => {
    expect(abaProblem('021000021')).toBeNull();
    expect(abaProblem('02100002')).toBe('shape');
    expect(abaProblem('021000022')).toBe('checksum');
  });

  it('takes IBANs by default in SEPA countries but the UK', () => {
    expect(usesIbanByDefault('DE')).toBe(true);
    expect(usesIbanByDefault('GB')).toBe(false);
    expect(usesIbanByDefault('US')).toBe(false);
  });
});

const NOW = new Date('2026-12-06T10:00:00Z');

function bankProvider(fields: PayoutProvider['fields']): PayoutProvider {
  return { name: 'bank_psp', title: 'Bank PSP', payout_method_type: 'bank_account', fields };
}

function errorsFor(
  country: string,
  currency: string,
  provider: PayoutProvider,
  metadata: Record<string, string>,
) {
  const form = buildPayoutForm([provider], { country, currency }, { now: NOW });
  const payout: PayoutRequest = {
    order_id: 'PO-1',
    provider: provider.name,
    country,
    currency,
    state: null,
    amount: '10.00',
    payout_method_type: 'bank_account',
    metadata,
  };
  const result = validatePayout(form, payout);
  return result.ok ? [] : result.errors.filter((e) => e.pointer.startsWith('/metadata/'));
}

describe('bank details in a payout form', () => {
  const iban = bankProvider([
    { name: 'bankCode', title: 'BIC' },
    { name: 'bankAccountNumber', title: 'IBAN' },
  ]);

  it('refuses IBAN "hello" and BIC "XX" with one message each that says what is wrong', () => {
    expect(errorsFor('DE', 'EUR', iban, { bankCode: 'XX', bankAccountNumber: 'hello' })).toEqual([
      {
        pointer: '/metadata/bankCode',
        message:
          'A BIC (SWIFT code) has 8 or 11 letters and digits: 4 for the bank, 2 for its country, 2 for the place, then maybe 3 for the branch.',
      },
      {
        pointer: '/metadata/bankAccountNumber',
        message:
          'An IBAN starts with two letters for its country and two check digits, then only letters and digits.',
      },
    ]);
  });

  it('refuses a valid IBAN and BIC of another country than the corridor’s', () => {
    expect(
      errorsFor('DE', 'EUR', iban, { bankCode: 'GKCCBEBB', bankAccountNumber: 'BE71096123456769' }),
    ).toEqual([
      {
        pointer: '/metadata/bankCode',
        message:
          'This payout goes to DE: the BIC must be of a bank in DE (its 5th and 6th letters are DE).',
      },
      {
        pointer: '/metadata/bankAccountNumber',
        message: 'This payout goes to DE: the IBAN must be one from DE (it starts with DE).',
      },
    ]);
  });

  it('takes an IBAN typed in groups and lower case, and says when its check digits are wrong', () => {
    expect(
      errorsFor('DE', 'EUR', iban, {
        bankCode: 'cobadeff',
        bankAccountNumber: 'de89 3704 0044 0532 0130 00',
      }),
    ).toEqual([]);
    expect(
      errorsFor('DE', 'EUR', iban, {
        bankCode: 'COBADEFF',
        bankAccountNumber: 'DE88370400440532013000',
      }),
    ).toEqual([
      {
        pointer: '/metadata/bankAccountNumber',
        message: 'The IBAN’s check digits do not match the rest: check it for a typo.',
      },
    ]);
  });

  it('checks US routing numbers and account numbers, and UK sort codes', () => {
    const local = bankProvider([
      { name: 'bankRoutingNumber', title: 'Routing number' },
      { name: 'bankAccountNumber', title: 'Account number' },
    ]);
    expect(
      errorsFor('US', 'USD', local, {
        bankRoutingNumber: '021000022',
        bankAccountNumber: '12',
      }),
    ).toEqual([
      {
        pointer: '/metadata/bankRoutingNumber',
        message: 'This routing number’s check digit does not match: check it for a typo.',
      },
      {
        pointer: '/metadata/bankAccountNumber',
        message: 'A US account number has 4 to 17 digits.',
      },
    ]);
    expect(
      errorsFor('GB', 'GBP', local, {
        bankRoutingNumber: '60-16-13',
        bankAccountNumber: '31926819',
      }),
    ).toEqual([]);
    expect(
      errorsFor('GB', 'GBP', local, { bankRoutingNumber: '60-16', bankAccountNumber: '3192681' }),
    ).toEqual([
      { pointer: '/metadata/bankRoutingNumber', message: 'A UK sort code has 6 digits.' },
      { pointer: '/metadata/bankAccountNumber', message: 'A UK account number has 8 digits.' },
    ]);
  });

  it('lets the PSP’s own pattern win over the IBAN check', () => {
    const hinted = bankProvider([
      { name: 'bankAccountNumber', title: 'IBAN', pattern: '^[0-9]{6,10}$' },
    ]);
    expect(errorsFor('DE', 'EUR', hinted, { bankAccountNumber: '123456' })).toEqual([]);
  });
});
