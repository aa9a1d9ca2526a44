import { REDACTED } from './redactGenericSecrets.js';

// Keys whose values are never passed on, whatever they hold.
const SENSITIVE_KEY =
  /^(?:cvv2?|cvc2?|cvn|card_?(?:number|no|pan)|credit_?card_?number|pan|password|passwd|secret|api_?key|access_?token|authorization)$/i;

/**
 * Deep-copies a pass-through payload (e.g. `psp_response_json`) with values under sensitive
 * keys replaced by `[redacted]` and every string run through `scrubString`. PSPs echo card
 * data in their raw responses; the back-office must never show a full card number.
 */
export function scrubPayload(value: unknown, scrubString: (text: string) => string): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (Array.isArray(value)) return value.map((v) => scrubPayload(v, scrubString));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SENSITIVE_KEY.test(key.replace(/[\s-]/g, '_'))
        ? REDACTED
        : scrubPayload(inner, scrubString);
    }
    return out;
  }
  return value;
}
