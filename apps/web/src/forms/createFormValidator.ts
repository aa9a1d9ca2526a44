import { CUSTOM_FORMATS, errorMessageFor } from '@payouts/contracts';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidatorType,
} from '@rjsf/utils';
import { STANDARD_FORMATS } from './standardFormats.js';
import { validateSchema, type SchemaValidationError } from './validateSchema.js';

const FORMATS = { ...STANDARD_FORMATS, ...CUSTOM_FORMATS };

/** Our schema errors in RJSF's shape: a dotted property path, the keyword as `name`, our message. */
function toRjsfErrors(errors: readonly SchemaValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    const named = error.params.missingProperty ?? error.params.additionalProperty;
    const path = `${error.instancePath}${typeof named === 'string' && error.keyword === 'required' ? `/${named}` : ''}`;
    const property = path.replace(/\//g, '.').replace(/~1/g, '/').replace(/~0/g, '~');
    const message = errorMessageFor(error);
    return {
      name: error.keyword,
      property,
      message,
      params: error.params,
      stack: `${property} ${message}`.trim(),
      schemaPath: error.schemaPath,
      title: error.parentSchema.title,
    };
  });
}

function schemaErrors(schema: RJSFSchema, formData: unknown): SchemaValidationError[] {
  return validateSchema(schema, formData, FORMATS);
}

/**
 * RJSF's validator, on our eval-free JSON Schema check (`validateSchema`) instead of ajv, so the
 * PSP sections validate under the BFF's Content-Security-Policy. Formats and messages are the
 * contracts' (`CUSTOM_FORMATS`, `errorMessageFor`): the browser refuses what the BFF refuses, in
 * the same words.
 */
export function createFormValidator(): ValidatorType {
  return {
    validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
      let errors = toRjsfErrors(schemaErrors(schema, formData));
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      let errorSchema: ErrorSchema = toErrorSchema(errors);
      if (customValidate) {
        const handler = customValidate(formData, createErrorHandler(formData), uiSchema);
        const merged = validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
        errors = merged.errors;
        errorSchema = merged.errorSchema;
      }
      return { errors, errorSchema };
    },
    isValid(schema, formData) {
      return schemaErrors(schema, formData).length === 0;
    },
    rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
      try {
        const errors = schemaErrors(schema, formData);
        return errors.length > 0 ? { errors: errors as unknown as Result[] } : {};
      } catch (error) {
        return { validationError: error instanceof Error ? error : new Error(String(error)) };
      }
    },
  };
}
