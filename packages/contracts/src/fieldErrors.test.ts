import { describe, expect, it } from 'vitest';
import {
  errorMessageFor,
  humanizeSchemaErrors,
  escapePointerSegment,
  orchestratorFieldToPointer,
  parentSchemaAt,
  toFieldErrors,
} from './fieldErrors.js';
import type { JsonSchema } from './schemas/jsonSchema.js';

const root: JsonSchema = {
  type: 'object',
  required: ['email', 'a/b'],
  properties: {
    email: {
      type: 'string',
      title: 'E-mail',
      format: 'email',
      errorMessage: { format: 'Bad e-mail.' },
    },
    'a/b': { type: 'string', title: 'Slash' },
    age: { type: 'integer', title: 'Age', minimum: 18 },
    kind: { type: 'string', title: 'Kind', oneOf: [{ const: 'a' }, { const: 'b' }] },
  },
  additionalProperties: false,
};

describe('orchestratorFieldToPointer', () => {
  it.each([
    ['metadata.email', '/metadata/email'],
    ['amount', '/amount'],
    ['items[0].name', '/items/0/name'],
    ['metadata.a/b', '/metadata/a~1b'],
    ['', ''],
  ])('%j -> %j', (field, pointer) => {
    expect(orchestratorFieldToPointer(field)).toBe(pointer);
  });

  it('escapes per RFC 6901', () => {
    expect(escapePointerSegment('a~b/c')).toBe('a~0b~1c');
  });
});

describe('parentSchemaAt', () => {
  it('finds the schema holding a keyword from its schemaPath', () => {
    expect(parentSchemaAt(root, '#/properties/email/format')?.title).toBe('E-mail');
    expect(parentSchemaAt(root, '#/properties/a~1b/type')?.title).toBe('Slash');
    expect(parentSchemaAt(root, '#/required')).toBe(root);
    expect(parentSchemaAt(root, '#/properties/nope/type')).toBeUndefined();
    expect(parentSchemaAt(root, '#/properties/__proto__/type')).toBeUndefined();
  });
});

describe('toFieldErrors', () => {
  it('maps ajv errors to pointers and our messages, one per field', () => {
    const errors = toFieldErrors(
      [
        {
          keyword: 'required',
          instancePath: '',
          schemaPath: '#/required',
          params: { missingProperty: 'a/b' },
        },
        {
          keyword: 'format',
          instancePath: '/email',
          schemaPath: '#/properties/email/format',
          params: { format: 'email' },
        },
        {
          keyword: 'minimum',
          instancePath: '/age',
          schemaPath: '#/properties/age/minimum',
          params: { limit: 18 },
        },
        {
          keyword: 'type',
          instancePath: '/age',
          schemaPath: '#/properties/age/type',
          params: { type: 'integer' },
        },
        {
          keyword: 'additionalProperties',
          instancePath: '',
          schemaPath: '#/additionalProperties',
          params: { additionalProperty: 'zz' },
        },
        {
          keyword: 'const',
          instancePath: '/kind',
          schemaPath: '#/properties/kind/oneOf/0/const',
          params: { allowedValue: 'a' },
        },
        {
          keyword: 'const',
          instancePath: '/kind',
          schemaPath: '#/properties/kind/oneOf/1/const',
          params: { allowedValue: 'b' },
        },
        {
          keyword: 'oneOf',
          instancePath: '/kind',
          schemaPath: '#/properties/kind/oneOf',
          params: { passingSchemas: null },
        },
        {
          keyword: 'if',
          instancePath: '',
          schemaPath: '#/allOf/0/if',
          params: { failingKeyword: 'then' },
        },
      ],
      root,
    );
    expect(errors).toEqual([
      { pointer: '/a~1b', message: 'Slash is required.' },
      { pointer: '/email', message: 'Bad e-mail.' },
      { pointer: '/age', message: 'Age must be a whole number.' },
      { pointer: '/zz', message: '"zz" is not a field this form accepts.' },
      { pointer: '/kind', message: 'Choose one of the offered options for Kind.' },
    ]);
  });

  it('uses per-property required messages and whole-schema string messages', () => {
    expect(
      errorMessageFor({
        keyword: 'required',
        instancePath: '',
        schemaPath: '#/required',
        params: { missingProperty: 'x' },
        parentSchema: { errorMessage: { required: { x: 'Give an x.' } } },
      }),
    ).toBe('Give an x.');
    expect(
      errorMessageFor({
        keyword: 'pattern',
        instancePath: '/x',
        schemaPath: '#/properties/x/pattern',
        params: {},
        parentSchema: { errorMessage: 'Everything about x.' },
      }),
    ).toBe('Everything about x.');
    expect(
      errorMessageFor({
        keyword: 'maxLength',
        instancePath: '/x',
        schemaPath: '',
        params: { limit: 3 },
      }),
    ).toBe('This value must be at most 3 characters long.');
  });
});

describe('humanizeSchemaErrors (RJSF transformErrors)', () => {
  it('rewrites messages and drops wrapper and branch errors', () => {
    const errors = humanizeSchemaErrors(
      [
        {
          name: 'format',
          property: '.email',
          schemaPath: '#/properties/email/format',
          params: { format: 'email' },
          message: 'must match format "email"',
          stack: '.email must match format "email"',
        },
        {
          name: 'if',
          property: '',
          schemaPath: '#/allOf/0/if',
          params: { failingKeyword: 'then' },
          message: 'must match "then" schema',
          stack: 'must match "then" schema',
        },
        {
          name: 'const',
          property: '.kind',
          schemaPath: '#/properties/kind/oneOf/0/const',
          params: { allowedValue: 'a' },
          message: 'must be equal to constant',
          stack: '',
        },
        {
          name: 'oneOf',
          property: '.kind',
          schemaPath: '#/properties/kind/oneOf',
          params: {},
          message: 'must match exactly one schema in oneOf',
          stack: '',
        },
      ],
      root,
    );
    expect(errors.map((e) => [e.property, e.message, e.stack])).toEqual([
      ['.email', 'Bad e-mail.', '.email Bad e-mail.'],
      [
        '.kind',
        'Choose one of the offered options for Kind.',
        '.kind Choose one of the offered options for Kind.',
      ],
    ]);
  });
});
