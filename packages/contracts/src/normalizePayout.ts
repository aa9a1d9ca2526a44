/**
 * Tidying a payout's typed values the way the form does, before validation. A module of its own,
 * apart from the validator: the wizard uses it without pulling in ajv and RE2 (the validator's
 * static imports), which pages that build a validator (batch files) would otherwise share with it.
 */
import { normalizeFieldValue } from './fieldRules.js';
import type { PayoutForm } from './payoutForm.js';
import type { PayoutRequest } from './types.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
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
