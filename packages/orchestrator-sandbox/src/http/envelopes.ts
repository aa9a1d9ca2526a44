import type { OrchestratorValidationIssue } from '@payouts/contracts';

/** Which envelope family a route answers in. */
export type RouteFamily = 'payouts' | 'mpi';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

const MPI_ERROR_TYPE: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  500: 'server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
};

export function okEnvelope(result: unknown): object {
  return { response: { status: 'OK', code: 200, message: 'OK' }, result };
}

export function mpiOkEnvelope(result: unknown): object {
  return { response: { status: 'success', type: null, code: 200, message: 'OK' }, result };
}

/** `{ response: { status: "<Status>", code, message }, result }` for payout-family errors. */
export function errorEnvelope(code: number, message: string, result: unknown = null): object {
  return { response: { status: STATUS_TEXT[code] ?? 'Error', code, message }, result };
}

/** `{ response: { status: "error", type, code, message }, result }` for MPI errors. */
export function mpiErrorEnvelope(
  code: number,
  message: string,
  type: string = MPI_ERROR_TYPE[code] ?? 'error',
  result: unknown = null,
): object {
  return { response: { status: 'error', type, code, message }, result };
}

/** The family's error envelope for a status with no special shape (404, 429, 5xx ...). */
export function familyErrorEnvelope(family: RouteFamily, code: number, message: string): object {
  return family === 'mpi' ? mpiErrorEnvelope(code, message) : errorEnvelope(code, message);
}

/** The 400 validation reply: every issue in `result`. */
export function validationEnvelope(
  family: RouteFamily,
  issues: OrchestratorValidationIssue[],
): object {
  return family === 'mpi'
    ? mpiErrorEnvelope(400, 'Validation failed', 'validation_error', issues)
    : errorEnvelope(400, '400', issues);
}
