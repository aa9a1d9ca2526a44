// @vitest-environment node
import fc from 'fast-check';
import {
  ajvErrorsToFieldErrors,
  buildPayoutForm,
  compileSchema,
  CUSTOM_FORMATS,
  toFieldErrors,
  type FieldError,
  type JsonSchema,
  type PayoutForm,
} from '@payouts/contracts';
import {
  arbCorridor,
  arbMetadata,
  arbProviders,
  arbValidPayout,
  SAMPLE_CARD_NUMBERS,
} from '@payouts/contracts/testing';
import { describe, expect, it } from 'vitest';
import { STANDARD_FORMATS } from './standardFormats.js';
import { UnsupportedSchemaError, validateSchema } from './validateSchema.js';

const FORMATS = { ...STANDARD_FORMATS, ...CUSTOM_FORMATS };
const NOW = new Date('2026-11-20T12:00:00Z');

function sorted(errors: FieldError[]): FieldError[] {
  return [...errors].sort(
    (a, b) => a.pointer.localeCompare(b.pointer) || a.message.localeCompare(b.message),
  );
}

/** What the BFF's ajv says and what ours says, as the field errors a form shows. */
function both(schema: JsonSchema, data: unknown): { ajv: FieldError[]; ours: FieldError[] } {
  const validate = compileSchema(schema);
  validate(data);
  return {
    ajv: sorted(ajvErrorsToFieldErrors(validate.errors, schema)),
    ours: sorted(toFieldErrors(validateSchema(schema, data, FORMATS), schema)),
  };
}

/** Values people type, right and wrong, for any field. */
const arbOddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'x',
    'a@',
    'jane@example.com',
    '+32470123456',
    '0470 12 34 56',
    '12',
    '2026',
    '13',
    '0',
  ),
  fc.constantFrom(
    ...SAMPLE_CARD_NUMBERS,
    '4111111111111112',
    '4111 1111 1111 1111',
    'Ada 4111-1111-1111-1111',
    'x'.repeat(300),
  ),
  fc.constantFrom(1, 12, 13, 2026, 2030, 1.5, -1, 0, true, null, [], {}),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -5, max: 3000 }),
);

function arbMutated(value: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(value);
  const mutation = fc.oneof(
    fc.tuple(
      fc.constant('set' as const),
      fc.oneof(
        keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x'),
        fc.string({ maxLength: 8 }),
      ),
      arbOddValue,
    ),
    fc.tuple(
      fc.constant('drop' as const),
      keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x'),
      fc.constant(undefined),
    ),
  );
  return fc.array(mutation, { maxLength: 3 }).map((mutations) => {
    const copy: Record<string, unknown> = { ...value };
    for (const [kind, key, v] of mutations) {
      if (kind === 'drop') delete copy[key];
      else copy[key] = v;
    }
    return copy;
  });
}

const arbForm: fc.Arbitrary<PayoutForm> = fc
  .tuple(arbProviders(), arbCorridor)
  .map(([providers, corridor]) => buildPayoutForm(providers, corridor, { now: NOW }));

describe('validateSchema agrees with the BFF’s ajv', () => {
  it('on PSP sections, for valid and broken recipient details', () => {
    fc.assert(
      fc.property(
        arbForm.chain((form) => {
          const sections = form.methodTypes.flatMap((t) =>
            form.providersByType[t].map((p) => form.section(t, p.name)!),
          );
          return fc
            .constantFrom(...sections)
            .chain((section) =>
              arbMetadata(section, form.corridor.currency, NOW).chain((metadata) =>
                arbMutated(metadata).map((data) => ({ schema: section.schema, data })),
              ),
            );
        }),
        ({ schema, data }) => {
          const { ajv, ours } = both(schema, data);
          expect(ours).toEqual(ajv);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('on whole payouts (choices, conditions, not, const)', () => {
    fc.assert(
      fc.property(
        arbForm.chain((form) =>
          arbValidPayout(form).chain((payout) =>
            arbMutated(payout as unknown as Record<string, unknown>).map((data) => ({
              schema: form.schema,
              data,
            })),
          ),
        ),
        ({ schema, data }) => {
          const { ajv, ours } = both(schema, data);
          expect(ours).toEqual(ajv);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('validateSchema', () => {
  it('refuses keywords and formats it cannot check instead of letting data through', () => {
    expect(() => validateSchema({ $ref: '#/definitions/x' }, 1, FORMATS)).toThrow(
      UnsupportedSchemaError,
    );
    expect(() => validateSchema({ type: 'string', format: 'hostname' }, 'a', FORMATS)).toThrow(
      UnsupportedSchemaError,
    );
  });

  it('matches a PSP pattern in linear time, as the BFF does', () => {
    // A backtracking RegExp takes minutes on `^(a+)+$` and 40 a's and a '!': the test times out.
    const form = buildPayoutForm(
      [
        {
          name: 'redos',
          title: 'ReDoS Bank',
          payout_method_type: 'bank_account',
          fields: [{ name: 'reference', title: 'Reference', pattern: '^(a+)+$' }],
        },
      ],
      { country: 'BE', currency: 'EUR' },
      { now: NOW },
    );
    const { schema } = form.section('bank_account', 'redos')!;
    const { ajv, ours } = both(schema, { reference: `${'a'.repeat(40)}!` });
    expect(ours).toEqual([
      { pointer: '/reference', message: 'Reference is not in the format this provider expects.' },
    ]);
    expect(ours).toEqual(ajv);
    expect(validateSchema(schema, { reference: 'a'.repeat(40) }, FORMATS)).toEqual([]);
  });

  it('reports errors in ajv’s shape and order', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['email', 'name'],
      properties: {
        n: { type: 'string', minLength: 2, pattern: '^[a-z]+$' },
        m: { type: 'integer', minimum: 1 },
        k: { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] },
        email: { type: 'string', format: 'email' },
        name: { type: 'string' },
      },
      additionalProperties: false,
      allOf: [
        {
          if: { properties: { m: { type: 'number' } }, required: ['m'] },
          then: { properties: { n: { const: 'zz' } } },
        },
      ],
    };
    const data = { n: '1', m: 0.5, k: 'c', x: 1, name: 7 };
    const validate = compileSchema(schema);
    validate(data);
    const shape = (e: {
      keyword: string;
      instancePath: string;
      schemaPath: string;
      params: object;
    }) => ({
      keyword: e.keyword,
      instancePath: e.instancePath,
      schemaPath: e.schemaPath,
      params: e.params,
    });
    // By design, what each option of a failed choice disliked is not reported (toFieldErrors drops it).
    const choices = validate
      .errors!.filter((e) => e.keyword === 'oneOf')
      .map((e) => `${e.schemaPath}/`);
    const expected = validate.errors!.filter(
      (e) => !choices.some((c) => e.schemaPath.startsWith(c)),
    );
    expect(validateSchema(schema, data, FORMATS).map(shape)).toEqual(expected.map(shape));
    expect(expected.map((e) => e.keyword)).toEqual(
      expect.arrayContaining(['required', 'additionalProperties', 'if', 'const', 'oneOf', 'type']),
    );
  });
});
