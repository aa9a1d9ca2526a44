import {
  isSafePattern,
  PROVIDER_FIELD_TYPES,
  type PayoutProviders,
  type ProviderField,
  type ProviderFieldType,
} from '@payouts/contracts';
import { normalizePayoutMethodType } from '../normalize/normalizePayoutMethodType.js';
import { ReplyReader } from './ReplyReader.js';
import { ReplyShapeError } from './ReplyShapeError.js';

/**
 * `result: { providers: [{ name, title, payout_method_type, fields: [{ name, title, ...hints }] }] }`,
 * read entry by entry. An entry we cannot use (a payout method type we do not support, such as
 * an e-wallet; no name; fields that are not objects) is left out and listed in `unsupported`
 * with its raw type: one odd PSP must not take the rest of the corridor down. The optional
 * field hints are kept only when well-formed, because consumers fall back to field-name rules
 * without them.
 */
export function readPayoutProviders(result: unknown): PayoutProviders {
  const entries = ReplyReader.of(result, 'result').array('providers');
  const out: PayoutProviders = { providers: [], unsupported: [] };
  entries.forEach((entry, i) => {
    const raw = (key: string): string | null => {
      const v: unknown =
        entry !== null && typeof entry === 'object'
          ? (entry as Record<string, unknown>)[key]
          : null;
      return typeof v === 'string' ? v.slice(0, 200) : null;
    };
    try {
      const p = ReplyReader.of(entry, `result.providers[${i}]`);
      const typeRaw = p.string('payout_method_type');
      const type = normalizePayoutMethodType(typeRaw);
      if (type === undefined) {
        out.unsupported.push({
          name: raw('name'),
          title: raw('title'),
          payout_method_type: typeRaw.slice(0, 200),
          reason: `type not supported: ${typeRaw.slice(0, 60)}`,
        });
        return;
      }
      out.providers.push({
        name: p.string('name'),
        title: p.has('title') ? p.string('title') : p.string('name'),
        payout_method_type: type,
        fields: (p.has('fields') ? p.array('fields') : []).map((f, j) =>
          readField(ReplyReader.of(f, `${p.path}.fields[${j}]`)),
        ),
      });
    } catch (error) {
      if (!(error instanceof ReplyShapeError)) throw error;
      out.unsupported.push({
        name: raw('name'),
        title: raw('title'),
        payout_method_type: raw('payout_method_type'),
        reason: error.message,
      });
    }
  });
  return out;
}

function readField(f: ReplyReader): ProviderField {
  const field: ProviderField = {
    name: f.string('name'),
    title: f.has('title') ? f.string('title') : f.string('name'),
  };
  const type = optional(() => f.optionalString('type'));
  if (type !== null && type !== undefined && isFieldType(type)) field.type = type;
  const required = optional(() => f.optionalBoolean('required'));
  if (typeof required === 'boolean') field.required = required;
  const pattern = optional(() => f.optionalString('pattern'));
  // Kept only if RE2 runs it (linear time) as well as JavaScript: everything downstream matches
  // patterns with RE2, and a lookaround or backreference would be dropped there anyway.
  if (typeof pattern === 'string' && isSafePattern(pattern)) field.pattern = pattern;
  const minLength = optional(() => f.optionalInteger('min_length'));
  if (typeof minLength === 'number' && minLength >= 0) field.min_length = minLength;
  const maxLength = optional(() => f.optionalInteger('max_length'));
  if (typeof maxLength === 'number' && maxLength >= 0) field.max_length = maxLength;
  const options = optional(() => (f.has('options') ? readOptions(f) : null));
  if (options !== null && options !== undefined) field.options = options;
  return field;
}

function readOptions(f: ReplyReader): { value: string; title: string }[] {
  return f.array('options').map((o, k) => {
    const option = ReplyReader.of(o, `${f.path}.options[${k}]`);
    const value = option.id('value');
    return { value, title: option.optionalString('title') ?? value };
  });
}

/** A malformed hint is dropped (undefined), not an error. */
function optional<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof ReplyShapeError) return undefined;
    throw error;
  }
}

function isFieldType(value: string): value is ProviderFieldType {
  return (PROVIDER_FIELD_TYPES as readonly string[]).includes(value);
}
