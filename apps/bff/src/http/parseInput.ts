import type { z } from 'zod';
import { AppError, type FieldError } from '../shared/AppError.js';
import { toJsonPointer } from './toJsonPointer.js';

/**
 * Parses a body or query with a zod schema; every problem becomes a `{ pointer, message }` so
 * the form can put it on its field. Unknown keys (from `.strict()`) point at the key itself.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({ pointer: toJsonPointer([...issue.path, key]), message: 'Unknown field' });
      }
    } else {
      errors.push({ pointer: toJsonPointer(issue.path), message: issue.message });
    }
  }
  throw new AppError('validation_failed', 'Some fields are invalid.', { errors });
}
