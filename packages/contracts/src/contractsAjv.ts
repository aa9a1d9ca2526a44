/**
 * The one ajv setup behind every validation in the back-office: draft-07, all errors, strict
 * schemas, our custom formats, and `errorMessage` accepted as an annotation (our messages, read by
 * `toFieldErrors`).
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import { RE2JS } from 're2js';
import { toFieldErrors, type SchemaError } from './fieldErrors.js';
import { CUSTOM_FORMATS } from './formats.js';
import { installPatternEngine, safeRegExp } from './safePattern.js';
import type { JsonSchema } from './schemas/jsonSchema.js';
import type { FieldError, ValidationResult } from './types.js';

// Whoever loads ajv (the BFF, the orchestrator client, through the contracts' index) has RE2 from
// the start. The browser bundle leaves this module out and loads RE2 on demand instead.
installPatternEngine(RE2JS);

type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;

// ajv-formats is CommonJS: the plugin is `module.exports` in some loaders and `.default` in others.
const addFormats: AddFormats =
  (formatsModule as unknown as { default?: AddFormats }).default ??
  (formatsModule as unknown as AddFormats);

/** ajv-formats formats our schemas use (RJSF's validator registers all of them). */
const STANDARD_FORMATS = ['email', 'date-time', 'uri'];

export function createContractsAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Not verbose: verbose errors carry the failing value (a card number, say) to whoever logs
    // them. Messages find their schema from `schemaPath` instead, as they do for RJSF's errors.
    strict: true,
    allowUnionTypes: true,
    // Field names come from PSPs: a field called `constructor` must not be found on the prototype.
    ownProperties: true,
    // Patterns come from PSPs too: RE2 matches in linear time where RegExp can backtrack for ever.
    code: { regExp: safeRegExp },
    ...options,
  });
  addFormats(ajv, STANDARD_FORMATS);
  for (const [name, validate] of Object.entries(CUSTOM_FORMATS)) {
    ajv.addFormat(name, { type: 'string', validate });
  }
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}

let shared: Ajv | undefined;

function sharedAjv(): Ajv {
  shared ??= createContractsAjv();
  return shared;
}

/**
 * Compiles the meta-schema that checks every schema before ajv compiles it (about 50 ms, once per
 * process), so the first payout or batch validation does not also pay for it.
 */
export function prepareSchemaCompiler(): void {
  void sharedAjv().validateSchema({});
}

const byIdentity = new WeakMap<object, ValidateFunction>();
/**
 * Generated schemas (one per corridor and provider set) are rebuilt per request, so identity alone
 * would recompile each time; they are also cached by content. Bounded, because ajv keeps every
 * schema it compiles until told to forget it.
 */
const byContent = new Map<string, { schema: object; validate: ValidateFunction }>();
const MAX_CACHED = 64;

/** A compiled validator for `schema`, from cache when the same schema was compiled before. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  const known = byIdentity.get(schema);
  if (known) return known;
  const key = JSON.stringify(schema);
  const cached = byContent.get(key);
  if (cached) {
    byContent.delete(key);
    byContent.set(key, cached);
    byIdentity.set(schema, cached.validate);
    return cached.validate;
  }
  const ajv = sharedAjv();
  const validate = ajv.compile(schema);
  byContent.set(key, { schema, validate });
  byIdentity.set(schema, validate);
  if (byContent.size > MAX_CACHED) {
    const [oldestKey, oldest] = byContent.entries().next().value as [
      string,
      { schema: object; validate: ValidateFunction },
    ];
    byContent.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  return validate;
}

export function ajvErrorsToFieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  root: JsonSchema,
): FieldError[] {
  return toFieldErrors((errors ?? []) as readonly SchemaError[], root);
}

/**
 * Validates `value` against `schema`; on success returns it typed as `T` (the schema is the
 * caller's promise that it describes `T`).
 */
export function validateWithSchema<T>(schema: JsonSchema, value: unknown): ValidationResult<T> {
  const validate = compileSchema(schema);
  if (validate(value)) return { ok: true, value: value as T };
  return { ok: false, errors: ajvErrorsToFieldErrors(validate.errors, schema) };
}
