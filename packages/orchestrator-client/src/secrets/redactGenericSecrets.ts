import { maskCardNumbers } from '@payouts/contracts';

export const REDACTED = '[redacted]';

const JWT_LIKE = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer)\s+[^\s'",;]+/gi;
// The orchestrator echoes the key it was given: `merchant api key '<key>' is invalid`.
const QUOTED_API_KEY = /(api[ _-]?key\s*)(['"])[^'"]*\2/gi;

/**
 * Redaction that needs no knowledge of the actual secrets: tokens that look like JWTs or bearer
 * credentials, quoted API keys, card-number-like digit runs. Applied to every message an
 * OrchestratorError carries, as a second line of defence behind the client's own scrubber.
 */
export function redactGenericSecrets(text: string): string {
  return maskCardNumbers(
    text
      .replace(JWT_LIKE, REDACTED)
      .replace(BEARER, `$1 ${REDACTED}`)
      .replace(QUOTED_API_KEY, `$1$2${REDACTED}$2`),
  );
}
