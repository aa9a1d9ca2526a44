/**
 * The shapes every layer checks the same way: the API's query parsing (zod, in the BFF), the
 * repositories (before a value reaches a `uuid` column) and the SPA (before a value reaches a URL).
 * JSON Schemas take the `*_PATTERN` strings; code takes the `*_RE` expressions. Decimal amounts:
 * `DECIMAL_STRING_PATTERN` / `DECIMAL_STRING_RE` in money.ts.
 */

/** A UUID in its canonical 8-4-4-4-12 form, any case (the ids of payouts and users). */
export const UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const UUID_RE = new RegExp(UUID_PATTERN);

/** ISO 3166-1 alpha-2, upper case. Whether it names a real country is `isCountryCode`'s job. */
export const COUNTRY_CODE_PATTERN = '^[A-Z]{2}$';
export const COUNTRY_CODE_RE = new RegExp(COUNTRY_CODE_PATTERN);

/**
 * An ISO 4217 code or a crypto code (BTC, USDT, ...), upper case: 2 to 10 letters and digits,
 * starting with a letter. Whether the merchant pays out in it is the corridor check's job.
 */
export const CURRENCY_CODE_PATTERN = '^[A-Z][A-Z0-9]{1,9}$';
export const CURRENCY_CODE_RE = new RegExp(CURRENCY_CODE_PATTERN);
