import {
  CARD_NUMBER_FIELD_NAMES,
  CARD_NUMBER_IN_TEXT_MESSAGE,
  containsCardNumber,
} from '@payouts/contracts';
import type { RequestHandler } from 'express';
import { AppError, type FieldError } from '../shared/AppError.js';
import { findRefusedText, type TextRule } from './findRefusedText.js';

/**
 * Where a card-shaped number is let through, by the exact name of the field holding the string:
 * contracts' card number fields; passwords (only ever hashed, and a user whose password happens
 * to pass the Luhn check must still be able to sign in); and identifiers that are digits by
 * nature, where one in ten 13-19 digit values passes the Luhn check: the merchant's order ids,
 * and the search box that finds them (never stored; the access log masks card numbers in URLs).
 */
const EXEMPT_FIELDS: ReadonlySet<string> = new Set([
  ...CARD_NUMBER_FIELD_NAMES,
  'password',
  'order_id',
  'q',
]);

const CARD_NUMBER_IN_TEXT: TextRule = {
  message: CARD_NUMBER_IN_TEXT_MESSAGE,
  refusesValue: (text, key) =>
    !(typeof key === 'string' && EXEMPT_FIELDS.has(key)) && containsCardNumber(text),
  refusesKey: containsCardNumber,
  // A pointer naming the key would send the card number back in the reply.
  keyPointer: 'parent',
};

/** Pointers to every string in `value` that holds a card number outside a card number field. */
export function findCardNumbersInText(value: unknown): FieldError[] {
  return findRefusedText(value, CARD_NUMBER_IN_TEXT);
}

/**
 * A card number typed into a name, an address or a reason would be stored, searched and exported
 * in full (only card number fields are masked): the body and query are refused with a 422 naming
 * the fields, before any route or service sees them, so nothing is written.
 */
export function refuseCardNumbersInText(): RequestHandler {
  return (req, _res, next) => {
    const errors = [
      ...findCardNumbersInText(req.query),
      ...findCardNumbersInText(req.body as unknown),
    ];
    if (errors.length > 0) {
      next(new AppError('validation_failed', 'Some fields are invalid.', { errors }));
      return;
    }
    next();
  };
}
