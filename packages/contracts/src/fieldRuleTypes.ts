import type { JsonSchema, SchemaErrorMessages, UiSchema } from './schemas/jsonSchema.js';

/** How a typed value is tidied before it is validated and sent. */
export type FieldNormalizer = 'trim' | 'cardNumber' | 'phone' | 'bankCode' | 'none';

/** Which rule a field follows: a known name, the unknown-name default, or the PSP's options. */
export type FieldRuleName =
  | 'email'
  | 'phone'
  | 'expiryMonth'
  | 'expiryYear'
  | 'creditCardNumber'
  | 'creditCardToken'
  | 'personName'
  | 'text'
  | 'bankCode'
  | 'bankAccountNumber'
  | 'postalCode'
  | 'walletAddress'
  | 'integer'
  | 'number'
  | 'options';

/** A field's rule as it is built: the resolved field without its name and title. */
export interface Rule {
  rule: FieldRuleName;
  schema: JsonSchema;
  messages: SchemaErrorMessages;
  ui: UiSchema;
  required: boolean;
  emptyValue?: '';
  normalize: FieldNormalizer;
}
