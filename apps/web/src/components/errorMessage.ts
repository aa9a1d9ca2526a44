import { isApiError } from '../api/ApiError.js';

/**
 * The sentence to show for a failed call. The BFF's `detail` is written for users; a few codes get
 * our own words because what to do next matters more there than what happened.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Try again.';
  switch (error.code) {
    case 'network_error':
      return 'The server could not be reached. Check your connection and try again.';
    case 'forbidden':
      return 'Your role does not allow this.';
    // The step-up dialog was cancelled (createHttpClient's `onStepUp`).
    case 'step_up_required':
      return 'Cancelled: confirmation needed.';
    case 'rate_limited':
      return error.retryAfterSeconds !== undefined
        ? `Too many requests. Try again in ${retryText(error.retryAfterSeconds)}.`
        : 'Too many requests. Try again in a moment.';
    default:
      return error.message;
  }
}

/** `45 seconds`, `2 minutes`. */
export function retryText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
