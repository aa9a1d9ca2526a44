import type { ApiErrorCode } from '../../api/ApiError.js';
import type { AttemptState } from './wizardDraft.js';

/**
 * Answers that mean the BFF refused the request and made nothing, so the next (changed) request
 * may carry a new idempotency key. Everything else (no answer, 5xx, "still in flight") leaves the
 * outcome unknown, and only the same key with the same body is safe to send.
 */
const REFUSALS: readonly ApiErrorCode[] = [
  'validation_failed',
  'orchestrator_rejected',
  'malformed_request',
  'payload_too_large',
  'unsupported_media_type',
  'forbidden',
  'unauthenticated',
  'rate_limited',
  'conflict',
  'possible_duplicate',
];

export function attemptStateAfter(code: ApiErrorCode): AttemptState {
  return REFUSALS.includes(code) ? 'refused' : 'unresolved';
}

/**
 * The key for the next send. The same key for a retry of the same body (or whenever the last
 * outcome is unknown); a new one only when the last send was refused and the body has changed,
 * because the BFF answers 422 to a reused key with a different body.
 */
export function keyForNextSend(input: {
  currentKey: string;
  lastAttempt: AttemptState;
  /** The body last sent, if this page sent it (a reload forgets it). */
  lastBody: string | null;
  body: string;
  newKey: () => string;
}): string {
  if (input.lastAttempt !== 'refused') return input.currentKey;
  if (input.lastBody !== null && input.lastBody === input.body) return input.currentKey;
  return input.newKey();
}
