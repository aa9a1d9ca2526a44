import { PROVIDER_FIELD_TYPES, type ProviderField } from '@payouts/contracts';

/** A value format checked by a predicate rather than a pattern. */
export type MetadataFormat = 'email' | 'phone' | 'cardNumber' | 'walletAddress';

/** A character rule on a string: a regex and what to say when it fails. */
export interface MetadataPattern {
  regex: RegExp;
  /** `undefined` for a PSP's pattern hint (the generic message). */
  describe?: string;
}

/** What one metadata field of one PSP must hold, once its name and the PSP's hints are combined. */
export interface MetadataFieldRule {
  name: string;
  title: string;
  required: boolean;
  /** The JSON type: a string, or a JSON number (an integer for `integer`). */
  kind: 'string' | 'integer' | 'number';
  /** Inclusive bounds of an integer (the card expiry month and year). */
  minimum?: number;
  maximum?: number;
  /** Length bounds in characters (Unicode code points). */
  minLength?: number;
  maxLength?: number;
  pattern?: MetadataPattern;
  format?: MetadataFormat;
  /** An `options` hint: the value must be one of them (as numbers when `numeric`). */
  options?: { values: string[]; numeric: boolean };
  /** Which half of a card expiry this is, for the "not expired" rule across the two fields. */
  expiry?: 'month' | 'year';
}

type BaseRule = Omit<MetadataFieldRule, 'name' | 'title' | 'required'> & {
  /** Which named rule this is, so a `type` hint naming the same kind keeps it. */
  family: 'email' | 'phone' | 'other';
  required: boolean;
};

/*
 * SANDBOX DECISIONS. The real orchestrator documents no limits on metadata, but a real PSP does
 * have them; the sandbox applies these, the same as the back-office's payout form (a
 * differential test holds the two together), so that what the form accepts is what gets through.
 */

const NON_BLANK: MetadataPattern = { regex: /\S/u, describe: 'must not be blank' };
const CODE: MetadataPattern = {
  regex: /^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$/u,
  describe:
    'may only contain letters, digits, spaces and . / - (starting and ending with a letter or digit)',
};
const POSTAL: MetadataPattern = {
  regex: /^[A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?$/u,
  describe:
    'may only contain letters, digits, spaces and - (starting and ending with a letter or digit)',
};
const DIGITS: MetadataPattern = { regex: /^[0-9]+$/u, describe: 'may only contain digits' };

/** Free text: non-blank, at most `maxLength` characters. */
function text(maxLength: number): BaseRule {
  return {
    family: 'other',
    kind: 'string',
    required: true,
    minLength: 1,
    maxLength,
    pattern: NON_BLANK,
  };
}

function code(maxLength: number, pattern: MetadataPattern): BaseRule {
  return { family: 'other', kind: 'string', required: true, minLength: 1, maxLength, pattern };
}

const EMAIL: BaseRule = {
  family: 'email',
  kind: 'string',
  required: true,
  maxLength: 254,
  format: 'email',
};
const PHONE: BaseRule = { family: 'phone', kind: 'string', required: true, format: 'phone' };

/** Free text under a name the sandbox has no rule for. */
const UNKNOWN_NAME_MAX_LENGTH = 255;

const BY_NAME: Readonly<Record<string, (now: Date) => BaseRule>> = {
  email: () => EMAIL,
  phone: () => PHONE,
  expiryMonth: () => ({
    family: 'other',
    kind: 'integer',
    required: true,
    minimum: 1,
    maximum: 12,
    expiry: 'month',
  }),
  expiryYear: (now) => ({
    family: 'other',
    kind: 'integer',
    required: true,
    minimum: now.getUTCFullYear(),
    maximum: now.getUTCFullYear() + 20,
    expiry: 'year',
  }),
  creditCardNumber: () => ({
    family: 'other',
    kind: 'string',
    required: true,
    minLength: 12,
    maxLength: 19,
    pattern: DIGITS,
    format: 'cardNumber',
  }),
  // "May be empty" (seed 2.2): optional, and an empty string is a value.
  creditCardToken: () => ({ family: 'other', kind: 'string', required: false, maxLength: 512 }),
  cardHolderName: () => text(100),
  customerFirstName: () => text(100),
  customerLastName: () => text(100),
  bankAccountName: () => text(140),
  bankName: () => text(140),
  bankBranch: () => text(140),
  bankAddress: () => text(255),
  bankCode: () => code(35, CODE),
  bankRoutingNumber: () => code(35, CODE),
  // IBANs (34 characters, often grouped by 4 with spaces) and local formats fit in 50.
  bankAccountNumber: () => code(50, CODE),
  bankZipcode: () => code(16, POSTAL),
  walletAddress: () => ({
    family: 'other',
    kind: 'string',
    required: true,
    maxLength: 128,
    format: 'walletAddress',
  }),
};

const NUMERIC_OPTION = /^-?[0-9]+(\.[0-9]+)?$/;

function isLength(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** A PSP pattern that does not compile is ignored: one bad hint must not break every payout. */
function usablePattern(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== 'string' || pattern === '') return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

function withType(base: BaseRule, type: unknown): BaseRule {
  if (typeof type !== 'string' || !(PROVIDER_FIELD_TYPES as readonly string[]).includes(type)) {
    return base;
  }
  switch (type) {
    case 'integer':
    case 'number':
      return base.kind === type ? base : { family: 'other', kind: type, required: true };
    case 'email':
      return base.family === 'email' ? base : EMAIL;
    case 'phone':
      return base.family === 'phone' ? base : PHONE;
    default:
      // "string" keeps a string rule as it is (an e-mail stays an e-mail).
      return base.kind === 'string' ? base : text(UNKNOWN_NAME_MAX_LENGTH);
  }
}

function withOptions(base: BaseRule, options: readonly { value: unknown }[]): BaseRule {
  const values = [...new Set(options.map((o) => String(o.value)))];
  const numeric = base.kind !== 'string' && values.every((v) => NUMERIC_OPTION.test(v));
  return {
    family: 'other',
    kind: numeric ? base.kind : 'string',
    required: base.required,
    options: { values, numeric },
  };
}

/** Length and pattern hints on a string: each replaces the aspect it names, even loosening it. */
function withLengthAndPattern(base: BaseRule, field: ProviderField): BaseRule {
  if (base.kind !== 'string') return base;
  let min = isLength(field.min_length) ? field.min_length : undefined;
  let max = isLength(field.max_length) && field.max_length > 0 ? field.max_length : undefined;
  if (min !== undefined && max !== undefined && min > max) min = max = undefined;
  const pattern = usablePattern(field.pattern);
  const rule = { ...base };
  if (pattern !== undefined) {
    rule.pattern = { regex: pattern };
    delete rule.format;
  }
  if (min !== undefined) rule.minLength = min;
  if (max !== undefined) rule.maxLength = max;
  if (min !== undefined && rule.maxLength !== undefined && rule.maxLength < min) {
    delete rule.maxLength;
  }
  if (max !== undefined && rule.minLength !== undefined && rule.minLength > max) {
    delete rule.minLength;
  }
  return rule;
}

/**
 * The rule for one field a PSP lists (README "The orchestrator's rules", metadata): what the
 * name implies (the table above; unknown names are non-blank text of at most 255 characters),
 * then the PSP's hints, each winning for the aspect it describes: `type` (the kind; `email` and
 * `phone` bring their format), `options` (replaces everything else), `min_length` /
 * `max_length` / `pattern` on strings (a pattern replaces the name's characters and format),
 * `required`.
 */
export function resolveMetadataFieldRule(
  field: ProviderField,
  ctx: { now: Date },
): MetadataFieldRule {
  const byName = Object.hasOwn(BY_NAME, field.name) ? BY_NAME[field.name] : undefined;
  let rule = byName ? byName(ctx.now) : text(UNKNOWN_NAME_MAX_LENGTH);
  rule = withType(rule, field.type);
  rule =
    Array.isArray(field.options) && field.options.length > 0
      ? withOptions(rule, field.options)
      : withLengthAndPattern(rule, field);
  const { family: _family, ...resolved } = rule;
  return {
    ...resolved,
    name: field.name,
    title: field.title || field.name,
    required: typeof field.required === 'boolean' ? field.required : rule.required,
  };
}
