/**
 * The BFF's (and anyone's) check of a payout against its corridor's form: tidy the typed values
 * the way the form does (trim, compact card number and phone), then validate against
 * `form.schema`, then answer either the tidied payout or `{ pointer, message }` per field.
 */
import { ajvErrorsToFieldErrors, compileSchema } from './contractsAjv.js';
import { normalizeFieldValue } from './fieldRules.js';
import type { PayoutForm } from './payoutForm.js';
import {
  PAYOUT_FORM_FIELD_ORDER,
  type FieldError,
  type PayoutMethodType,
  type PayoutRequest,
  type ValidationResult,
} from './types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The payout with its values tidied as they will be validated and sent: surrounding spaces
 * trimmed, the card number without spaces or dashes, the phone in E.164 form; an optional field
 * left blank (`null`, `""` or only spaces) is dropped (or sent as `""` when the PSP takes an
 * empty value, like creditCardToken).
 * Anything that is not shaped like a payout is returned as it is, for validation to refuse.
 */
export function normalizePayout(form: PayoutForm, input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      (key === 'order_id' || key === 'amount') && typeof value === 'string' ? value.trim() : value,
    ]),
  );
  const { payout_method_type: type, provider, metadata } = out;
  if (typeof type !== 'string' || typeof provider !== 'string' || !isPlainObject(metadata)) {
    return out;
  }
  const section = form.section(type as PayoutRequest['payout_method_type'], provider);
  if (!section) return out;
  const fields = new Map(section.fields.map((f) => [f.name, f]));
  const entries: [string, unknown][] = [];
  for (const [name, raw] of Object.entries(metadata)) {
    const field = fields.get(name);
    if (!field) {
      entries.push([name, raw]);
      continue;
    }
    const value = normalizeFieldValue(field, raw);
    // Left blank: whatever the field's type, nothing, `null` or only spaces (numbers are not
    // trimmed, so their spaces are caught here) is no value.
    if (!field.required && isBlank(value)) {
      if (field.emptyValue !== undefined) entries.push([name, field.emptyValue]);
      continue;
    }
    entries.push([name, value]);
  }
  for (const field of section.fields) {
    if (field.emptyValue !== undefined && !Object.hasOwn(metadata, field.name)) {
      entries.push([field.name, field.emptyValue]);
    }
  }
  out.metadata = Object.fromEntries(entries);
  return out;
}

const TOP_LEVEL_ORDER: readonly string[] = PAYOUT_FORM_FIELD_ORDER;

/** Errors in the order the form shows its fields, so the first error is the first field to fix. */
function inFormOrder(form: PayoutForm, value: unknown, errors: FieldError[]): FieldError[] {
  const payout = isPlainObject(value) ? value : {};
  const section =
    typeof payout.payout_method_type === 'string' && typeof payout.provider === 'string'
      ? form.section(payout.payout_method_type as PayoutMethodType, payout.provider)
      : undefined;
  const metadataOrder = section?.fields.map((f) => f.name) ?? [];
  const position = (pointer: string): number => {
    const [, top = '', field] = pointer.split('/');
    const topIndex = TOP_LEVEL_ORDER.indexOf(top);
    const base = (topIndex === -1 ? TOP_LEVEL_ORDER.length : topIndex) * 1000;
    if (top !== 'metadata' || field === undefined) return base;
    const fieldIndex = metadataOrder.indexOf(field.replace(/~1/g, '/').replace(/~0/g, '~'));
    return base + 1 + (fieldIndex === -1 ? 998 : fieldIndex);
  };
  return errors
    .map((error, index) => ({ error, index, at: position(error.pointer) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ error }) => error);
}

export type PayoutValidator = (input: unknown) => ValidationResult<PayoutRequest>;

/** A validator for payouts of this form's corridor (compiled once, cached by schema content). */
export function createPayoutValidator(form: PayoutForm): PayoutValidator {
  const validate = compileSchema(form.schema);
  return (input) => {
    const value = normalizePayout(form, input);
    if (validate(value)) return { ok: true, value: value as PayoutRequest };
    const errors = ajvErrorsToFieldErrors(validate.errors, form.schema);
    return { ok: false, errors: inFormOrder(form, value, errors) };
  };
}

/** Validates one payout against its corridor's form; see `createPayoutValidator`. */
export function validatePayout(form: PayoutForm, input: unknown): ValidationResult<PayoutRequest> {
  return createPayoutValidator(form)(input);
}
