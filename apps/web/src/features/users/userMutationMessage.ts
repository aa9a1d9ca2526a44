import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';

/**
 * The sentence for a refused user change. The last-admin refusal gets our own plain words: it is
 * the one an admin hits in normal use, and it says what to do instead.
 */
export function userMutationMessage(error: unknown): string {
  if (
    isApiError(error, 'last_admin') ||
    (isApiError(error, 'conflict') && /last.{0,20}admin/i.test(`${error.message} ${error.title}`))
  ) {
    return 'This is the last enabled admin: it cannot be disabled or demoted. Make another user an admin first.';
  }
  return errorMessage(error);
}
