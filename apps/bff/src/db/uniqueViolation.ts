const UNIQUE_VIOLATION = '23505';

/**
 * A PostgreSQL unique violation (on `constraint`, when named), from either driver: Drizzle wraps
 * the driver's error, so the code is looked for along the `cause` chain.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || name === constraint;
  }
  return false;
}
