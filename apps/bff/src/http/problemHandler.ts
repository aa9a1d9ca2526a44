import type { ErrorRequestHandler } from 'express';
import { AppError, type ErrorCode } from '../shared/AppError.js';
import { redactUrl } from './requestLogger.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Body-parser (and other http-errors) failures are the client's fault: 4xx, never 500. */
const PARSER_ERRORS: Record<string, { code: ErrorCode; detail: string }> = {
  'entity.parse.failed': { code: 'malformed_request', detail: 'The body is not valid JSON.' },
  'entity.too.large': { code: 'payload_too_large', detail: 'The body is too large.' },
  'encoding.unsupported': {
    code: 'unsupported_media_type',
    detail: 'The content encoding is not supported.',
  },
  'charset.unsupported': {
    code: 'unsupported_media_type',
    detail: 'The character set is not supported.',
  },
  'request.aborted': { code: 'malformed_request', detail: 'The request was aborted.' },
  'request.size.invalid': {
    code: 'malformed_request',
    detail: 'The body does not match its Content-Length.',
  },
  'stream.encoding.set': { code: 'malformed_request', detail: 'The body could not be read.' },
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'malformed_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (typeof err !== 'object' || err === null) return undefined;
  const { type, status, expose } = err as { type?: unknown; status?: unknown; expose?: unknown };
  const known = typeof type === 'string' ? PARSER_ERRORS[type] : undefined;
  if (known) return new AppError(known.code, known.detail, { cause: err });
  if (expose === true && typeof status === 'number' && STATUS_CODES[status]) {
    return new AppError(STATUS_CODES[status], undefined, { cause: err });
  }
  // The router's "Failed to decode param" (a path like `/api/payouts/%zz`) is a URIError with
  // status 400 but no `expose`: still the client's fault. Only the generic title goes out.
  if (err instanceof URIError && status === 400) {
    return new AppError('malformed_request', 'The URL is not validly encoded.', { cause: err });
  }
  return undefined;
}

/** The problem+json body of an error, as the handler sends it (the lab embeds it in a 200). */
export function problemBody(
  appError: AppError,
  req: { id?: unknown; originalUrl: string },
): Record<string, unknown> {
  const requestId =
    typeof req.id === 'string' || typeof req.id === 'number' ? String(req.id) : null;
  return {
    ...appError.extensions,
    type: `urn:payouts:problem:${appError.code}`,
    title: appError.title,
    status: appError.status,
    detail: appError.detail ?? appError.title,
    instance: redactUrl(req.originalUrl.split('?')[0] ?? ''),
    code: appError.code,
    requestId,
    ...(appError.errors ? { errors: appError.errors } : {}),
  };
}

/**
 * The one place errors become responses: RFC 9457 problem details plus our `code` and the
 * request id. Anything unrecognised is a generic 500; the original error is handed to the
 * request logger (`res.err`) so it is logged exactly once, on the request's own line.
 */
export function createProblemHandler(): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const appError = toAppError(err) ?? new AppError('internal', 'Something went wrong.');
    if (appError.status >= 500) res.err = err instanceof Error ? err : new Error(String(err));
    if (appError.retryAfterSeconds !== undefined && !res.getHeader('Retry-After')) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
    }
    res
      .status(appError.status)
      .type(PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(problemBody(appError, req)));
  };
}
