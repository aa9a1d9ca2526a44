/**
 * The e-mail check our schemas make with `format: "email"` (ajv-formats' "full" mode, which
 * `createContractsAjv` and RJSF's validator both register), as a plain predicate for code that
 * checks an address without a schema. A dot-atom local part and a dotted host name; deliberately
 * not RFC 5322 in full (no quoted local parts, no IP literals, no internationalized addresses).
 * A test holds it to ajv's format, so an ajv-formats upgrade that changes the rule is noticed.
 *
 * Length is a separate rule: an e-mail field of a payout form also has `maxLength` 254 (the
 * longest address SMTP carries), which a PSP's `max_length` hint may replace.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Whether `s` passes the `email` format of our schemas (any length; see the module comment). */
export function isEmailAddress(s: string): boolean {
  return EMAIL.test(s);
}
