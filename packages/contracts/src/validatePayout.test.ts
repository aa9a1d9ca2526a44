import { Ajv } from 'ajv';
import formatsModule from 'ajv-formats';
import { beforeEach, describe, expect, it } from 'vitest';
import { toFieldErrors, type SchemaError } from './fieldErrors.js';
import { CUSTOM_FORMATS } from './formats.js';
import { buildPayoutForm } from './payoutForm.js';
import {
  buildPayout,
  buildPayoutFor,
  buildProvider,
  buildProviders,
  resetFactories,
} from './testing/factories.js';
import type { PayoutRequest } from './types.js';
import { createPayoutValidator, normalizePayout, validatePayout } from './validatePayout.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const be = buildPayoutForm(buildProviders(), { country: 'BE', currency: 'EUR' }, { now: NOW });

beforeEach(() => resetFactories());

function errorsOf(payout: unknown, form = be) {
  const result = validatePayout(form, payout);
  return result.ok ? [] : result.errors;
}

describe('validatePayout', () => {
  it('accepts the factory payout of each type', () => {
    for (const type of ['credit_card', 'bank_account'] as const) {
      expect(errorsOf(buildPayout({ payout_method_type: type }))).toEqual([]);
    }
    const btc = buildPayoutForm(buildProviders(), { country: 'BE', currency: 'BTC' }, { now: NOW });
    expect(errorsOf(buildPayout({ payout_method_type: 'crypto' }), btc)).toEqual([]);
  });

  it('returns the tidied payout: trimmed, card number and phone compacted, empty token sent', () => {
    const payout = buildPayout({
      payout_method_type: 'credit_card',
      order_id: ' order-1 ',
      metadata: {
        creditCardNumber: '4111 1111-1111 1111',
        customerFirstName: ' Ada ',
        creditCardToken: undefined,
      },
    });
    const result = validatePayout(be, payout);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.order_id).toBe('order-1');
    expect(result.value.metadata).toMatchObject({
      creditCardNumber: '4111111111111111',
      customerFirstName: 'Ada',
      creditCardToken: '',
    });
    const bank = validatePayout(be, buildPayout({ metadata: { phone: '+32 470 12 34 56' } }));
    expect(bank.ok && bank.value.metadata.phone).toBe('+32470123456');
  });

  it('drops a blank optional field instead of refusing it', () => {
    const hinted = buildPayoutFor(be, {
      payout_method_type: 'bank_account',
      provider: 'test_bank_hinted',
    });
    const result = validatePayout(be, { ...hinted, metadata: { ...hinted.metadata, phone: '  ' } });
    expect(result.ok).toBe(true);
    expect(result.ok && 'phone' in result.value.metadata).toBe(false);
  });

  it('drops a blank optional number field (spaces or null) as it drops a blank text field', () => {
    const form = buildPayoutForm(
      [
        buildProvider({
          name: 'numbers',
          payout_method_type: 'bank_account',
          fields: [
            { name: 'bankName', title: 'Bank name' },
            { name: 'branchNumber', title: 'Branch', type: 'integer', required: false },
            { name: 'tier', title: 'Tier', type: 'number', required: false },
          ],
        }),
      ],
      { country: 'BE', currency: 'EUR' },
      { now: NOW },
    );
    const payout = {
      ...buildPayoutFor(form, { payout_method_type: 'bank_account', provider: 'numbers' }),
      metadata: { bankName: 'KBC', branchNumber: '  ', tier: null },
    };
    const result = validatePayout(form, payout);
    expect(result.ok && result.value.metadata).toEqual({ bankName: 'KBC' });
    // Not blank: still refused.
    expect(
      errorsOf({ ...payout, metadata: { bankName: 'KBC', branchNumber: ' 7 ' } }, form).map(
        (e) => e.pointer,
      ),
    ).toEqual(['/metadata/branchNumber']);
  });

  it('says what is wrong, field by field, in the order of the form', () => {
    const payout = buildPayout({
      payout_method_type: 'credit_card',
      amount: '10.005',
      country: 'FR',
      metadata: {
        email: 'ada',
        expiryMonth: 13,
        expiryYear: 2025,
        creditCardNumber: '4111111111111112',
        extra: 'x',
      },
    });
    expect(errorsOf(payout)).toEqual([
      { pointer: '/country', message: 'This form is for payouts to BE.' },
      {
        pointer: '/amount',
        message:
          'Enter the amount in EUR with digits and a decimal point only (at most 2 decimals), e.g. 1250.50.',
      },
      {
        pointer: '/metadata/creditCardNumber',
        message: 'This card number is not valid: check it for a typo.',
      },
      {
        pointer: '/metadata/expiryMonth',
        message: 'Enter the expiry month as a number from 1 to 12.',
      },
      {
        pointer: '/metadata/expiryYear',
        message: 'The card has expired: the expiry year must be 2026 or later.',
      },
      {
        pointer: '/metadata/email',
        message: 'Enter a valid e-mail address, e.g. name@example.com.',
      },
      { pointer: '/metadata/extra', message: "This field is not part of Test Cards's form." },
    ]);
  });

  it('refuses a card number in a free-text field, and keeps it in the card number field', () => {
    const payout = buildPayout({ payout_method_type: 'credit_card' });
    const message = 'Looks like a card number: card numbers go only in the card number field.';
    expect(
      errorsOf({
        ...payout,
        metadata: {
          ...payout.metadata,
          creditCardNumber: '4111 1111 1111 1111',
          customerFirstName: '4111 1111 1111 1111',
          cardHolderName: 'Ada 4111-1111-1111-1111',
        },
      }),
    ).toEqual([
      { pointer: '/metadata/cardHolderName', message },
      { pointer: '/metadata/customerFirstName', message },
    ]);
  });

  it('refuses a card that expired earlier this year, and not one expiring this month', () => {
    const card = (expiryMonth: number) =>
      buildPayout({
        payout_method_type: 'credit_card',
        metadata: { expiryMonth, expiryYear: 2026 },
      });
    expect(errorsOf(card(10))).toEqual([
      {
        pointer: '/metadata/expiryMonth',
        message: 'The card has expired: its expiry month is in the past.',
      },
    ]);
    expect(errorsOf(card(11))).toEqual([]);
    const january = buildPayoutForm(buildProviders(), be.corridor, {
      now: new Date('2027-01-05T00:00:00Z'),
    });
    expect(
      errorsOf(
        buildPayout({
          payout_method_type: 'credit_card',
          metadata: { expiryMonth: 1, expiryYear: 2027 },
        }),
        january,
      ),
    ).toEqual([]);
  });

  it('names the missing fields by their titles', () => {
    const payout = buildPayout({ metadata: { bankAccountNumber: undefined, phone: undefined } });
    expect(errorsOf(payout)).toEqual([
      { pointer: '/metadata/bankAccountNumber', message: 'Account number is required.' },
      { pointer: '/metadata/phone', message: 'Phone is required.' },
    ]);
    const { state: _state, ...noState } = buildPayout();
    expect(errorsOf(noState)).toEqual([{ pointer: '/state', message: 'State is required.' }]);
  });

  it('ties the provider to the payout method type', () => {
    expect(
      errorsOf(buildPayout({ payout_method_type: 'bank_account', provider: 'test_cards' })),
    ).toEqual([
      {
        pointer: '/provider',
        message: 'Choose a provider that offers bank account payouts for BE / EUR.',
      },
    ]);
    expect(errorsOf(buildPayout({ provider: 'nobody' }))).toEqual([
      {
        pointer: '/provider',
        message: 'Choose a provider that offers bank account payouts for BE / EUR.',
      },
    ]);
  });

  it('wants a state from the list where the country has states', () => {
    const us = buildPayoutForm(buildProviders(), { country: 'US', currency: 'USD' }, { now: NOW });
    const payout = buildPayout({ country: 'US', currency: 'USD' });
    expect(payout.state).toBe('AL');
    expect(errorsOf(payout, us)).toEqual([]);
    expect(errorsOf({ ...payout, state: 'XX' }, us)).toEqual([
      { pointer: '/state', message: 'Choose the state from the list.' },
    ]);
    expect(errorsOf({ ...payout, state: null }, us)).toEqual([
      { pointer: '/state', message: 'Choose the state.' },
    ]);
    expect(errorsOf({ ...buildPayout(), state: 'AL' })).toEqual([
      { pointer: '/state', message: 'No state is given for payouts to BE.' },
    ]);
  });

  it('refuses things that are not payouts without throwing', () => {
    expect(errorsOf(null)).toEqual([{ pointer: '', message: 'The payout is missing.' }]);
    expect(errorsOf([])).toEqual([{ pointer: '', message: 'The payout is missing.' }]);
    expect(errorsOf({ ...buildPayout(), metadata: 'x' })).toEqual([
      { pointer: '/metadata', message: 'The recipient details are missing.' },
    ]);
  });

  it('handles field names that are JSON Pointer or prototype special', () => {
    const odd = buildProvider({
      name: 'odd',
      fields: [
        { name: 'a/b', title: 'Slash' },
        { name: '__proto__', title: 'Proto' },
        { name: 'constructor', title: 'Constructor' },
      ],
    });
    const form = buildPayoutForm([odd], be.corridor, { now: NOW });
    // `__proto__` cannot be a field (ajv ignores the name): it is left out of the form.
    expect(form.section('bank_account', 'odd')?.fields.map((f) => f.name)).toEqual([
      'a/b',
      'constructor',
    ]);
    const base = {
      order_id: 'o-1',
      provider: 'odd',
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: '1',
      payout_method_type: 'bank_account',
    };
    const parse = (json: string) => JSON.parse(json) as PayoutRequest['metadata'];
    expect(errorsOf({ ...base, metadata: parse('{"a/b":"x","constructor":"z"}') }, form)).toEqual(
      [],
    );
    expect(errorsOf({ ...base, metadata: parse('{"__proto__":"y"}') }, form)).toEqual([
      { pointer: '/metadata/a~1b', message: 'Slash is required.' },
      { pointer: '/metadata/constructor', message: 'Constructor is required.' },
      { pointer: '/metadata/__proto__', message: "This field is not part of Test Bank's form." },
    ]);
  });

  it('matches a PSP pattern in linear time: a catastrophic one refuses its input at once', () => {
    // With a backtracking RegExp, `^(a+)+$` on 40 a's and a '!' runs for minutes: the test times out.
    const form = buildPayoutForm(
      [
        buildProvider({
          name: 'redos',
          fields: [{ name: 'reference', title: 'Reference', pattern: '^(a+)+$' }],
        }),
      ],
      be.corridor,
      { now: NOW },
    );
    expect(form.section('bank_account', 'redos')?.schema).toMatchObject({
      properties: { reference: { pattern: '^(a+)+$' } },
    });
    const payout = {
      order_id: 'o-1',
      provider: 'redos',
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: '1',
      payout_method_type: 'bank_account',
    };
    expect(errorsOf({ ...payout, metadata: { reference: `${'a'.repeat(40)}!` } }, form)).toEqual([
      {
        pointer: '/metadata/reference',
        message: 'Reference is not in the format this provider expects.',
      },
    ]);
    expect(errorsOf({ ...payout, metadata: { reference: 'a'.repeat(40) } }, form)).toEqual([]);
  });

  it('reuses one compiled validator per form', () => {
    const validate = createPayoutValidator(be);
    const payout = buildPayout();
    expect(validate(payout)).toEqual(validatePayout(be, payout));
    expect(normalizePayout(be, 'not a payout')).toBe('not a payout');
  });
});

describe('the same schema under an RJSF-style validator', () => {
  // RJSF's validator-ajv8: ajv 8, allErrors, strict off, ajv-formats, our CUSTOM_FORMATS.
  const addFormats = (formatsModule as unknown as { default: (a: Ajv) => Ajv }).default;
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  for (const [name, validate] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, validate);
  const rjsfValidate = ajv.compile(be.schema);

  it('agrees on valid and invalid payouts and yields the same messages', () => {
    const valid = buildPayout({ payout_method_type: 'credit_card' });
    expect(rjsfValidate(valid)).toBe(true);
    const invalid = {
      ...valid,
      metadata: { ...valid.metadata, email: 'nope', creditCardNumber: '4111111111111112' },
    };
    expect(rjsfValidate(invalid)).toBe(false);
    const messages = toFieldErrors((rjsfValidate.errors ?? []) as SchemaError[], be.schema);
    expect(messages).toEqual(errorsOf(invalid));
  });
});
