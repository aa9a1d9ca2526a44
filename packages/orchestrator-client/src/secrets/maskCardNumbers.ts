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

/** Replaces card-number-like digit runs by a mask that keeps at most the last four digits. */
export function maskCardNumbers(text: string, options: MaskCardNumbersOptions = {}): string {
  return text.replace(CARD_LIKE_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19) return run;
    if (options.luhnOnly === true && !passesLuhn(digits)) return run;
    return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  });
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}
