import type { FieldError } from '../types.js';

/**
 * The closed set of error codes the API answers with. The SPA branches on `code`, never on
 * message text, so a code is a public contract: add, never rename.
 */
export const ERROR_CODES = {
  validation_failed: { status: 422, title: 'The request has invalid fields' },
  malformed_request: { status: 400, title: 'The request could not be read' },
  unauthenticated: { status: 401, title: 'Sign in required' },
  forbidden: { status: 403, title: 'Not allowed' },
  self_approval: { status: 403, title: 'A second person must approve this payout' },
  approval_cooldown: {
    status: 403,
    title: "The payout's creator changed this account too recently for it to approve",
  },
  change_self_approval: { status: 403, title: 'A second person must approve this change' },
  // Separation of duties: the account was made after what it would decide on.
  not_second_person: { status: 403, title: 'This account does not count as a second person here' },
  // Staff identity. `second_factor` ('verify' | 'enrol') says which.
  second_factor_required: { status: 403, title: 'A second factor is required first' },
  // A factor enrolled in this session counts for step-up only later (`step_up_from`).
  step_up_too_soon: {
    status: 403,
    title: 'A second factor added in this session does not confirm this yet',
  },
  step_up_required: {
    status: 403,
    title: 'Confirm it is you with your second factor to continue',
  },
  password_sign_in_disabled: {
    status: 403,
    title: 'Sign in with your company account',
  },
  // `attempts_left` says how many wrong codes remain before the method locks.
  invalid_code: { status: 422, title: 'The code is not valid' },
  // `locked_until` says when the method can be tried again in this session, from this address.
  factor_locked: {
    status: 429,
    title: 'Too many wrong codes: this method is locked in this session for now',
  },
  not_found: { status: 404, title: 'Not found' },
  conflict: { status: 409, title: 'Conflict with the current state' },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key already used for a different request',
  },
  last_admin: {
    status: 409,
    title: 'The last enabled admin cannot be disabled or demoted',
  },
  beneficiary_duplicate: {
    status: 409,
    title: 'An active beneficiary already has these payment details',
  },
  request_in_flight: { status: 409, title: 'The same request is still being processed' },
  // The same account, amount and currency as a recent payout (`duplicates`: PossibleDuplicate[]);
  // sent again with `pay_again=1` it is made.
  possible_duplicate: { status: 409, title: 'Possibly a duplicate of a recent payout' },
  rate_limited: { status: 429, title: 'Too many requests' },
  // An invitation link that is unknown, used, replaced by a newer one, expired, or of a disabled
  // account; `detail` says which.
  invitation_invalid: { status: 410, title: 'This invitation link no longer works' },
  // Invitations are e-mailed: without an SMTP server (SMTP_URL) none can be sent.
  mail_off: { status: 409, title: 'E-mail is not set up on this back-office' },
  // The SMTP server refused or did not answer; nothing was changed, try again.
  mail_failed: { status: 502, title: 'The e-mail could not be sent' },
  // A read whose filters select more than it can answer in time (the list's totals).
  query_too_broad: { status: 422, title: 'Too many results to answer in time' },
  payload_too_large: { status: 413, title: 'Request body too large' },
  // An uploaded batch file that cannot be read as a whole; `problem` says why (BatchFileProblem).
  bad_file: { status: 422, title: 'The file cannot be used' },
  unsupported_media_type: { status: 415, title: 'Unsupported content type' },
  orchestrator_unavailable: { status: 503, title: 'The payment orchestrator is unavailable' },
  orchestrator_timeout: { status: 504, title: 'The payment orchestrator did not answer in time' },
  orchestrator_rejected: { status: 422, title: 'The payment orchestrator refused the request' },
  // 502, not 401: it is *our* credentials that failed, and a 401 would sign the user out.
  orchestrator_auth: { status: 502, title: 'The payment orchestrator refused our credentials' },
  orchestrator_protocol: {
    status: 502,
    title: 'The payment orchestrator answered something unexpected',
  },
  internal: { status: 500, title: 'Internal error' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/**
 * Every non-2xx body (`application/problem+json`, RFC 9457) plus our `code` and the request id.
 * `errors` lists field problems (`validation_failed`); extension members (e.g. `payout_id`)
 * may follow, never a secret.
 */
export interface ProblemBody {
  /** `urn:payouts:problem:<code>`. */
  type: string;
  title: string;
  status: number;
  /** Written for the person at the screen. */
  detail: string;
  /** The request's path, without its query. */
  instance: string;
  code: ErrorCode;
  requestId: string | null;
  errors?: FieldError[];
  [extension: string]: unknown;
}
