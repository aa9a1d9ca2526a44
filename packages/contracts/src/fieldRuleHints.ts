/** How a PSP's hints (options, lengths, pattern) reshape a field's name-based rule. */
import { FREE_TEXT_FORMAT } from './formats.js';
import type { JsonSchema } from './schemas/jsonSchema.js';
import { isSafePattern } from './safePattern.js';
import type { ProviderField } from './types.js';
import type { Rule } from './fieldRuleTypes.js';

function isLength(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/**
 * A hint pattern is used only if it compiles, with RE2 (which every schema check matches it with)
 * and as a JavaScript RegExp: one bad PSP pattern must not break the form.
 */
function usablePattern(pattern: unknown): pattern is string {
  return typeof pattern === 'string' && pattern !== '' && isSafePattern(pattern);
}

export function applyOptions(
  rule: Rule,
  options: readonly { value: string; title: string }[],
  title: string,
): Rule {
  const seen = new Set<string>();
  const unique = options.filter((o) => !seen.has(o.value) && seen.add(o.value));
  const numeric =
    (rule.schema.type === 'integer' || rule.schema.type === 'number') &&
    unique.every((o) => /^-?[0-9]+(\.[0-9]+)?$/.test(o.value));
  const message = `Choose ${title} from the list.`;
  return {
    rule: 'options',
    schema: {
      type: numeric ? rule.schema.type : 'string',
      oneOf: unique.map((o) => ({ const: numeric ? Number(o.value) : o.value, title: o.title })),
    },
    messages: { type: message, oneOf: message },
    ui: {},
    required: rule.required,
    normalize: numeric ? 'none' : 'trim',
  };
}

export function applyLengthAndPattern(rule: Rule, field: ProviderField, title: string): Rule {
  if (rule.schema.type !== 'string') return rule;
  const schema = { ...rule.schema };
  const messages = { ...rule.messages };
  let min = isLength(field.min_length) ? field.min_length : undefined;
  let max = isLength(field.max_length) && field.max_length > 0 ? field.max_length : undefined;
  if (min !== undefined && max !== undefined && min > max) min = max = undefined;
  const pattern = usablePattern(field.pattern) ? field.pattern : undefined;
  if (min === undefined && max === undefined && pattern === undefined) return rule;
  // A PSP that gives a bank detail its own shape wants that shape, not an IBAN's or a BIC's, and
  // the value as typed (its pattern may want the dashes compacting would remove).
  delete schema.allOf;
  const normalize = rule.normalize === 'bankCode' ? 'trim' : rule.normalize;
  if (pattern !== undefined) {
    schema.pattern = pattern;
    // The PSP's pattern replaces a shape (a phone number's, a wallet address's), not the rule
    // that keeps card numbers out of free text.
    if (schema.format !== FREE_TEXT_FORMAT) {
      delete schema.format;
      delete messages.format;
    }
    messages.pattern = `${title} is not in the format this provider expects.`;
  }
  if (min !== undefined) {
    schema.minLength = min;
    messages.minLength =
      min <= 1 ? `${title} is required.` : `${title} must be at least ${min} characters long.`;
  }
  if (max !== undefined) {
    schema.maxLength = max;
    messages.maxLength = `${title} can be at most ${max} characters long.`;
  }
  // Hinted lengths replace the name-based ones even where that loosens them.
  if (min !== undefined && schema.maxLength !== undefined && schema.maxLength < min) {
    delete schema.maxLength;
  }
  if (max !== undefined && schema.minLength !== undefined && schema.minLength > max) {
    delete schema.minLength;
  }
  return { ...rule, schema, messages, normalize };
}

/** Whether `""` passes the schema, so a blank value can be sent as an empty string. */
export function acceptsEmpty(schema: JsonSchema): boolean {
  return (
    schema.type === 'string' &&
    (schema.minLength ?? 0) === 0 &&
    schema.pattern === undefined &&
    schema.format === undefined &&
    schema.oneOf === undefined
  );
}
