import {
  safePattern,
  type JsonSchema,
  type JsonSchemaDefinition,
  type SchemaError,
} from '@payouts/contracts';

/**
 * A JSON Schema (draft-07) check that interprets the schema instead of compiling it to code.
 *
 * Why not ajv in the browser: ajv compiles every schema with `new Function`, which the BFF's
 * Content-Security-Policy (`script-src 'self'`, no `'unsafe-eval'`) forbids, and the PSP sections
 * are built at run time, so they cannot be compiled ahead. This covers the keywords our schemas
 * use, reports errors in ajv's shape (keyword, instancePath, schemaPath, params, parentSchema) so
 * the contracts' `errorMessageFor` / `toFieldErrors` word them exactly as for the BFF, and refuses
 * a keyword it does not know rather than silently accepting data. A differential test keeps it in
 * step with the contracts' ajv.
 */

export interface SchemaValidationError extends SchemaError {
  message: string;
  parentSchema: JsonSchema;
}

export type FormatCheck = (value: string) => boolean;

/** A keyword this validator cannot check: a programming error in the schema's producer. */
export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';
}

const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'errorMessage',
  'definitions',
]);

const KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'items',
  'additionalItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
]);

/** The keywords ajv runs per data type (its rule groups), in its order. */
const GROUPS: Readonly<Record<string, readonly string[]>> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'uniqueItems', 'items', 'additionalItems'],
  object: [
    'maxProperties',
    'minProperties',
    'required',
    'propertyNames',
    'additionalProperties',
    'properties',
    'patternProperties',
  ],
};

/**
 * Patterns are matched by RE2, as the BFF's ajv matches them: a PSP's hint like `^(a+)+$` must not
 * freeze the tab. RE2 is loaded on demand: pages await `loadPatternEngine()` (with their data)
 * before they validate; matching before that throws rather than falling back to a RegExp.
 */
function regex(source: string): { test(input: string): boolean } {
  return safePattern(source);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]))
    );
  }
  return false;
}

/** Length in code points, as ajv counts it (an emoji is one character). */
function length(text: string): number {
  let n = 0;
  for (const _char of text) n += 1;
  return n;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      throw new UnsupportedSchemaError(`Unknown type "${type}"`);
  }
}

interface Context {
  formats: Readonly<Record<string, FormatCheck>>;
}

function check(
  schema: JsonSchemaDefinition,
  data: unknown,
  instancePath: string,
  schemaPath: string,
  ctx: Context,
  out: SchemaValidationError[],
): void {
  if (schema === true) return;
  if (schema === false) {
    out.push({
      keyword: 'false schema',
      instancePath,
      schemaPath,
      params: {},
      parentSchema: {},
      message: 'boolean schema is false',
    });
    return;
  }
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) {
      throw new UnsupportedSchemaError(`Unsupported JSON Schema keyword "${key}"`);
    }
  }
  const fail = (keyword: string, params: Record<string, unknown>, at = instancePath): void => {
    out.push({
      keyword,
      instancePath: at,
      schemaPath: `${schemaPath}/${keyword}`,
      params,
      parentSchema: schema,
      message: '',
    });
  };
  const sub = (
    child: JsonSchemaDefinition,
    value: unknown,
    childInstancePath: string,
    childSchemaPath: string,
    into: SchemaValidationError[] = out,
  ): void => check(child, value, childInstancePath, childSchemaPath, ctx, into);
  const passes = (child: JsonSchemaDefinition, path: string): boolean => {
    const errors: SchemaValidationError[] = [];
    sub(child, data, instancePath, path, errors);
    return errors.length === 0;
  };

  // Keywords run in ajv's order (untyped ones first, then per data type), because when two rules
  // fail on the same field the form shows the first one found, as the BFF does.
  const types =
    schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const wrongType = types.length > 0 && !types.some((t) => hasType(data, t));
  const onlyType = types.length === 1 ? types[0] : undefined;
  // ajv reports a wrong type where that type's keywords would have run when the schema has some.
  const deferredGroup =
    wrongType && onlyType !== undefined && GROUPS[onlyType]?.some((k) => Object.hasOwn(schema, k))
      ? onlyType
      : undefined;
  if (wrongType && deferredGroup === undefined) fail('type', { type: schema.type });

  if (Object.hasOwn(schema, 'const') && !deepEqual(schema.const, data)) {
    fail('const', { allowedValue: schema.const });
  }
  if (schema.enum && !schema.enum.some((v) => deepEqual(v, data))) {
    fail('enum', { allowedValues: schema.enum });
  }
  if (schema.not !== undefined && passes(schema.not, `${schemaPath}/not`)) fail('not', {});
  // A failed choice is one problem ("choose one of ..."); what each option disliked is noise,
  // and the contracts' `toFieldErrors` ignores it for ajv too.
  if (schema.anyOf && !schema.anyOf.some((part, i) => passes(part, `${schemaPath}/anyOf/${i}`))) {
    fail('anyOf', {});
  }
  if (schema.oneOf) {
    const passing = schema.oneOf.flatMap((part, i) =>
      passes(part, `${schemaPath}/oneOf/${i}`) ? [i] : [],
    );
    if (passing.length !== 1) {
      fail('oneOf', { passingSchemas: passing.length === 0 ? null : passing });
    }
  }
  schema.allOf?.forEach((part, i) => sub(part, data, instancePath, `${schemaPath}/allOf/${i}`));
  if (schema.if !== undefined) {
    const branch = passes(schema.if, `${schemaPath}/if`) ? 'then' : 'else';
    const branchSchema = schema[branch];
    if (branchSchema !== undefined) {
      const before = out.length;
      sub(branchSchema, data, instancePath, `${schemaPath}/${branch}`);
      if (out.length > before) fail('if', { failingKeyword: branch });
    }
  }

  if (typeof data === 'number' && Number.isFinite(data)) {
    if (schema.maximum !== undefined && !(data <= schema.maximum)) {
      fail('maximum', { comparison: '<=', limit: schema.maximum });
    }
    if (schema.minimum !== undefined && !(data >= schema.minimum)) {
      fail('minimum', { comparison: '>=', limit: schema.minimum });
    }
    if (schema.exclusiveMaximum !== undefined && !(data < schema.exclusiveMaximum)) {
      fail('exclusiveMaximum', { comparison: '<', limit: schema.exclusiveMaximum });
    }
    if (schema.exclusiveMinimum !== undefined && !(data > schema.exclusiveMinimum)) {
      fail('exclusiveMinimum', { comparison: '>', limit: schema.exclusiveMinimum });
    }
    if (schema.multipleOf !== undefined && !Number.isInteger(data / schema.multipleOf)) {
      fail('multipleOf', { multipleOf: schema.multipleOf });
    }
  } else if (deferredGroup === 'number') {
    fail('type', { type: schema.type });
  }

  if (typeof data === 'string') {
    const n = schema.maxLength !== undefined || schema.minLength !== undefined ? length(data) : 0;
    if (schema.maxLength !== undefined && n > schema.maxLength) {
      fail('maxLength', { limit: schema.maxLength });
    }
    if (schema.minLength !== undefined && n < schema.minLength) {
      fail('minLength', { limit: schema.minLength });
    }
    if (schema.pattern !== undefined && !regex(schema.pattern).test(data)) {
      fail('pattern', { pattern: schema.pattern });
    }
    if (schema.format !== undefined) {
      const format = ctx.formats[schema.format];
      if (!format) throw new UnsupportedSchemaError(`Unknown format "${schema.format}"`);
      if (!format(data)) fail('format', { format: schema.format });
    }
  } else if (deferredGroup === 'string') {
    fail('type', { type: schema.type });
  }

  if (Array.isArray(data)) {
    if (schema.maxItems !== undefined && data.length > schema.maxItems) {
      fail('maxItems', { limit: schema.maxItems });
    }
    if (schema.minItems !== undefined && data.length < schema.minItems) {
      fail('minItems', { limit: schema.minItems });
    }
    if (Array.isArray(schema.items)) {
      const tuple = schema.items;
      tuple.forEach((itemSchema, i) => {
        if (i < data.length) {
          sub(itemSchema, data[i], `${instancePath}/${i}`, `${schemaPath}/items/${i}`);
        }
      });
      if (schema.additionalItems !== undefined) {
        for (let i = tuple.length; i < data.length; i += 1) {
          if (schema.additionalItems === false) {
            fail('additionalItems', { limit: tuple.length });
            break;
          }
          sub(
            schema.additionalItems,
            data[i],
            `${instancePath}/${i}`,
            `${schemaPath}/additionalItems`,
          );
        }
      }
    } else if (schema.items !== undefined) {
      const items = schema.items;
      data.forEach((item, i) => sub(items, item, `${instancePath}/${i}`, `${schemaPath}/items`));
    }
    if (schema.uniqueItems === true) {
      for (let j = data.length - 1; j > 0; j -= 1) {
        const i = data.findIndex((v, k) => k < j && deepEqual(v, data[j]));
        if (i !== -1) {
          fail('uniqueItems', { i, j });
          break;
        }
      }
    }
  } else if (deferredGroup === 'array') {
    fail('type', { type: schema.type });
  }

  if (isObject(data)) {
    const keys = Object.keys(data);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      fail('maxProperties', { limit: schema.maxProperties });
    }
    if (schema.minProperties !== undefined && keys.length < schema.minProperties) {
      fail('minProperties', { limit: schema.minProperties });
    }
    for (const name of schema.required ?? []) {
      if (data[name] === undefined) fail('required', { missingProperty: name });
    }
    if (schema.propertyNames !== undefined) {
      for (const name of keys) {
        const errors: SchemaValidationError[] = [];
        sub(schema.propertyNames, name, instancePath, `${schemaPath}/propertyNames`, errors);
        if (errors.length > 0) fail('propertyNames', { propertyName: name });
      }
    }
    const properties = schema.properties ?? {};
    const patternEntries = Object.entries(schema.patternProperties ?? {});
    if (schema.additionalProperties !== undefined) {
      for (const name of keys) {
        if (Object.hasOwn(properties, name)) continue;
        if (patternEntries.some(([source]) => regex(source).test(name))) continue;
        if (schema.additionalProperties === false) {
          fail('additionalProperties', { additionalProperty: name });
        } else {
          sub(
            schema.additionalProperties,
            data[name],
            `${instancePath}/${escape(name)}`,
            `${schemaPath}/additionalProperties`,
          );
        }
      }
    }
    for (const [name, propertySchema] of Object.entries(properties)) {
      if (Object.hasOwn(data, name) && data[name] !== undefined) {
        sub(
          propertySchema,
          data[name],
          `${instancePath}/${escape(name)}`,
          `${schemaPath}/properties/${escape(name)}`,
        );
      }
    }
    for (const name of keys) {
      for (const [source, patternSchema] of patternEntries) {
        if (regex(source).test(name)) {
          sub(
            patternSchema,
            data[name],
            `${instancePath}/${escape(name)}`,
            `${schemaPath}/patternProperties/${escape(source)}`,
          );
        }
      }
    }
  } else if (deferredGroup === 'object') {
    fail('type', { type: schema.type });
  }
}

/**
 * The errors of `data` against `schema`, all of them (like ajv's `allErrors`), without messages:
 * word them with the contracts' `errorMessageFor`.
 * @throws UnsupportedSchemaError for a keyword or format it cannot check.
 */
export function validateSchema(
  schema: JsonSchemaDefinition,
  data: unknown,
  formats: Readonly<Record<string, FormatCheck>>,
): SchemaValidationError[] {
  const out: SchemaValidationError[] = [];
  check(schema, data, '', '#', { formats }, out);
  return out;
}
