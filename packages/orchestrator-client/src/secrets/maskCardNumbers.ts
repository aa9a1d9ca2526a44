import { luhnValid } from '@payouts/contracts';

/**
 * Card-number-like digit runs: 12 to 19 digits, optionally grouped by single spaces or dashes
 * (`4111 1111 1111 1111`), not part of a longer digit run.
 */
const CARD_LIKE_RUN = /(?<![\d])(?:\d[ -]?){11,18}\d(?![\d])/g;

export interface MaskCardNumbersOptions {
  /**
   * Only mask runs that pass the Luhn check. Used on data (PSP payloads) where long numeric ids
   * must survive; error messages mask every run because exactness does not matter there.
   */
  luhnOnly?: boolean;
}

/**
 * Replaces card-number-like digit runs by a mask that keeps at most the last four digits.
 * Not contracts' `maskCardNumber`: that one masks a value known to be a card number, for display,
 * and keeps the BIN (first 6 + last 4). This one scrubs free text (PSP payloads, upstream error
 * messages) for logs and errors, where revealing the least is the point.
 */
export function maskCardNumbers(text: string, options: MaskCardNumbersOptions = {}): string {
  return text.replace(CARD_LIKE_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19) return run;
    if (options.luhnOnly === true && !luhnValid(digits)) return run;
    return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  });
}
