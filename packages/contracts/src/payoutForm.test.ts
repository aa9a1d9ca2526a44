import type { JSONSchema7 } from 'json-schema';
import { describe, expect, it } from 'vitest';
import { buildPayoutForm } from './payoutForm.js';
import type { JsonSchema } from './schemas/jsonSchema.js';
import { buildHintedProvider, buildProvider, buildProviders } from './testing/factories.js';
import type { PayoutProvider } from './types.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const providers = buildProviders();

function props(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties ?? {}) as Record<string, JsonSchema>;
}

describe('buildPayoutForm', () => {
  const form = buildPayoutForm(providers, { country: 'US', currency: 'USD' }, { now: NOW });

  it('offers the types some provider offers, in a stable order, with PSPs per type', () => {
    const cryptoLast = [...providers].reverse();
    expect(buildPayoutForm(cryptoLast, form.corridor, { now: NOW }).methodTypes).toEqual([
      'credit_card',
      'bank_account',
      'crypto',
    ]);
    expect(form.providersByType.bank_account).toEqual([
      { name: 'test_bank', title: 'Test Bank' },
      { name: 'test_bank_hinted', title: 'Test Bank (with hints)' },
    ]);
    const onlyBank = buildPayoutForm([buildProvider()], form.corridor, { now: NOW });
    expect(onlyBank.methodTypes).toEqual(['bank_account']);
    expect(onlyBank.providersByType.crypto).toEqual([]);
    expect(props(onlyBank.schema).payout_method_type?.oneOf).toEqual([
      { const: 'bank_account', title: 'Bank account' },
    ]);
  });

  it('fixes country and currency and asks for a state where the country has states', () => {
    const p = props(form.schema);
    expect(p.country).toMatchObject({ const: 'US' });
    expect(p.currency).toMatchObject({ const: 'USD' });
    expect(p.state?.oneOf).toContainEqual({ const: 'CA', title: 'California' });
    const be = buildPayoutForm(providers, { country: 'BE', currency: 'EUR' }, { now: NOW });
    expect(props(be.schema).state).toMatchObject({ type: 'null' });
    expect(be.uiSchema.state).toEqual({ 'ui:widget': 'hidden' });
    const ca = buildPayoutForm(providers, { country: 'CA', currency: 'CAD' }, { now: NOW });
    expect(props(ca.schema).state?.title).toBe('Province or territory');
  });

  it('builds each PSP section from its fields, in the order the PSP sent them', () => {
    const section = form.section('bank_account', 'test_bank_hinted');
    expect(section?.fields.map((f) => f.name)).toEqual([
      'bankAccountNumber',
      'bankCode',
      'accountType',
      'bankBranch',
      'customerFirstName',
      'customerLastName',
      'email',
      'phone',
    ]);
    expect(section?.uiSchema['ui:order']).toEqual([...section!.fields.map((f) => f.name), '*']);
    expect(section?.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: [
        'bankAccountNumber',
        'bankCode',
        'accountType',
        'customerFirstName',
        'customerLastName',
        'email',
      ],
    });
    expect(props(section?.schema).accountType?.oneOf).toEqual([
      { const: 'checking', title: 'Checking' },
      { const: 'savings', title: 'Savings' },
    ]);
    expect(form.section('crypto', 'test_bank')).toBeUndefined();
  });

  it('lists PSP choices with their titles, per type and overall', () => {
    expect(props(form.schema).provider?.oneOf).toEqual([
      { const: 'test_cards', title: 'Test Cards' },
      { const: 'test_bank', title: 'Test Bank' },
      { const: 'test_crypto', title: 'Test Crypto' },
      { const: 'test_bank_hinted', title: 'Test Bank (with hints)' },
    ]);
    const perType = form.schema.allOf?.find(
      (s) =>
        typeof s === 'object' &&
        JSON.stringify(s.if).includes('"bank_account"') &&
        !JSON.stringify(s.if).includes('provider'),
    ) as JsonSchema;
    expect(props(perType.then as JsonSchema).provider?.oneOf).toHaveLength(2);
  });

  it('gives the whole form a uiSchema with field order and input hints', () => {
    expect(form.uiSchema['ui:order']).toEqual([
      'order_id',
      'country',
      'currency',
      'state',
      'amount',
      'payout_method_type',
      'provider',
      'metadata',
    ]);
    const metadata = form.uiSchema.metadata as Record<string, Record<string, unknown>>;
    expect(metadata.creditCardNumber).toMatchObject({ 'ui:autocomplete': 'cc-number' });
    expect(metadata.phone).toMatchObject({ 'ui:help': 'International format, e.g. +32470123456' });
    expect(form.uiSchema.amount).toMatchObject({ 'ui:help': 'In USD, at most 2 decimals.' });
  });

  it('skips unknown types, nameless PSPs, repeated entries and nameless fields', () => {
    const odd = [
      { ...buildProvider(), payout_method_type: 'ewallet' } as unknown as PayoutProvider,
      buildProvider({ name: '' }),
      buildProvider({
        fields: [
          { name: '', title: 'x' },
          { name: 'email', title: 'E-mail' },
          { name: 'email', title: 'Again' },
        ],
      }),
      buildProvider({ title: 'Second entry, ignored' }),
    ];
    const f = buildPayoutForm(odd, { country: 'BE', currency: 'EUR' }, { now: NOW });
    expect(f.methodTypes).toEqual(['bank_account']);
    expect(f.providersByType.bank_account).toEqual([{ name: 'test_bank', title: 'Test Bank' }]);
    expect(f.section('bank_account', 'test_bank')?.fields.map((x) => [x.name, x.title])).toEqual([
      ['email', 'E-mail'],
    ]);
  });

  it('is plain draft-07 JSON that RJSF (JSONSchema7) takes as it is', () => {
    const rjsfSchema: JSONSchema7 = form.schema;
    expect(rjsfSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(JSON.parse(JSON.stringify(form.schema))).toEqual(form.schema);
    const text = JSON.stringify(form.schema);
    for (const keyword of [
      '$defs',
      'dependentRequired',
      'dependentSchemas',
      'unevaluatedProperties',
      'prefixItems',
    ]) {
      expect(text).not.toContain(`"${keyword}"`);
    }
  });

  it('is deterministic for the same input', () => {
    const again = buildPayoutForm(providers, { country: 'US', currency: 'USD' }, { now: NOW });
    expect(JSON.stringify(again.schema)).toBe(JSON.stringify(form.schema));
  });

  it('keeps the hinted provider apart from name-based rules', () => {
    const section = buildPayoutForm(
      [buildHintedProvider()],
      { country: 'BE', currency: 'EUR' },
      { now: NOW },
    ).section('bank_account', 'test_bank_hinted');
    expect(section?.fields.find((f) => f.name === 'bankAccountNumber')).toMatchObject({
      title: 'IBAN',
      hinted: true,
      schema: { minLength: 15, maxLength: 34 },
    });
    expect(section?.fields.find((f) => f.name === 'phone')).toMatchObject({ required: false });
  });
});
