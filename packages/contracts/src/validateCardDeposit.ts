/**
 * The check of a server-to-server card deposit body before it goes to the orchestrator: tidy the
 * typed values, validate against `cardDepositRequestSchema`, then the amount against the scale of
 * its currency (which a schema for every currency would need an if/then per code to express).
 */
import { normalizeCardNumber } from './card.js';
import { validateWithSchema } from './contractsAjv.js';
import { isDecimalString, validateAmount } from './money.js';
import { normalizePhone } from './phone.js';
import { cardDepositRequestSchema } from './schemas/cardDeposit.js';
import type { CardDepositRequest, ValidationResult } from './types.js';

/** Card number and phone compacted, other strings trimmed; non-objects returned as they are. */
export function normalizeCardDeposit(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      if (key === 'credit_card_number') return [key, normalizeCardNumber(value.trim())];
      if (key === 'phone') return [key, normalizePhone(value.trim())];
      return [key, value.trim()];
    }),
  );
}

export function validateCardDeposit(input: unknown): ValidationResult<CardDepositRequest> {
  const value = normalizeCardDeposit(input);
  const result = validateWithSchema<CardDepositRequest>(cardDepositRequestSchema, value);
  const body = value as Partial<CardDepositRequest> | null;
  const amount = body?.amount;
  const currency = body?.currency;
  if (typeof currency !== 'string' || !isDecimalString(amount)) return result;
  const check = validateAmount(amount, currency);
  if (check.ok) return result;
  const amountError = { pointer: '/amount', message: check.message };
  if (result.ok) return { ok: false, errors: [amountError] };
  if (result.errors.some((e) => e.pointer === '/amount' || e.pointer === '/currency'))
    return result;
  return { ok: false, errors: [...result.errors, amountError] };
}
