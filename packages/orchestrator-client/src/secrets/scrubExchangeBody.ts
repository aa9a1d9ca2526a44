import { luhnValid, maskCardNumber } from '@payouts/contracts';
import { toPlainJson } from '../json/toPlainJson.js';
import { REDACTED } from './redactGenericSecrets.js';

const CARD_NUMBER_KEY = /^(?:credit_?card_?number|card_?number|card_?no|pan)$/i;
const CVV_KEY = /^(?:cvv2?|cvc2?|cvn)$/i;
const CREDENTIAL_KEY =
  /(?:password|passwd|secret|api_?key|access_?token|refresh_?token|authorization|token|cashier_?key)$/i;

// A run of 13-19 digits (maybe grouped by spaces). Not 12: a UUID's last group may be 12
// digits, and UUIDs (the orchestrator's ids) must survive.
const STANDALONE_CARD_RUN = /(?<!\d)(?:\d ?){12,18}\d(?!\d)/g;

/** Luhn-valid standalone digit runs masked 6+4: a card number a PSP echoes in free text. */
export function maskCardRuns(text: string): string {
  return text.replace(STANDALONE_CARD_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    return luhnValid(digits) ? maskCardNumber(digits) : run;
  });
}

/**
 * A request or reply body as the lab may show it: card numbers under card keys masked 6+4
 * (contracts' `maskCardNumber`, as the ledger stores them), CVVs left out, credentials and
 * tokens `[redacted]` (blank ones kept, so an empty token still shows as sent), every other
 * string through `scrubString` (known secrets, Luhn-valid digit runs). Lossless numbers become
 * plain JSON.
 */
export function scrubExchangeBody(value: unknown, scrubString: (text: string) => string): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrubString(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(v)) {
        const k = key.replace(/[\s-]/g, '_');
        if (CVV_KEY.test(k)) continue;
        if (CARD_NUMBER_KEY.test(k) && (typeof inner === 'string' || typeof inner === 'number')) {
          out[key] = maskCardNumber(String(inner));
        } else if (CREDENTIAL_KEY.test(k)) {
          out[key] = inner === '' || inner === null ? inner : REDACTED;
        } else {
          out[key] = walk(inner);
        }
      }
      return out;
    }
    return v;
  };
  return walk(toPlainJson(value));
}
