import type { Scrubber } from '../secrets/createScrubber.js';
import { OrchestratorError } from './OrchestratorError.js';
import { errorCode, sanitizeCause } from './sanitizeCause.js';

export interface NetworkErrorContext {
  operation: string;
  nonIdempotent: boolean;
  /** The per-call timeout fired. */
  timedOut: boolean;
  /** The caller's own signal fired. */
  cancelled: boolean;
  timeoutMs: number;
  scrub: Scrubber;
}

// The connection was never established: nothing reached the orchestrator.
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_DESTROYED',
  'UND_ERR_CLOSED',
]);
// The connection broke mid-exchange: the request may or may not have been processed.
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/**
 * Maps a failure of the HTTP exchange itself. Create calls are never retried, so whenever the
 * request may have reached the orchestrator the error says `outcomeUnknown`; a reset on a create
 * is reported as `timeout` (outcome unknown) and on a read as `unavailable`.
 */
export function mapNetworkError(error: unknown, ctx: NetworkErrorContext): OrchestratorError {
  const code = errorCode(error);
  const cause = sanitizeCause(error, (t) => ctx.scrub.message(t));
  const base = { operation: ctx.operation, cause };
  if (ctx.timedOut || (code !== undefined && TIMEOUT.has(code))) {
    return new OrchestratorError({
      ...base,
      kind: 'timeout',
      outcomeUnknown: ctx.nonIdempotent,
      message: `${ctx.operation}: no answer from the orchestrator within ${ctx.timeoutMs} ms`,
    });
  }
  if (ctx.cancelled) {
    return new OrchestratorError({
      ...base,
      kind: 'timeout',
      outcomeUnknown: ctx.nonIdempotent,
      message: `${ctx.operation}: cancelled by the caller before the orchestrator answered`,
    });
  }
  if (code !== undefined && NOT_CONNECTED.has(code)) {
    return new OrchestratorError({
      ...base,
      kind: 'unavailable',
      outcomeUnknown: false,
      message: `${ctx.operation}: cannot connect to the orchestrator (${code})`,
    });
  }
  if (code !== undefined && RESET.has(code)) {
    return new OrchestratorError({
      ...base,
      kind: ctx.nonIdempotent ? 'timeout' : 'unavailable',
      outcomeUnknown: ctx.nonIdempotent,
      message: `${ctx.operation}: the connection to the orchestrator was reset (${code})`,
    });
  }
  return new OrchestratorError({
    ...base,
    kind: 'unavailable',
    outcomeUnknown: ctx.nonIdempotent,
    message: `${ctx.operation}: the call to the orchestrator failed (${code ?? cause.name})`,
  });
}
