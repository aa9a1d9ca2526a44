/**
 * Card numbers inside free text: found to be masked (logs, upstream messages) or refused (a card
 * number typed into a name or an address would be stored, searched and exported in full).
 */
import { luhnValid } from './card.js';

/**
 * Card-number-like digit runs: 12 to 19 digits, optionally grouped by single spaces or dashes
 * (`4111 1111 1111 1111`), not part of a longer unbroken digit run.
 */
const CARD_LIKE_RUN = /(?<!\d)(?:\d[ -]?){11,18}\d(?!\d)/g;

interface CardLikeRun {
  /** The run as written, separators included. */
  text: string;
  /** Its digits alone (12 to 19). */
  digits: string;
  /** Where it starts in the searched text. */
  index: number;
}

function toRun(text: string, index: number): CardLikeRun {
  return { text, digits: text.replace(/\D/g, ''), index };
}

/** `text` with every card-like run replaced by what `replace` returns for it. */
function replaceCardLikeRuns(text: string, replace: (run: CardLikeRun) => string): string {
  return text.replace(CARD_LIKE_RUN, (run: string, index: number) => replace(toRun(run, index)));
}

export interface MaskCardNumbersOptions {
  /**
   * Only mask runs that pass the Luhn check. Used on data (PSP payloads) where long numeric ids
   * must survive; error messages mask every run because exactness does not matter there.
   */
  luhnOnly?: boolean;
}

/**
 * Replaces card-number-like digit runs (12 to 19 digits, maybe grouped by single spaces or dashes)
 * by a mask that keeps at most the last four digits.
 * Not `maskCardNumber`: that one masks a value known to be a card number, for display, and keeps
 * the BIN (first 6 + last 4). This one scrubs free text (PSP payloads, upstream error messages,
 * logged URLs) for logs and errors, where revealing the least is the point.
 */
export function maskCardNumbers(text: string, options: MaskCardNumbersOptions = {}): string {
  return replaceCardLikeRuns(text, ({ text: run, digits }) => {
    if (options.luhnOnly === true && !luhnValid(digits)) return run;
    return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  });
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const SEPARATOR = /[ -]/;
const DECIMAL_MARK = /[.,]/;
const DIGIT = /[0-9]/;

/**
 * Whether the run stands alone, as a typed card number does. Not when it is glued to a word (an
 * IBAN's `DE89 3704 ...`, a reference `INV4111...`), follows a `+` (an international phone number
 * such as `+4915112345678`, whose 13 digits pass the Luhn check), is part of a longer grouped run
 * (`1234 5678 9012 3456 7890`) or of a decimal number (`1234567890123.45`).
 */
function standsAlone(text: string, run: CardLikeRun): boolean {
  const before = text.charAt(run.index - 1);
  const beforeThat = text.charAt(run.index - 2);
  const end = run.index + run.text.length;
  const after = text.charAt(end);
  const afterThat = text.charAt(end + 1);
  if (before === '+' || WORD_CHAR.test(before) || WORD_CHAR.test(after)) return false;
  if ((SEPARATOR.test(before) || DECIMAL_MARK.test(before)) && DIGIT.test(beforeThat)) return false;
  if ((SEPARATOR.test(after) || DECIMAL_MARK.test(after)) && DIGIT.test(afterThat)) return false;
  return true;
}

/**
 * Whether the run is grouped as cards are printed and typed: whole, in fours (the last group
 * shorter), or 4-6-5 / 4-6-4 (American Express, Diners). Dates and references joined by dashes
 * (`2025-01-01-123456`, `PO-20250101-123456`) are not.
 */
function groupedLikeACard(run: CardLikeRun): boolean {
  const sizes = run.text.split(/[ -]/).map((group) => group.length);
  if (sizes.length === 1) return true;
  if (sizes.length === 3 && sizes[0] === 4 && sizes[1] === 6) return true;
  return sizes.slice(0, -1).every((size) => size === 4) && sizes.at(-1)! <= 4;
}

/**
 * True when `text` holds what can only be a card number: a run of 13 to 19 digits, typed whole or
 * grouped by single spaces or dashes as on a card (`4111 1111 1111 1111`, `4111-1111-1111-1111`,
 * `3782 822463 10005`), that passes the Luhn check, does not start with 0 (no payment card does; a
 * phone number in `00` form or a national account number may) and stands alone (`standsAlone`).
 */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_LIKE_RUN)) {
    const run = toRun(match[0], match.index);
    if (
      run.digits.length >= 13 &&
      !run.digits.startsWith('0') &&
      groupedLikeACard(run) &&
      standsAlone(text, run) &&
      luhnValid(run.digits)
    ) {
      return true;
    }
  }
  return false;
}

/** The message for a free-text field that holds a card number. */
export const CARD_NUMBER_IN_TEXT_MESSAGE =
  'Looks like a card number: card numbers go only in the card number field.';

/**
 * The fields where a number shaped like a card number belongs, by exact name: the payout's card
 * number and token (a network token is a Luhn-valid 16-digit number by design), the card deposit's
 * card number, and the bank account number (national account numbers run to 18 digits, and one in
 * ten of those passes the Luhn check). All of them are masked wherever they are shown or stored
 * (`maskFieldValue`); every other text field is refused when `containsCardNumber` says so.
 */
export const CARD_NUMBER_FIELD_NAMES: ReadonlySet<string> = new Set([
  'creditCardNumber',
  'creditCardToken',
  'credit_card_number',
  'bankAccountNumber',
]);
