/**
 * Turns JSON Schema validation errors (ajv's, or RJSF's which are ajv's renamed) into
 * `{ pointer, message }` a form can put on its fields. Messages come from the schema's
 * `errorMessage` (ajv-errors shape) where it has one, else from a plain-words default built on the
 * field's title; never ajv's own "must match format".
 */
import type { JsonSchema, JsonSchemaDefinition } from './schemas/jsonSchema.js';
import type { FieldError } from './types.js';

/** The parts of an ajv `ErrorObject` we use. */
export interface SchemaError {
  keyword: string;
  /** JSON Pointer of the failing value. */
  instancePath: string;
  /** `#/properties/...` path of the failing keyword. */
  schemaPath: string;
  params: Record<string, unknown>;
  /** The schema holding the keyword (ajv with `verbose: true`); else found from `schemaPath`. */
  parentSchema?: JsonSchema | undefined;
}

/** RFC 6901 escaping of one reference token. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapePointerSegment(String(s))}`).join('');
}

/**
 * The JSON Pointer of an orchestrator validation `field` (`metadata.email` -> `/metadata/email`,
 * `items[0].name` -> `/items/0/name`), so its errors land on our form fields. An empty field
 * points at the whole document (`""`).
 */
export function orchestratorFieldToPointer(field: string): string {
  const trimmed = field.trim();
  if (trimmed === '') return '';
  const segments = trimmed
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
  return pointerOf(segments);
}

function isSchema(def: JsonSchemaDefinition | undefined): def is JsonSchema {
  return typeof def === 'object' && def !== null;
}

/**
 * The schema object holding the keyword at `schemaPath` (`#/properties/metadata/properties/email/format`
 * -> the `email` property's schema), for errors that do not carry it (RJSF's).
 */
export function parentSchemaAt(root: JsonSchema, schemaPath: string): JsonSchema | undefined {
  const segments = schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1);
  let node: unknown = root;
  for (const raw of segments) {
    if (raw === '') continue;
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment))
      return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return isSchema(node as JsonSchemaDefinition) ? (node as JsonSchema) : undefined;
}

/** A field name in words, for a label: `bankZipcode` -> `Bank zipcode`, `tax_id` -> `Tax id`. */
export function humanizeFieldName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words === '' ? 'This field' : words.charAt(0).toUpperCase() + words.slice(1);
}

function propertyLabel(parent: JsonSchema | undefined, name: string): string {
  const prop = parent?.properties?.[name];
  return isSchema(prop) && prop.title ? prop.title : humanizeFieldName(name);
}

function typeWord(type: unknown): string {
  switch (type) {
    case 'integer':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'string':
      return 'text';
    case 'null':
      return 'empty';
    case 'boolean':
      return 'yes or no';
    case 'array':
      return 'a list';
    default:
      return 'a group of fields';
  }
}

function defaultMessage(error: SchemaError, label: string): string {
  const { keyword, params } = error;
  const limit = typeof params.limit === 'number' ? params.limit : undefined;
  switch (keyword) {
    case 'required':
      return `${label} is required.`;
    case 'additionalProperties':
      return `${label} is not a field this form accepts.`;
    case 'type': {
      const type: unknown = Array.isArray(params.type)
        ? (params.type as unknown[])[0]
        : params.type;
      return `${label} must be ${typeWord(type)}.`;
    }
    case 'minLength':
      return limit === 1
        ? `${label} is required.`
        : `${label} must be at least ${limit} characters long.`;
    case 'maxLength':
      return `${label} must be at most ${limit} characters long.`;
    case 'minimum':
      return `${label} must be ${limit} or more.`;
    case 'maximum':
      return `${label} must be ${limit} or less.`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${limit}.`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${limit}.`;
    case 'enum':
    case 'oneOf':
    case 'anyOf':
      return `Choose one of the offered options for ${label}.`;
    case 'const':
      return `${label} must be ${JSON.stringify(params.allowedValue)}.`;
    case 'pattern':
      return `${label} is not in the expected format.`;
    case 'minItems':
      return `${label} needs at least ${limit} entries.`;
    case 'maxItems':
      return `${label} can have at most ${limit} entries.`;
    default:
      return `${label} is not valid.`;
  }
}

function missingProperty(error: SchemaError): string | undefined {
  const p = error.params.missingProperty ?? error.params.additionalProperty;
  return typeof p === 'string' ? p : undefined;
}

/** The human message for one error (see the module comment for where it comes from). */
export function errorMessageFor(error: SchemaError): string {
  const parent = error.parentSchema;
  const custom = parent?.errorMessage;
  const property = missingProperty(error);
  if (typeof custom === 'string') return custom;
  if (custom) {
    const entry = custom[error.keyword];
    if (typeof entry === 'string') return entry;
    if (entry && property !== undefined && Object.hasOwn(entry, property)) {
      const perProperty = entry[property];
      if (perProperty) return perProperty;
    }
  }
  const label =
    property !== undefined
      ? error.keyword === 'additionalProperties'
        ? `"${property}"`
        : propertyLabel(parent, property)
      : (parent?.title ?? 'This value');
  return defaultMessage(error, label);
}

/** Where the error is: the missing or unexpected property itself for those keywords. */
export function errorPointer(error: SchemaError): string {
  const property = missingProperty(error);
  return property === undefined
    ? error.instancePath
    : `${error.instancePath}/${escapePointerSegment(property)}`;
}

/** Which error a field shows when it has several: the most basic problem first. */
const PRIORITY = [
  'type',
  'required',
  'additionalProperties',
  'const',
  'enum',
  'oneOf',
  'anyOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'not',
];

/** How basic a failing keyword is (lower first): a field shows its most basic problem. */
export function errorKeywordRank(keyword: string | undefined): number {
  const i = PRIORITY.indexOf(keyword ?? '');
  return i === -1 ? PRIORITY.length : i;
}

/** Keywords whose own error only repeats what errors inside them say. */
const WRAPPERS = new Set(['if', 'allOf', '$ref']);
/** Keywords whose inner errors are noise: one message for the whole choice. */
const CHOICES = new Set(['oneOf', 'anyOf']);

/** Errors that only repeat others left out: a failing `if`, each branch of a failed choice. */
function withoutRepeats<E>(
  errors: readonly E[],
  keyword: (e: E) => string,
  schemaPath: (e: E) => string,
): E[] {
  const choicePaths = errors.filter((e) => CHOICES.has(keyword(e))).map((e) => `${schemaPath(e)}/`);
  return errors.filter(
    (e) => !WRAPPERS.has(keyword(e)) && !choicePaths.some((p) => schemaPath(e).startsWith(p)),
  );
}

/**
 * One `{ pointer, message }` per failing field, in the order the fields first failed. `root` is
 * used to find the schema of errors that do not carry `parentSchema`.
 */
export function toFieldErrors(errors: readonly SchemaError[], root?: JsonSchema): FieldError[] {
  const best = new Map<string, { rank: number; message: string }>();
  for (const error of withoutRepeats(
    errors,
    (e) => e.keyword,
    (e) => e.schemaPath,
  )) {
    const withParent =
      error.parentSchema || !root
        ? error
        : { ...error, parentSchema: parentSchemaAt(root, error.schemaPath) };
    const pointer = errorPointer(error);
    const r = errorKeywordRank(error.keyword);
    const current = best.get(pointer);
    if (!current || r < current.rank) {
      best.set(pointer, { rank: r, message: errorMessageFor(withParent) });
    }
  }
  return [...best].map(([pointer, { message }]) => ({ pointer, message }));
}

/** The parts of an RJSF validation error (`RJSFValidationError`) this package reads and writes. */
export interface RjsfLikeError {
  name?: string;
  params?: unknown;
  schemaPath?: string;
  message?: string;
  stack: string;
  property?: string;
}

/**
 * For RJSF's `transformErrors`: the same errors with our messages, minus the ones that only
 * repeat others (a failing `if`, each branch of a failed choice). Usage:
 * `transformErrors={(errors) => humanizeSchemaErrors(errors, form.schema)}`.
 */
export function humanizeSchemaErrors<E extends RjsfLikeError>(
  errors: readonly E[],
  root: JsonSchema,
): E[] {
  return withoutRepeats(
    errors,
    (e) => e.name ?? '',
    (e) => e.schemaPath ?? '',
  ).map((e) => {
    const schemaPath = e.schemaPath ?? '';
    const message = errorMessageFor({
      keyword: e.name ?? '',
      instancePath: '',
      schemaPath,
      params: (e.params ?? {}) as Record<string, unknown>,
      parentSchema: parentSchemaAt(root, schemaPath),
    });
    return { ...e, message, stack: `${e.property ?? ''} ${message}`.trim() };
  });
}
