import { LosslessNumber } from 'lossless-json';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import { canonicalDecimal, isPlainDecimal } from '../json/canonicalDecimal.js';

// MPI (card deposit) routes exist only as /mpi/v2 whatever the payout API version.
const MPI_PREFIX = '/mpi/v2';

type Query = Record<string, string | number | undefined>;

/** Path (API key included, for the wire) and template (`{api_key}`, for logs) of a call. */
export interface RoutePaths {
  payout(suffix: string, query?: Query): { path: string; template: string };
  mpi(suffix: string, query?: Query): { path: string; template: string };
  /** The deposit lookup, whose prefix the documentation shows without `v2`. */
  depositLookup(suffix: string): { path: string; template: string };
}

/** Where `GET …/deposit/transaction/{id}` lives: `/mpi/v2` (as every MPI route) or `/mpi`. */
export type DepositLookupPrefix = '/mpi/v2' | '/mpi';

export function createRoutePaths(
  version: string,
  apiKey: string,
  depositLookupPrefix: DepositLookupPrefix = MPI_PREFIX,
): RoutePaths {
  const keyInPath = encodeURIComponent(apiKey);
  return {
    depositLookup: (suffix) => ({
      path: `${depositLookupPrefix}/${keyInPath}${suffix}`,
      template: `${depositLookupPrefix}/{api_key}${suffix}`,
    }),
    payout: (suffix, query) => ({
      path: `/${version}/${keyInPath}/payouts${suffix}${queryString(query)}`,
      template: `/${version}/{api_key}/payouts${suffix}`,
    }),
    mpi: (suffix, query) => ({
      path: `${MPI_PREFIX}/${keyInPath}${suffix}${queryString(query)}`,
      template: `${MPI_PREFIX}/{api_key}${suffix}`,
    }),
  };
}

export function firstHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

export function queryString(
  query: Record<string, string | number | undefined> | undefined,
): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function localValidationError(
  operation: string,
  field: string,
  message: string,
): OrchestratorError {
  return new OrchestratorError({
    kind: 'validation',
    operation,
    outcomeUnknown: false,
    issues: [{ type: 'validation_error', field, message }],
    message: `${operation}: not sent, ${field}: ${message}`,
  });
}

/** An empty id would turn `/payouts/{id}` into the list route; refuse it before sending. */
export function idSegment(operation: string, id: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw localValidationError(operation, 'id', 'must be a non-empty string');
  }
  return encodeURIComponent(id);
}

/**
 * The amount goes out as a raw JSON number, so it must be a plain decimal: anything else could
 * inject JSON into the body. Canonical form also turns `007.50` into valid JSON `7.5`.
 */
export function amountOrThrow(operation: string, amount: string): LosslessNumber {
  if (typeof amount !== 'string' || !isPlainDecimal(amount)) {
    throw localValidationError(operation, 'amount', 'must be a decimal string such as "12.50"');
  }
  return new LosslessNumber(canonicalDecimal(amount));
}
