import { ERROR_CODE_NAMES } from '@payouts/contracts';
import type { ApiErrorCode } from './ApiError.js';

/** Every `ApiErrorCode`, for tests that go through them all (not imported by the app). */
export const API_ERROR_CODES: readonly ApiErrorCode[] = [
  ...ERROR_CODE_NAMES,
  'network_error',
  'unexpected_response',
];
