import type { RequestHandler } from 'express';
import { AppError, type FieldError } from './AppError.js';
import { toJsonPointer } from './toJsonPointer.js';

/** NUL, or a UTF-16 surrogate without its other half. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = 'Contains a character that cannot be stored (NUL or a broken surrogate pair)';
const MAX_ERRORS = 20;

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) {
    path.push(at.key);
  }
  return path.reverse();
}

/** Pointers to every string (value or key) in `value` that text columns cannot hold. */
export function findUnstorableText(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  // Iterative, with parent links instead of copied paths: a body nested 50,000 deep is walked
  // in linear time and without overflowing the stack.
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) {
        errors.push({ pointer: toJsonPointer(pathOf(visit)), message: MESSAGE });
      }
    } else if (Array.isArray(current)) {
      (current as unknown[]).forEach((item, index) =>
        stack.push({ value: item, key: index, parent: visit }),
      );
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        const child: Visit = { value: item, key, parent: visit };
        if (UNSTORABLE.test(key)) {
          errors.push({ pointer: toJsonPointer(pathOf(child)), message: MESSAGE });
        } else {
          stack.push(child);
        }
      }
    }
  }
  return errors;
}

/**
 * PostgreSQL text cannot hold NUL (the query fails: a 500), and a lone surrogate is silently
 * turned into U+FFFD on the way in. Neither is ever meant: the body and query are refused with
 * a 422 naming the fields, before any route or service sees them.
 */
export function refuseUnstorableText(): RequestHandler {
  return (req, _res, next) => {
    const errors = [...findUnstorableText(req.query), ...findUnstorableText(req.body as unknown)];
    if (errors.length > 0) {
      next(new AppError('validation_failed', 'Some fields are invalid.', { errors }));
      return;
    }
    next();
  };
}
