/**
 * The BFF's (and anyone's) check of a payout against its corridor's form: tidy the typed values
 * the way the form does (trim, compact card number and phone), then validate against
 * `form.schema`, then answer either the tidied payout or `{ pointer, message }` per field.
 */
import { ajvErrorsToFieldErrors, compileSchema } from './contractsAjv.js';
import { isPlainObject, normalizePayout } from './normalizePayout.js';
import type { PayoutForm } from './payoutForm.js';
import {
  PAYOUT_FORM_FIELD_ORDER,
  type FieldError,
  type PayoutMethodType,
  type PayoutRequest,
  type ValidationResult,
} from './types.js';

export { normalizePayout };

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
