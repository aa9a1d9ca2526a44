/**
 * Card numbers inside free text: found to be masked (logs, upstream messages) or refused (a card
 * number typed into a name or an address would be stored, searched and exported in full).
 */
import { isIssuedCardNumber, luhnValid } from './card.js';

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

/** A UUID anywhere in a text (8-4-4-4-12 hex digits), whatever its case. */
const UUID_ANYWHERE = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * What a card number can hide behind when pasted: compatibility forms (full-width `４１１１`,
 * superscripts) become plain digits under NFKC, and format characters (zero-width space and
 * joiners, soft hyphen, byte-order mark, direction marks) are dropped.
 */
function normalizeForCardSearch(text: string): string {
  return text.normalize('NFKC').replace(/\p{Cf}/gu, '');
}

/**
 * Values that are identifiers made of letters and digits, where digit runs are part of the
 * identifier and not a card glued to a word: an IBAN (two letters, two check digits, 11 to 30
 * letters and digits, grouped or not) and long single tokens such as wallet addresses and
 * payment hashes (26 or more letters and digits, no space).
 */
function identifierShaped(text: string): boolean {
  const trimmed = text.trim();
  const compact = trimmed.replace(/ /g, '');
  if (/^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/.test(compact)) return true;
  return /^[A-Za-z0-9]{26,}$/.test(trimmed) && /[A-Za-z]/.test(trimmed);
}

/**
 * What may join the digit groups of one typed number: one to three spaces or punctuation and
 * symbol characters (`4111 1111 1111 1111`, `4111-1111-1111-1111`, `4111.1111.1111.1111`,
 * `4111 / 1111 / ...`), but not `+`, which starts a phone number.
 */
const GROUP_JOIN = /^[\s\p{P}\p{S}]{1,3}$/u;

interface DigitGroup {
  digits: string;
  start: number;
  end: number;
}

/** The runs of digit groups in `text` that are joined by separators only. */
function digitRuns(text: string): DigitGroup[][] {
  const runs: DigitGroup[][] = [];
  let run: DigitGroup[] = [];
  for (const match of text.matchAll(/[0-9]+/g)) {
    const group = { digits: match[0], start: match.index, end: match.index + match[0].length };
    const previous = run.at(-1);
    const gap = previous === undefined ? '' : text.slice(previous.end, group.start);
    if (previous !== undefined && !(GROUP_JOIN.test(gap) && !gap.includes('+'))) {
      runs.push(run);
      run = [];
    }
    run.push(group);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * True when `text` holds what can only be a card number: consecutive digit groups, typed whole,
 * grouped any way, joined by spaces or punctuation, or glued to letters (`INV` and the digits),
 * whose 13 to 19 digits are an issued card's (`isIssuedCardNumber`: a brand's leading digits and
 * length, and the Luhn check). The text is normalised first (`normalizeForCardSearch`). Left out:
 * a run after `+` (an international phone number: `+4915112345678` passes the Luhn check and
 * starts with a 4) and identifier-shaped values (`identifierShaped`: IBANs, wallet addresses).
 */
export function containsCardNumber(text: string): boolean {
  // A UUID's hex groups, joined by dashes, can spell a Luhn-valid card-length run: ids, not cards.
  const normalized = normalizeForCardSearch(text).replace(UUID_ANYWHERE, ' ');
  if (identifierShaped(normalized)) return false;
  for (const run of digitRuns(normalized)) {
    if (normalized.charAt(run[0]!.start - 1) === '+') continue;
    for (let first = 0; first < run.length; first += 1) {
      let digits = '';
      for (let last = first; last < run.length && digits.length < 19; last += 1) {
        digits += run[last]!.digits;
        if (digits.length >= 13 && isIssuedCardNumber(digits)) return true;
      }
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
