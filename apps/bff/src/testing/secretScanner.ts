import { SANDBOX_TEST_CARDS } from '@payouts/orchestrator-sandbox';

/** Full card numbers the suites send: none may come back in a reply or a log line. */
export const FULL_TEST_CARD_NUMBERS: readonly string[] = [
  ...new Set([
    ...Object.values(SANDBOX_TEST_CARDS).map((card) => card.number),
    '4111111111111111',
    '4012888888881881',
    '5555555555554444',
  ]),
];

export interface SecretScanner {
  /** Throws naming the secret's kind (never its value) when `text` contains one. */
  check(where: string, text: string): void;
  /** How many texts were scanned, so a suite can show the scan really ran. */
  readonly scanned: number;
}

/**
 * Scans what the BFF hands out (reply bodies and headers, log lines) for the orchestrator's
 * credentials and tokens and for full card numbers. `secrets` is read at every check because
 * the sandbox issues new tokens while a suite runs.
 */
export function createSecretScanner(secrets: () => Record<string, string[]>): SecretScanner {
  let scanned = 0;
  return {
    check(where, text) {
      scanned += 1;
      const named: Record<string, string[]> = {
        ...secrets(),
        'a full card number': [...FULL_TEST_CARD_NUMBERS],
      };
      for (const [kind, values] of Object.entries(named)) {
        for (const value of values) {
          // Short values would match by accident; every real secret here is long.
          if (value.length >= 8 && text.includes(value)) {
            throw new Error(`${where} contains ${kind}`);
          }
        }
      }
    },
    get scanned() {
      return scanned;
    },
  };
}
