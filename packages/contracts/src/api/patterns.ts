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

/**
 * The instants a query may name: years 1 to 9999, where PostgreSQL's timestamps and
 * JavaScript's ISO strings agree (year 0 and year 10000 are errors in one or the other).
 */
export const EARLIEST_INSTANT = new Date('0001-01-01T00:00:00.000Z');
export const LATEST_INSTANT = new Date('9999-12-31T23:59:59.999Z');

export function isStorableInstant(date: Date): boolean {
  const time = date.getTime();
  return time >= EARLIEST_INSTANT.getTime() && time <= LATEST_INSTANT.getTime();
}

/** An instant as the BFF writes it (`Date#toISOString`, UTC), inside the storable range. */
const ISO_UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The instant `text` names when it is exactly an ISO UTC instant we could have written. */
export function parseIsoInstant(text: string): Date | undefined {
  if (!ISO_UTC_INSTANT.test(text)) return undefined;
  const date = new Date(text);
  return isStorableInstant(date) && date.toISOString() === text ? date : undefined;
}
