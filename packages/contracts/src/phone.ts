/**
 * Phone numbers in international (E.164) form: `+`, the country calling code and the national
 * number, digits only.
 *
 * Validation uses libphonenumber-js with its "min" metadata (about 80 kB raw, 20 kB gzipped in the
 * bundle): it checks the country calling code, the possible lengths and leading digits of each
 * country's numbers. The "max" metadata (+65 kB raw) would also match every digit against each
 * country's number ranges; we do not take it because it refuses newly assigned ranges until the
 * library is updated, and a payout should not be blocked by a stale table. The PSP remains the
 * judge of whether the number exists.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';

const E164_RE = /^\+[1-9][0-9]{1,14}$/;

/** `+` and 2 to 15 digits (E.164), valid for the country its calling code names. */
export function isInternationalPhone(s: string): boolean {
  return E164_RE.test(s) && isValidPhoneNumber(s);
}

/**
 * What people type turned into the E.164 form the orchestrator takes: spaces, dots, dashes and
 * parentheses removed, a leading `00` read as `+` (`"0032 470 12 34 56"` -> `"+32470123456"`).
 * Anything else is left for validation to refuse.
 */
export function normalizePhone(s: string): string {
  const compact = s.replace(/[\s().-]+/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}
