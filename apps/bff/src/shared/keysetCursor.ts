import { AppError } from './AppError.js';

/**
 * Opaque keyset cursor: the sort value and the id of the last row of a page. Opaque so clients
 * pass it back untouched; validated on the way in because it comes from the outside.
 */
export function encodeCursor(value: string, id: string | number): string {
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

/**
 * The cursor's sort value and id, each accepted only when `accept` turns it into what the
 * query binds (a storable instant, a decimal, a UUID…): a forged cursor is a 422, never a
 * query the database refuses.
 */
export function decodeCursor<V, I>(
  cursor: string,
  accept: { value: (value: string) => V | undefined; id: (id: string) => I | undefined },
): { value: V; id: I } {
  const raw = decodeRaw(cursor);
  const value = raw && accept.value(raw.value);
  const id = raw && accept.id(raw.id);
  if (value === undefined || id === undefined) {
    throw new AppError('validation_failed', 'The cursor is not valid for this list and sort.', {
      errors: [{ pointer: '/cursor', message: 'Invalid cursor' }],
    });
  }
  return { value, id };
}

function decodeRaw(cursor: string): { value: string; id: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      (typeof parsed[1] === 'string' || typeof parsed[1] === 'number')
    ) {
      return { value: parsed[0], id: String(parsed[1]) };
    }
  } catch {
    // Not base64url JSON: invalid, like any other forged cursor.
  }
  return undefined;
}
