import type { RequestHandler } from 'express';
import { AppError, type FieldError } from '../shared/AppError.js';
import { findRefusedText, type TextRule } from './findRefusedText.js';

/** NUL, or a UTF-16 surrogate without its other half. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const UNSTORABLE_TEXT: TextRule = {
  message: 'Contains a character that cannot be stored (NUL or a broken surrogate pair)',
  refusesValue: (text) => UNSTORABLE.test(text),
  refusesKey: (key) => UNSTORABLE.test(key),
  keyPointer: 'key',
};

/** Pointers to every string (value or key) in `value` that text columns cannot hold. */
export function findUnstorableText(value: unknown): FieldError[] {
  return findRefusedText(value, UNSTORABLE_TEXT);
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
