import type { OrchestratorValidationIssue } from '@payouts/contracts';
import type { Envelope } from '../replies/readEnvelope.js';
import { OrchestratorError, type OrchestratorErrorKind } from './OrchestratorError.js';
import { parseRetryAfter } from './parseRetryAfter.js';

export interface HttpErrorContext {
  operation: string;
  /** Create calls: a 5xx or 408 leaves the outcome unknown. */
  nonIdempotent: boolean;
  /** Scrubs an upstream text (API key, token, password, card data). */
  scrub: (text: string) => string;
  nowMs: number;
}

export interface HttpErrorReply {
  status: number;
  retryAfter?: string;
  /** Null when the body was not JSON or had no envelope. */
  envelope: Envelope | null;
}

const SUMMARY: Record<OrchestratorErrorKind, string> = {
  validation: 'the orchestrator found invalid fields',
  auth: 'the orchestrator refused our credentials',
  not_found: 'not found at the orchestrator',
  conflict: 'the orchestrator reports a conflict',
  rate_limited: 'rate limited by the orchestrator',
  unavailable: 'the orchestrator is unavailable',
  timeout: 'the orchestrator did not answer in time',
  protocol: 'unexpected reply from the orchestrator',
  rejected: 'the orchestrator refused the request',
};

/** Maps a non-2xx reply (or a 2xx whose envelope carries an error code) to an OrchestratorError. */
export function mapHttpError(reply: HttpErrorReply, ctx: HttpErrorContext): OrchestratorError {
  const { status, envelope } = reply;
  const upstream =
    envelope?.message === null || envelope === null ? undefined : ctx.scrub(envelope.message);
  const base = {
    operation: ctx.operation,
    httpStatus: status,
    upstreamMessage: upstream,
    // A 4xx means the orchestrator turned the request away; anything else may have been
    // processed before the failure (or, for 3xx, by something we did not expect).
    outcomeUnknown: ctx.nonIdempotent && !(status >= 400 && status < 500 && status !== 408),
  };
  const make = (
    kind: OrchestratorErrorKind,
    extra: Partial<ConstructorParameters<typeof OrchestratorError>[0]> = {},
  ) =>
    new OrchestratorError({
      ...base,
      kind,
      message: `${ctx.operation}: ${SUMMARY[kind]} (HTTP ${status})${upstream === undefined ? '' : `: ${upstream}`}`,
      ...extra,
    });

  if (status === 400 || status === 422) {
    if (envelope === null) return make('protocol');
    if (Array.isArray(envelope.result)) {
      const issues = envelope.result.map((item) => readIssue(item, ctx.scrub));
      const list = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
      return make('validation', {
        issues,
        message: `${ctx.operation}: ${SUMMARY.validation} (HTTP ${status})${list === '' ? '' : `: ${list}`}`,
      });
    }
    if (envelope.result === null || envelope.result === undefined) return make('rejected');
    return make('protocol');
  }
  if (status === 401 || status === 403) return make('auth');
  if (status === 404) return make('not_found');
  if (status === 409) return make('conflict');
  if (status === 408) return make('timeout');
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(reply.retryAfter, ctx.nowMs);
    return make('rate_limited', retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
  }
  if (status >= 500 && status <= 599) return make('unavailable');
  return make('protocol');
}

/**
 * One validation issue. The documented shape is `{ type, field, message }` with type
 * `validation_error` (the real service also sends `validaton_error`); an item missing parts
 * is kept with what it has, so one odd entry does not hide the others.
 */
function readIssue(item: unknown, scrub: (text: string) => string): OrchestratorValidationIssue {
  const o = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    type: text(o.type) === '' ? 'validation_error' : text(o.type),
    field: scrub(text(o.field)),
    message: scrub(
      text(o.message) === '' ? (typeof item === 'string' ? item : 'invalid') : text(o.message),
    ),
  };
}
