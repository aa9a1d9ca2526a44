import { maskCardNumbers } from '@payouts/contracts';
import { REDACTED, redactGenericSecrets } from './redactGenericSecrets.js';

export interface Scrubber {
  /**
   * For anything that becomes a message or log line: known secrets become `[redacted]`, then
   * generic redaction masks JWT-like tokens, quoted API keys and every 12-19 digit run.
   */
  message: (text: string, extraSecrets?: readonly string[]) => string;
  /**
   * For pass-through data (PSP payloads): known secrets, and only Luhn-valid card runs, so that
   * long numeric ids in the data survive.
   */
  data: (text: string) => string;
  /** Known secrets only (and the per-call extras), for text shown as-is otherwise. */
  known: (text: string, extraSecrets?: readonly string[]) => string;
}

/**
 * Builds the scrubber every upstream text goes through before it can reach a message, a
 * property or a log line. `secrets` is read on every use because tokens change over the
 * client's life; per call, the card number and CVV being sent are passed as extra secrets.
 */
export function createScrubber(secrets: () => Iterable<string>): Scrubber {
  const replaceKnown = (text: string, extra: readonly string[]): string => {
    const all = [...secrets(), ...extra]
      .filter((s) => s.length > 0)
      // Longest first, so a secret that contains another is replaced whole.
      .sort((a, b) => b.length - a.length);
    let out = text;
    for (const secret of all) out = out.split(secret).join(REDACTED);
    return out;
  };
  return {
    message: (text, extraSecrets = []) => redactGenericSecrets(replaceKnown(text, extraSecrets)),
    data: (text) => maskCardNumbers(replaceKnown(text, []), { luhnOnly: true }),
    known: (text, extraSecrets = []) => replaceKnown(text, extraSecrets),
  };
}
