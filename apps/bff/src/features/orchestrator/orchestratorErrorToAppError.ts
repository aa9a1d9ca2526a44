import { orchestratorFieldToPointer } from '@payouts/contracts';
import { OrchestratorError } from '@payouts/orchestrator-client';
import { AppError } from '../../shared/AppError.js';

/**
 * Every orchestrator failure becomes one stable problem code. The client has already scrubbed
 * its messages; still, only the validation list and the business-rule reason reach the user.
 */
export function orchestratorErrorToAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof OrchestratorError)) {
    return new AppError('internal', 'Something went wrong.', { cause: error });
  }
  const cause = { cause: error };
  switch (error.kind) {
    case 'validation':
      return new AppError('orchestrator_rejected', 'The orchestrator refused some fields.', {
        ...cause,
        errors: (error.issues ?? []).map((issue) => ({
          pointer: orchestratorFieldToPointer(issue.field),
          message: issue.message,
        })),
      });
    case 'rejected':
      return new AppError(
        'orchestrator_rejected',
        error.upstreamMessage
          ? `The orchestrator refused the request: ${error.upstreamMessage}`
          : 'The orchestrator refused the request.',
        cause,
      );
    case 'conflict':
      return new AppError(
        'conflict',
        'The orchestrator already has a payout with this order id.',
        cause,
      );
    case 'not_found':
      return new AppError('not_found', 'The orchestrator does not know this payout.', cause);
    case 'auth':
      return new AppError('orchestrator_auth', undefined, cause);
    case 'rate_limited':
      return new AppError('orchestrator_unavailable', 'The orchestrator asks us to slow down.', {
        ...cause,
        retryAfterSeconds: error.retryAfterSeconds ?? 5,
      });
    case 'unavailable':
      return new AppError('orchestrator_unavailable', undefined, {
        ...cause,
        ...(error.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.retryAfterSeconds }
          : {}),
      });
    case 'timeout':
      return new AppError('orchestrator_timeout', undefined, cause);
    case 'protocol':
      return new AppError('orchestrator_protocol', undefined, cause);
  }
}
