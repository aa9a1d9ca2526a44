import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatInZone } from '../../components/formatDateTime.js';

/** `14:05`, in the user's time zone. */
export function clockTime(iso: string): string {
  return formatInZone(iso, undefined, { hour: '2-digit', minute: '2-digit' });
}

/** What to tell the user when a code or passkey was not accepted. */
export function verifyProblem(error: unknown): string {
  if (isApiError(error, 'invalid_code')) {
    const left = error.extensions['attempts_left'];
    if (typeof left === 'number') {
      return left === 1
        ? 'That code is not right. 1 attempt left before this method locks.'
        : `That code is not right. ${left} attempts left.`;
    }
    return 'That code is not right. Check it and try again.';
  }
  if (isApiError(error, 'factor_locked')) {
    const until = error.extensions['locked_until'];
    return typeof until === 'string'
      ? `Too many wrong codes: this method is locked in this session. Try again after ${clockTime(until)}, or use another method.`
      : 'Too many wrong codes: this method is locked in this session for now. Use another method.';
  }
  // The browser's WebAuthn errors: cancelled, timed out, or no passkey for this site.
  if (error instanceof Error && !isApiError(error)) {
    return 'The passkey was not used. Try again, or use another method.';
  }
  return errorMessage(error);
}

/** `Authenticator app`, `Passkey`. */
export function factorKindName(kind: 'totp' | 'passkey'): string {
  return kind === 'totp' ? 'Authenticator app' : 'Passkey';
}
