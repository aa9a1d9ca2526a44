import { AppError } from '../http/AppError.js';

/**
 * Opaque keyset cursor: the sort value and the id of the last row of a page. Opaque so clients
 * pass it back untouched; validated on the way in because it comes from the outside.
 */
export function encodeCursor(value: string, id: string | number): string {
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { value: string; id: string } {
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
    // Falls through to the validation error below.
  }
  throw new AppError('validation_failed', 'The cursor is not valid.', {
    errors: [{ pointer: '/cursor', message: 'Invalid cursor' }],
  });
}
