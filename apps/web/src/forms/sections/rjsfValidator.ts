import { errorKeywordRank } from '@payouts/contracts';
import type { RJSFValidationError } from '@rjsf/utils';
import { createFormValidator } from '../../forms/createFormValidator.js';

/**
 * The PSP sections' validator: contracts' formats and messages on an eval-free JSON Schema check
 * (see `forms/validateSchema.ts` for why not ajv).
 */
export const rjsfValidator = createFormValidator();

/** One error per field; `if`/`allOf` only repeat what the errors inside them say. */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const best = new Map<string, RJSFValidationError>();
  for (const error of errors) {
    if (error.name === 'if' || error.name === 'allOf') continue;
    const key = error.property ?? '';
    const current = best.get(key);
    if (!current || errorKeywordRank(error.name) < errorKeywordRank(current.name))
      best.set(key, error);
  }
  return [...best.values()];
}
