/**
 * What one PSP metadata field becomes in a form: its JSON Schema, its uiSchema, whether it is
 * required and how its typed value is tidied before validation.
 *
 * The orchestrator documents only `name` and `title` per field and says every listed field is to
 * be sent, so a bare field is a required string shaped by what its name tells (`NAME_RULES`).
 * When a PSP sends hints (`type`, `required`, `pattern`, `min_length`, `max_length`, `options`)
 * they win over the name-based rule for the aspect they describe. A name never seen before is a
 * labelled, required, non-blank text field.
 */
import {
  ABA_CHECKSUM_FORMAT,
  abaMessage,
  BIC_PROBLEMS,
  bicFormat,
  bicMessage,
  compactBankValue,
  hasBicFormat,
  IBAN_PROBLEMS,
  ibanFormat,
  ibanLength,
  ibanMessage,
  LOCAL_ACCOUNT_DIGITS,
  LOCAL_BANK_CODE_DIGITS,
  usesIbanByDefault,
} from './bankDetails.js';
import { normalizeCardNumber } from './card.js';
import { humanizeFieldName } from './fieldErrors.js';
import { CARD_NUMBER_IN_TEXT_MESSAGE } from './cardNumbersInText.js';
import {
  FREE_TEXT_FORMAT,
  INTERNATIONAL_PHONE_FORMAT,
  LUHN_CARD_NUMBER_FORMAT,
  walletAddressFormat,
} from './formats.js';
import { normalizePhone } from './phone.js';
import type { JsonSchema, UiSchema } from './schemas/jsonSchema.js';
import { isSensitiveField } from './sensitive.js';
import type { ProviderField } from './types.js';
import { walletAddressShape } from './wallet.js';

import type { FieldNormalizer, FieldRuleName, Rule } from './fieldRuleTypes.js';
import { acceptsEmpty, applyLengthAndPattern, applyOptions } from './fieldRuleHints.js';
export type { FieldNormalizer, FieldRuleName } from './fieldRuleTypes.js';

export interface ResolvedField {
  name: string;
  title: string;
  rule: FieldRuleName;
  /** True when the PSP's hints changed the name-based rule. */
  hinted: boolean;
  required: boolean;
  /**
   * `''` for a field sent as an empty string when left blank (creditCardToken: "may be empty");
   * otherwise a blank optional field is left out of the metadata.
   */
  emptyValue?: '';
  normalize: FieldNormalizer;
  sensitive: boolean;
  /** The value's schema, with title and messages. */
  schema: JsonSchema;
  ui: UiSchema;
}

export interface FieldRuleContext {
  /** The corridor's currency (wallet addresses are checked for it). */
  currency: string;
  /** The corridor's country (bank details are checked for it); without it they are only codes. */
  country?: string;
  /**
   * Today, for the expiry year's range. Without it the year is only checked to be a plausible
   * 4-digit year (2000-2099), for schemas that are not tied to a day.
   */
  now?: Date;
}

const CODE_CHARS = '^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$';
const POSTAL_CHARS = '^[A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?$';

function text(title: string, maxLength: number, rule: FieldRuleName = 'text'): Rule {
  return {
    rule,
    schema: { type: 'string', minLength: 1, maxLength, pattern: '\\S', format: FREE_TEXT_FORMAT },
    messages: {
      type: `${title} must be text.`,
      minLength: `${title} is required.`,
      pattern: `${title} is required.`,
      maxLength: `${title} can be at most ${maxLength} characters long.`,
      format: CARD_NUMBER_IN_TEXT_MESSAGE,
    },
    ui: {},
    required: true,
    normalize: 'trim',
  };
}

/** A required, non-blank text field of at most `maxLength` characters, with its messages. */
export function textFieldSchema(title: string, maxLength: number): JsonSchema {
  const rule = text(title, maxLength);
  return { ...rule.schema, title, errorMessage: rule.messages };
}

function code(title: string, maxLength: number, rule: FieldRuleName, pattern: string): Rule {
  return {
    rule,
    schema: { type: 'string', minLength: 1, maxLength, pattern },
    messages: {
      type: `${title} must be text.`,
      minLength: `${title} is required.`,
      maxLength: `${title} can be at most ${maxLength} characters long.`,
      pattern:
        pattern === POSTAL_CHARS
          ? `${title} can only contain letters, digits, spaces and dashes.`
          : `${title} can only contain letters, digits, spaces and . / - characters.`,
    },
    ui: { 'ui:autocomplete': 'off' },
    required: true,
    normalize: 'trim',
  };
}

/** A bank detail checked by formats that each fail only for their own problem (bankDetails.ts). */
function bankRule(
  title: string,
  rule: FieldRuleName,
  checks: readonly { format: string; message: string }[],
  extra: Pick<JsonSchema, 'pattern'> & { patternMessage?: string } = {},
): Rule {
  const { patternMessage, ...schemaExtra } = extra;
  return {
    rule,
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: 50,
      ...schemaExtra,
      ...(checks.length > 0
        ? {
            allOf: checks.map(({ format, message }) => ({
              format,
              errorMessage: { format: message },
            })),
          }
        : {}),
    },
    messages: {
      type: `${title} must be text.`,
      minLength: `${title} is required.`,
      maxLength: `${title} can be at most 50 characters long.`,
      ...(patternMessage ? { pattern: patternMessage } : {}),
    },
    ui: { 'ui:autocomplete': 'off' },
    required: true,
    normalize: 'bankCode',
  };
}

function ibanRule(title: string, country: string): Rule {
  return withUi(
    bankRule(
      title,
      'bankAccountNumber',
      IBAN_PROBLEMS.map((problem) => ({
        format: ibanFormat(country, problem),
        message: ibanMessage(problem, country),
      })),
    ),
    { 'ui:help': `An IBAN from ${country} (${ibanLength(country) ?? ''} characters)` },
  );
}

function digitsRule(title: string, rule: FieldRuleName, min: number, max: number, what: string) {
  const count = min === max ? `${min}` : `${min} to ${max}`;
  return bankRule(title, rule, [], {
    pattern: `^[0-9]{${min},${max}}$`,
    patternMessage: `${what} has ${count} digits.`,
  });
}

/** The account number: an IBAN where the PSP says so or the country pays to IBANs, else local. */
function accountNumberRule(title: string, ctx: FieldRuleContext): Rule {
  const country = ctx.country;
  if (country !== undefined && ibanLength(country) !== undefined) {
    if (/\biban\b/i.test(title) || usesIbanByDefault(country)) return ibanRule(title, country);
  }
  const local = country === undefined ? undefined : LOCAL_ACCOUNT_DIGITS[country];
  if (country !== undefined && local) {
    return digitsRule(title, 'bankAccountNumber', local.min, local.max, local.name);
  }
  return code(title, 50, 'bankAccountNumber', CODE_CHARS);
}

/** A routing number or bank code: ABA in the US, sort code or BSB, a BIC where the title says. */
function bankCodeRule(title: string, ctx: FieldRuleContext, fieldName: string): Rule {
  const country = ctx.country;
  if (country === undefined) return code(title, 35, 'bankCode', CODE_CHARS);
  if (/\b(bic|swift)\b/i.test(title) && hasBicFormat(country)) {
    return bankRule(
      title,
      'bankCode',
      BIC_PROBLEMS.map((problem) => ({
        format: bicFormat(country, problem),
        message: bicMessage(problem, country),
      })),
    );
  }
  const routing = fieldName === 'bankRoutingNumber' || /\b(routing|sort|bsb|aba)\b/i.test(title);
  if (routing && country === 'US') {
    return bankRule(
      title,
      'bankCode',
      [{ format: ABA_CHECKSUM_FORMAT, message: abaMessage('checksum') }],
      {
        pattern: '^[0-9]{9}$',
        patternMessage: abaMessage('shape'),
      },
    );
  }
  const local = LOCAL_BANK_CODE_DIGITS[country];
  if (routing && local) {
    return digitsRule(title, 'bankCode', local.digits, local.digits, local.name);
  }
  return code(title, 35, 'bankCode', CODE_CHARS);
}

function withUi(rule: Rule, ui: UiSchema): Rule {
  return { ...rule, ui: { ...rule.ui, ...ui } };
}

function integerRule(title: string): Rule {
  return {
    rule: 'integer',
    schema: { type: 'integer' },
    messages: { type: `${title} must be a whole number.` },
    ui: { 'ui:inputMode': 'numeric' },
    required: true,
    normalize: 'none',
  };
}

function numberRule(title: string): Rule {
  return {
    rule: 'number',
    schema: { type: 'number' },
    messages: { type: `${title} must be a number.` },
    ui: { 'ui:inputMode': 'decimal' },
    required: true,
    normalize: 'none',
  };
}

function emailRule(): Rule {
  const message = 'Enter a valid e-mail address, e.g. name@example.com.';
  return {
    rule: 'email',
    schema: { type: 'string', format: 'email', maxLength: 254 },
    messages: {
      type: message,
      format: message,
      maxLength: 'An e-mail address has at most 254 characters.',
    },
    ui: { 'ui:autocomplete': 'email', 'ui:inputType': 'email' },
    required: true,
    normalize: 'trim',
  };
}

export const PHONE_HELP = 'International format, e.g. +32470123456';

function phoneRule(): Rule {
  const message =
    'Enter the phone number in international format: + and the country code, digits only, e.g. +32470123456.';
  return {
    rule: 'phone',
    schema: { type: 'string', format: INTERNATIONAL_PHONE_FORMAT },
    messages: { type: message, format: message },
    ui: { 'ui:autocomplete': 'tel', 'ui:inputType': 'tel', 'ui:help': PHONE_HELP },
    required: true,
    normalize: 'phone',
  };
}

const NAME_RULES: Readonly<Record<string, (title: string, ctx: FieldRuleContext) => Rule>> = {
  email: () => emailRule(),
  phone: () => phoneRule(),
  expiryMonth: () => {
    const message = 'Enter the expiry month as a number from 1 to 12.';
    return {
      rule: 'expiryMonth',
      schema: { type: 'integer', minimum: 1, maximum: 12 },
      messages: { type: message, minimum: message, maximum: message },
      ui: { 'ui:autocomplete': 'cc-exp-month', 'ui:inputMode': 'numeric', 'ui:placeholder': 'MM' },
      required: true,
      normalize: 'none',
    };
  },
  expiryYear: (_title, ctx) => {
    const first = ctx.now ? ctx.now.getUTCFullYear() : 2000;
    const last = ctx.now ? first + 20 : 2099;
    const range = `Enter the expiry year with 4 digits, from ${first} to ${last}.`;
    return {
      rule: 'expiryYear',
      schema: { type: 'integer', minimum: first, maximum: last },
      messages: {
        type: range,
        minimum: ctx.now
          ? `The card has expired: the expiry year must be ${first} or later.`
          : range,
        maximum: range,
      },
      ui: { 'ui:autocomplete': 'cc-exp-year', 'ui:inputMode': 'numeric', 'ui:placeholder': 'YYYY' },
      required: true,
      normalize: 'none',
    };
  },
  creditCardNumber: () => {
    const length = 'A card number has 12 to 19 digits.';
    return {
      rule: 'creditCardNumber',
      schema: {
        type: 'string',
        minLength: 12,
        maxLength: 19,
        pattern: '^[0-9]+$',
        format: LUHN_CARD_NUMBER_FORMAT,
      },
      messages: {
        type: 'Enter the card number.',
        minLength: length,
        maxLength: length,
        pattern: 'Enter the card number with digits only.',
        format: 'This card number is not valid: check it for a typo.',
      },
      // Not a password widget: the number is masked on review, after it has been checked.
      ui: { 'ui:autocomplete': 'cc-number', 'ui:inputMode': 'numeric' },
      required: true,
      normalize: 'cardNumber',
    };
  },
  creditCardToken: (title) => ({
    rule: 'creditCardToken',
    schema: { type: 'string', maxLength: 512, default: '' },
    messages: {
      type: `${title} must be text.`,
      maxLength: `${title} can be at most 512 characters long.`,
    },
    ui: { 'ui:autocomplete': 'off', 'ui:help': 'Leave empty when you enter the card number.' },
    required: false,
    emptyValue: '',
    normalize: 'trim',
  }),
  cardHolderName: (title) =>
    withUi(text(title, 100, 'personName'), { 'ui:autocomplete': 'cc-name' }),
  customerFirstName: (title) =>
    withUi(text(title, 100, 'personName'), { 'ui:autocomplete': 'given-name' }),
  customerLastName: (title) =>
    withUi(text(title, 100, 'personName'), { 'ui:autocomplete': 'family-name' }),
  bankAccountName: (title) => text(title, 140, 'personName'),
  bankName: (title) => text(title, 140),
  bankBranch: (title) => text(title, 140),
  bankAddress: (title) => text(title, 255),
  bankCode: (title, ctx) => bankCodeRule(title, ctx, 'bankCode'),
  bankRoutingNumber: (title, ctx) => bankCodeRule(title, ctx, 'bankRoutingNumber'),
  // IBANs (34 characters, often typed in groups of 4) and local formats with dashes all fit.
  bankAccountNumber: (title, ctx) => accountNumberRule(title, ctx),
  bankZipcode: (title) => code(title, 16, 'postalCode', POSTAL_CHARS),
  walletAddress: (_title, ctx) => {
    const message = `Enter a valid ${ctx.currency || 'wallet'} address, exactly as the recipient gave it${walletAddressShape(ctx.currency)}.`;
    return {
      rule: 'walletAddress',
      schema: { type: 'string', maxLength: 128, format: walletAddressFormat(ctx.currency) },
      messages: {
        type: message,
        format: message,
        maxLength: 'A wallet address has at most 128 characters.',
      },
      ui: { 'ui:autocomplete': 'off' },
      required: true,
      normalize: 'trim',
    };
  },
};

/** The field names that have their own rule, for documentation and tests. */
export const KNOWN_FIELD_NAMES: readonly string[] = /* @__PURE__ */ Object.keys(NAME_RULES);

// In a module of its own: the pages that only label details (a payout's, a saved beneficiary's)
// import the titles without the rules, and so without libphonenumber's metadata.
export { KNOWN_FIELDS } from './knownFields.js';

function applyTypeHint(rule: Rule, type: ProviderField['type'], title: string): Rule {
  const isString = rule.schema.type === 'string';
  switch (type) {
    case 'integer':
      return rule.schema.type === 'integer' ? rule : { ...integerRule(title), ui: rule.ui };
    case 'number':
      return rule.schema.type === 'number' ? rule : { ...numberRule(title), ui: rule.ui };
    case 'email':
      return rule.rule === 'email' ? rule : emailRule();
    case 'phone':
      return rule.rule === 'phone' ? rule : phoneRule();
    case 'string':
      // A string-typed known field keeps its string rule (an e-mail stays an e-mail).
      return isString ? rule : { ...text(title, 255), ui: {} };
    default:
      return rule;
  }
}

/** Resolves one provider field (see the module comment for the rules and how hints win). */
export function resolveField(field: ProviderField, ctx: FieldRuleContext): ResolvedField {
  const title =
    typeof field.title === 'string' && field.title.trim() !== ''
      ? field.title.trim()
      : humanizeFieldName(field.name);
  const byName = Object.hasOwn(NAME_RULES, field.name) ? NAME_RULES[field.name] : undefined;
  const base = byName ? byName(title, ctx) : text(title, 255);
  let rule = base;
  if (field.type !== undefined) rule = applyTypeHint(rule, field.type, title);
  if (Array.isArray(field.options) && field.options.length > 0) {
    rule = applyOptions(rule, field.options, title);
  } else {
    rule = applyLengthAndPattern(rule, field, title);
  }
  if (typeof field.required === 'boolean' && field.required !== rule.required) {
    rule = { ...rule, required: field.required };
  }
  const hinted = rule !== base;
  const schema: JsonSchema = { ...rule.schema, title };
  if (Object.keys(rule.messages).length > 0) schema.errorMessage = rule.messages;
  return {
    name: field.name,
    title,
    rule: rule.rule,
    hinted,
    required: rule.required,
    ...(rule.emptyValue !== undefined && !rule.required && acceptsEmpty(schema)
      ? { emptyValue: rule.emptyValue }
      : {}),
    normalize: rule.normalize,
    sensitive: isSensitiveField(field.name),
    schema,
    ui: rule.ui,
  };
}

/** The value as it is validated and sent: trimmed, card number, phone and bank codes compacted. */
export function normalizeFieldValue(
  field: Pick<ResolvedField, 'normalize'>,
  value: unknown,
): unknown {
  if (typeof value !== 'string') return value;
  switch (field.normalize) {
    case 'trim':
      return value.trim();
    case 'cardNumber':
      return normalizeCardNumber(value.trim());
    case 'phone':
      return normalizePhone(value.trim());
    case 'bankCode':
      return compactBankValue(value);
    case 'none':
      return value;
  }
}
