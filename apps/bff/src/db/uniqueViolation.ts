const UNIQUE_VIOLATION = '23505';
const QUERY_CANCELED = '57014';

/**
 * The PostgreSQL error along `error`'s `cause` chain with SQLSTATE `code`, from either driver
 * (Drizzle wraps the driver's error).
 */
function postgresErrorOf(error: unknown, code: string): { constraint?: unknown } | undefined {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === code) return e;
  }
  return undefined;
}

/** A PostgreSQL unique violation (on `constraint`, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresErrorOf(error, UNIQUE_VIOLATION);
  return found !== undefined && (constraint === undefined || found.constraint === constraint);
}

/** A statement PostgreSQL cancelled, e.g. at its `statement_timeout`. */
export function isQueryCanceled(error: unknown): boolean {
  return postgresErrorOf(error, QUERY_CANCELED) !== undefined;
}
