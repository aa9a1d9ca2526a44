import type { ErrorCode, FieldError } from '@payouts/contracts';

/**
 * The codes the BFF answers with (the contract's closed set, `ERROR_CODES`) plus two of our own
 * for failures that never produced a problem body: the request did not get an answer
 * (`network_error`) or the answer was not one we understand (`unexpected_response`).
 * The list itself is in apiErrorCodes.ts (see `isCode` below).
 */
export type ApiErrorCode = ErrorCode | 'network_error' | 'unexpected_response';

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'malformed_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  502: 'orchestrator_protocol',
  503: 'orchestrator_unavailable',
  504: 'orchestrator_timeout',
};

export interface ApiErrorOptions {
  status: number;
  title?: string;
  requestId?: string | undefined;
  errors?: FieldError[];
  retryAfterSeconds?: number | undefined;
  /** The problem's extension members (RFC 9457 §3.2), e.g. `duplicates` of `beneficiary_duplicate`. */
  extensions?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * Every failed API call, parsed from the problem+json body. UI code branches on `code`, never on
 * the message; the message (the problem's `detail`) is written for the person at the screen.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly title: string;
  readonly requestId: string | undefined;
  /** Field problems (`validation_failed`), each with a JSON Pointer into the request body. */
  readonly errors: FieldError[];
  /** From `Retry-After` (429, 503), in seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** Members of the problem body beyond the standard ones; read them per `code`. */
  readonly extensions: Record<string, unknown>;

  constructor(code: ApiErrorCode, message: string, options: ApiErrorOptions) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.title = options.title ?? message;
    this.requestId = options.requestId;
    this.errors = options.errors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extensions = options.extensions ?? {};
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The BFF only answers with the contract's codes, so the shape is checked, not membership: the
 * contract's table of codes (with every title) would otherwise ship in the entry chunk, and the
 * list page's budget has no room for it.
 */
function isKnownCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && /^[a-z][a-z_]*$/.test(code);
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): FieldError[] =>
    isRecord(entry) && typeof entry.pointer === 'string' && typeof entry.message === 'string'
      ? [{ pointer: entry.pointer, message: entry.message }]
      : [],
  );
}

/** `Retry-After` as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(
  header: string | null,
  now: number = Date.now(),
): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function fallbackMessage(status: number): string {
  if (status >= 500) return 'The server could not complete the request. Try again in a moment.';
  return `The request failed (HTTP ${status}).`;
}

const STANDARD_MEMBERS = new Set([
  'type',
  'title',
  'status',
  'detail',
  'instance',
  'code',
  'requestId',
  'errors',
]);

/** The `ApiError` for a non-2xx response, from its problem+json body when it has one. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const fallbackCode: ApiErrorCode =
    CODE_BY_STATUS[response.status] ??
    (response.status >= 500 ? 'internal' : 'unexpected_response');
  if (!isRecord(body)) {
    return new ApiError(fallbackCode, fallbackMessage(response.status), {
      status: response.status,
      retryAfterSeconds,
    });
  }
  const code = isKnownCode(body.code) ? body.code : fallbackCode;
  const title = typeof body.title === 'string' ? body.title : undefined;
  const detail = typeof body.detail === 'string' && body.detail !== '' ? body.detail : undefined;
  return new ApiError(code, detail ?? title ?? fallbackMessage(response.status), {
    status: response.status,
    title,
    requestId: typeof body.requestId === 'string' ? body.requestId : undefined,
    errors: fieldErrors(body.errors),
    retryAfterSeconds,
    extensions: Object.fromEntries(
      Object.entries(body).filter(([key]) => !STANDARD_MEMBERS.has(key)),
    ),
  });
}
