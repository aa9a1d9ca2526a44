import { ERROR_CODES, type ErrorCode, type FieldError } from '@payouts/contracts';

// The codes, their statuses and the problem body are the API's contract (`@payouts/contracts`),
// which the SPA parses with the same names.
export { ERROR_CODES, type ErrorCode, type FieldError } from '@payouts/contracts';

export interface AppErrorOptions {
  errors?: FieldError[];
  retryAfterSeconds?: number;
  /** Extra problem members (RFC 9457 extensions), e.g. `payout_id`. Never secrets. */
  extensions?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one application error type. `detail` reaches the client: it must never hold a secret,
 * a card number or an upstream message verbatim (the orchestrator echoes its API key).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly extensions: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    options: AppErrorOptions = {},
  ) {
    super(detail ?? ERROR_CODES[code].title, { cause: options.cause });
    this.status = ERROR_CODES[code].status;
    this.title = ERROR_CODES[code].title;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extensions = options.extensions;
  }
}

/** One refused item of a bulk request: the problem its single route would have answered. */
export function problemSummaryOf(error: AppError): {
  type: string;
  code: string;
  status: number;
  title: string;
  detail: string;
} {
  return {
    type: `urn:payouts:problem:${error.code}`,
    code: error.code,
    status: error.status,
    title: error.title,
    detail: error.detail ?? error.title,
  };
}
