import { describe, expect, it } from 'vitest';
import { validateWithSchema } from './contractsAjv.js';
import { normalizeFieldValue, resolveField, type FieldRuleContext } from './fieldRules.js';
import type { ProviderField } from './types.js';

const ctx: FieldRuleContext = { currency: 'BTC', now: new Date('2026-11-20T10:00:00Z') };

function field(f: ProviderField, context: FieldRuleContext = ctx) {
  const resolved = resolveField(f, context);
  const check = (value: unknown) => {
    const result = validateWithSchema(resolved.schema, normalizeFieldValue(resolved, value));
    return result.ok ? 'ok' : result.errors.map((e) => e.message).join(' | ');
  };
  return { resolved, check };
}

describe('name-based rules for a field with only name and title', () => {
  it('email: an e-mail address', () => {
    const { resolved, check } = field({ name: 'email', title: 'E-mail' });
    expect(resolved).toMatchObject({ rule: 'email', required: true, hinted: false });
    expect(check('ada@example.com')).toBe('ok');
    expect(check(' ada@example.com ')).toBe('ok');
    expect(check('ada.example.com')).toBe('Enter a valid e-mail address, e.g. name@example.com.');
    expect(resolved.ui).toMatchObject({ 'ui:autocomplete': 'email' });
  });

  it('phone: international format, with help text', () => {
    const { resolved, check } = field({ name: 'phone', title: 'Phone' });
    expect(check('+32470123456')).toBe('ok');
    expect(check('+32 470 12 34 56')).toBe('ok'); // compacted before validation
    expect(check('0470123456')).toMatch(/^Enter the phone number in international format/);
    expect(resolved.ui).toMatchObject({
      'ui:autocomplete': 'tel',
      'ui:help': 'International format, e.g. +32470123456',
    });
  });

  it('expiryMonth: an integer from 1 to 12', () => {
    const { resolved, check } = field({ name: 'expiryMonth', title: 'Expiry month' });
    expect(check(1)).toBe('ok');
    expect(check(12)).toBe('ok');
    expect(check(13)).toBe('Enter the expiry month as a number from 1 to 12.');
    expect(check('12')).toBe('Enter the expiry month as a number from 1 to 12.');
    expect(resolved.ui).toMatchObject({
      'ui:autocomplete': 'cc-exp-month',
      'ui:inputMode': 'numeric',
    });
  });

  it('expiryYear: this year to 20 years ahead', () => {
    const { check } = field({ name: 'expiryYear', title: 'Expiry year' });
    expect(check(2026)).toBe('ok');
    expect(check(2046)).toBe('ok');
    expect(check(2025)).toBe('The card has expired: the expiry year must be 2026 or later.');
    expect(check(2047)).toBe('Enter the expiry year with 4 digits, from 2026 to 2046.');
    expect(check(26)).toMatch(/has expired/);
  });

  it('creditCardNumber: digits passing Luhn, no password widget', () => {
    const { resolved, check } = field({ name: 'creditCardNumber', title: 'Card number' });
    expect(check('4111111111111111')).toBe('ok');
    expect(check('4111 1111 1111 1111')).toBe('ok');
    expect(check('4111111111111112')).toBe('This card number is not valid: check it for a typo.');
    expect(check('4111-1111-abcd-1111')).toBe('Enter the card number with digits only.');
    expect(check('41111111')).toBe('A card number has 12 to 19 digits.');
    expect(resolved.ui['ui:widget']).toBeUndefined();
    expect(resolved.ui).toMatchObject({
      'ui:autocomplete': 'cc-number',
      'ui:inputMode': 'numeric',
    });
    expect(resolved.sensitive).toBe(true);
  });

  it('creditCardToken: optional, may be empty, sent as ""', () => {
    const { resolved, check } = field({ name: 'creditCardToken', title: 'Card token' });
    expect(resolved).toMatchObject({ required: false, emptyValue: '', sensitive: true });
    expect(check('')).toBe('ok');
    expect(check('tok_123')).toBe('ok');
  });

  it('names: non-blank after trimming, sensible maximum', () => {
    const { resolved, check } = field({ name: 'customerFirstName', title: 'First name' });
    expect(check('Zoë')).toBe('ok');
    expect(check('   ')).toBe('First name is required.');
    expect(check('x'.repeat(101))).toBe('First name can be at most 100 characters long.');
    expect(resolved.ui).toMatchObject({ 'ui:autocomplete': 'given-name' });
    expect(field({ name: 'customerLastName', title: 'L' }).resolved.ui).toMatchObject({
      'ui:autocomplete': 'family-name',
    });
    expect(field({ name: 'cardHolderName', title: 'N' }).resolved.ui).toMatchObject({
      'ui:autocomplete': 'cc-name',
    });
  });

  it('bank account numbers: IBANs and local formats pass', () => {
    const { resolved, check } = field({ name: 'bankAccountNumber', title: 'Account number' });
    for (const ok of [
      'BE71096123456769',
      'BE71 0961 2345 6769',
      'DE89 3704 0044 0532 0130 00',
      'GB29NWBK60161331926819',
      '12-3456-7890123-00',
      '000123456789',
      ' 021000021 ',
    ]) {
      expect(check(ok), ok).toBe('ok');
    }
    expect(check('')).toBe('Account number is required.');
    expect(check('BE71 0961 2345 6769!')).toMatch(/can only contain letters, digits/);
    expect(resolved.sensitive).toBe(true);
  });

  it('bank codes, routing numbers and ZIP codes: loose but not free text', () => {
    const code = field({ name: 'bankCode', title: 'Bank code' }).check;
    for (const ok of [
      'GKCCBEBB',
      'DEUTDEFF500',
      '12-34-56',
      'HDFC0000123',
      '062-000',
      '021000021',
    ]) {
      expect(code(ok), ok).toBe('ok');
    }
    expect(code('a;b')).toMatch(/can only contain/);
    const routing = field({ name: 'bankRoutingNumber', title: 'Routing number' }).check;
    expect(routing('021000021')).toBe('ok');
    const zip = field({ name: 'bankZipcode', title: 'ZIP code' }).check;
    for (const ok of ['1000', '90210', '90210-1234', 'SW1A 1AA', 'H3Z 2Y7'])
      expect(zip(ok), ok).toBe('ok');
    expect(zip('1000/2')).toBe('ZIP code can only contain letters, digits, spaces and dashes.');
  });

  it('walletAddress: valid for the corridor currency', () => {
    const btc = field({ name: 'walletAddress', title: 'Wallet' });
    expect(btc.check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('ok');
    expect(btc.check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(
      'Enter a valid BTC address, exactly as the recipient gave it (Bitcoin addresses start with 1, 3 or bc1).',
    );
    const eth = field({ name: 'walletAddress', title: 'Wallet' }, { ...ctx, currency: 'ETH' });
    expect(eth.check('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('ok');
    expect(eth.check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toMatch(/valid ETH address/);
  });

  it('an unknown name: a labelled, required, non-blank text field', () => {
    const { resolved, check } = field({ name: 'beneficiaryReference', title: 'Reference' });
    expect(resolved).toMatchObject({ rule: 'text', required: true, title: 'Reference' });
    expect(check('anything at all')).toBe('ok');
    expect(check(' ')).toBe('Reference is required.');
    expect(resolveField({ name: 'taxId', title: '' }, ctx).title).toBe('Tax id');
  });
});

describe('hints win over name-based rules', () => {
  it('type changes the value type and the rule', () => {
    expect(resolveField({ name: 'taxId', title: 'T', type: 'integer' }, ctx).schema.type).toBe(
      'integer',
    );
    expect(resolveField({ name: 'ref', title: 'R', type: 'email' }, ctx).rule).toBe('email');
    expect(resolveField({ name: 'bankName', title: 'B', type: 'phone' }, ctx).rule).toBe('phone');
    const month = resolveField({ name: 'expiryMonth', title: 'M', type: 'string' }, ctx);
    expect(month).toMatchObject({ rule: 'text', hinted: true });
    // A string hint keeps a string rule: an e-mail stays an e-mail.
    expect(resolveField({ name: 'email', title: 'E', type: 'string' }, ctx)).toMatchObject({
      rule: 'email',
      hinted: false,
    });
  });

  it('required: false makes a field optional', () => {
    const f = resolveField({ name: 'email', title: 'E', required: false }, ctx);
    expect(f).toMatchObject({ required: false, hinted: true });
    expect(f.emptyValue).toBeUndefined();
  });

  it('pattern replaces the name-based pattern and format', () => {
    const { resolved, check } = field({
      name: 'bankAccountNumber',
      title: 'IBAN',
      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$',
    });
    expect(resolved.schema.pattern).toBe('^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$');
    expect(check('BE71096123456769')).toBe('ok');
    expect(check('12-3456')).toBe('IBAN is not in the format this provider expects.');
    const email = field({ name: 'email', title: 'E', pattern: '^[a-z]+@corp\\.example$' });
    expect(email.resolved.schema.format).toBeUndefined();
    expect(email.check('ada@corp.example')).toBe('ok');
  });

  it('a pattern that does not compile is ignored rather than breaking the form', () => {
    const f = resolveField({ name: 'bankCode', title: 'B', pattern: '([' }, ctx);
    expect(f.schema.pattern).toBe('^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$');
    expect(f.hinted).toBe(false);
  });

  it('lengths replace the name-based ones; contradictory lengths are ignored', () => {
    const { check } = field({
      name: 'customerFirstName',
      title: 'F',
      min_length: 2,
      max_length: 5,
    });
    expect(check('Ada')).toBe('ok');
    expect(check('A')).toBe('F must be at least 2 characters long.');
    expect(check('Adaline')).toBe('F can be at most 5 characters long.');
    const loose = resolveField({ name: 'bankName', title: 'B', max_length: 500 }, ctx);
    expect(loose.schema.maxLength).toBe(500);
    const bad = resolveField({ name: 'bankName', title: 'B', min_length: 9, max_length: 3 }, ctx);
    expect(bad.schema).toMatchObject({ minLength: 1, maxLength: 140 });
  });

  it('options become a choice with titles (numbers when the field is numeric)', () => {
    const { resolved, check } = field({
      name: 'accountType',
      title: 'Account type',
      options: [
        { value: 'checking', title: 'Checking' },
        { value: 'savings', title: 'Savings' },
        { value: 'savings', title: 'Duplicate' },
      ],
    });
    expect(resolved.schema.oneOf).toEqual([
      { const: 'checking', title: 'Checking' },
      { const: 'savings', title: 'Savings' },
    ]);
    expect(check('savings')).toBe('ok');
    expect(check('other')).toBe('Choose Account type from the list.');
    const month = resolveField(
      {
        name: 'expiryMonth',
        title: 'Month',
        options: Array.from({ length: 12 }, (_, i) => ({
          value: String(i + 1),
          title: String(i + 1),
        })),
      },
      ctx,
    );
    expect(month.schema).toMatchObject({
      type: 'integer',
      oneOf: expect.arrayContaining([{ const: 12, title: '12' }]),
    });
  });

  it('a token with a minimum length is no longer sent empty', () => {
    const f = resolveField({ name: 'creditCardToken', title: 'T', min_length: 4 }, ctx);
    expect(f.emptyValue).toBeUndefined();
  });
});
