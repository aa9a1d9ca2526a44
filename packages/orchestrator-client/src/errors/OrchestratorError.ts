import type { OrchestratorValidationIssue } from '@payouts/contracts';
import { redactGenericSecrets } from '../secrets/redactGenericSecrets.js';

export const ORCHESTRATOR_ERROR_KINDS = [
  'validation',
  'auth',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  'timeout',
  'protocol',
  'rejected',
] as const;
export type OrchestratorErrorKind = (typeof ORCHESTRATOR_ERROR_KINDS)[number];

export interface OrchestratorErrorInit {
  kind: OrchestratorErrorKind;
  /** Must already be free of secrets; generic redaction is applied again anyway. */
  message: string;
  /** The client operation (`createPayout`, `login`, ...). */
  operation?: string;
  httpStatus?: number;
  issues?: OrchestratorValidationIssue[];
  retryAfterSeconds?: number;
  outcomeUnknown?: boolean;
  /** The orchestrator's own `response.message`, scrubbed. */
  upstreamMessage?: string;
  /** Only sanitized causes (see `sanitizeCause`): never request bodies or URLs. */
  cause?: Error;
}

/**
 * The one error type of the client. `kind` is what callers branch on; `outcomeUnknown` says
 * whether a create call may have taken effect at the orchestrator (then: reconcile, never
 * blindly re-send). Nothing in it may carry the API key, the token, the password or card data.
 */
export class OrchestratorError extends Error {
  override readonly name = 'OrchestratorError';
  readonly kind: OrchestratorErrorKind;
  readonly operation: string | undefined;
  readonly httpStatus: number | undefined;
  readonly issues: OrchestratorValidationIssue[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly outcomeUnknown: boolean;
  readonly upstreamMessage: string | undefined;

  constructor(init: OrchestratorErrorInit) {
    super(
      redactGenericSecrets(init.message),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.kind = init.kind;
    this.operation = init.operation;
    this.httpStatus = init.httpStatus;
    this.issues = init.issues?.map((issue) => ({
      type: issue.type,
      field: redactGenericSecrets(issue.field),
      message: redactGenericSecrets(issue.message),
    }));
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.upstreamMessage =
      init.upstreamMessage === undefined ? undefined : redactGenericSecrets(init.upstreamMessage);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      operation: this.operation,
      httpStatus: this.httpStatus,
      issues: this.issues,
      retryAfterSeconds: this.retryAfterSeconds,
      outcomeUnknown: this.outcomeUnknown,
      upstreamMessage: this.upstreamMessage,
    };
  }
}

export function isOrchestratorError(value: unknown): value is OrchestratorError {
  return value instanceof OrchestratorError;
}
