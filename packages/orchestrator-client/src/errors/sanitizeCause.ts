/** A cause that is safe to chain: only name, code and a scrubbed message survive. */
export interface SanitizedCause extends Error {
  code?: string;
}

/**
 * Low-level errors (undici, sockets) can hold request options, URLs with the API key in the
 * path, or headers. Chaining them as-is would leak those through `util.inspect(err)`, so a
 * fresh Error is built from the few harmless facts and chained instead.
 */
export function sanitizeCause(error: unknown, scrub: (text: string) => string): SanitizedCause {
  const source = error instanceof Error ? error : undefined;
  const safe: SanitizedCause = new Error(
    scrub(source?.message ?? (typeof error === 'string' ? error : 'non-error thrown')),
  );
  safe.name = source?.name ?? 'Error';
  const code = errorCode(error);
  if (code !== undefined) safe.code = code;
  return safe;
}

/** The `code` of an error or of its first cause (undici wraps some socket errors). */
export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 4; depth += 1) {
    if (typeof e === 'object') {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') return code;
      e = (e as { cause?: unknown }).cause;
    } else {
      return undefined;
    }
  }
  return undefined;
}
