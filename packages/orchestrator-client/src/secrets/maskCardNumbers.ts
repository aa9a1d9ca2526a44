import { luhnValid, replaceCardLikeRuns } from '@payouts/contracts';

export interface MaskCardNumbersOptions {
  /**
   * Only mask runs that pass the Luhn check. Used on data (PSP payloads) where long numeric ids
   * must survive; error messages mask every run because exactness does not matter there.
   */
  luhnOnly?: boolean;
}

/**
 * Replaces card-number-like digit runs (contracts' `replaceCardLikeRuns`: 12 to 19 digits, maybe
 * grouped by single spaces or dashes) by a mask that keeps at most the last four digits.
 * Not contracts' `maskCardNumber`: that one masks a value known to be a card number, for display,
 * and keeps the BIN (first 6 + last 4). This one scrubs free text (PSP payloads, upstream error
 * messages) for logs and errors, where revealing the least is the point.
 */
export function maskCardNumbers(text: string, options: MaskCardNumbersOptions = {}): string {
  return replaceCardLikeRuns(text, ({ text: run, digits }) => {
    if (options.luhnOnly === true && !luhnValid(digits)) return run;
    return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  });
}
