/**
 * The JSON Schema (draft-07) shape our schemas are written in. It mirrors `JSONSchema7` from
 * `@types/json-schema` (what RJSF's `RJSFSchema` is built on) so a schema from here can be handed
 * to RJSF as it is, without this package depending on those typings.
 */

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type JsonSchemaTypeName =
  'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * Human-readable messages per failing keyword, in the shape of ajv-errors' `errorMessage`
 * (`required` may name one message per missing property). Our validator reads them; an RJSF
 * validator built with ajv-errors would too.
 */
export interface SchemaErrorMessages {
  required?: string | Record<string, string>;
  [keyword: string]: string | Record<string, string> | undefined;
}

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $comment?: string;
  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: JsonValue;
  readOnly?: boolean;
  writeOnly?: boolean;

  type?: JsonSchemaTypeName | JsonSchemaTypeName[];
  enum?: JsonValue[];
  const?: JsonValue;

  multipleOf?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minimum?: number;
  exclusiveMinimum?: number;

  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;

  items?: JsonSchemaDefinition | JsonSchemaDefinition[];
  additionalItems?: JsonSchemaDefinition;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;

  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  properties?: Record<string, JsonSchemaDefinition>;
  patternProperties?: Record<string, JsonSchemaDefinition>;
  additionalProperties?: JsonSchemaDefinition;
  dependencies?: Record<string, JsonSchemaDefinition | string[]>;
  propertyNames?: JsonSchemaDefinition;

  if?: JsonSchemaDefinition;
  then?: JsonSchemaDefinition;
  else?: JsonSchemaDefinition;
  allOf?: JsonSchemaDefinition[];
  anyOf?: JsonSchemaDefinition[];
  oneOf?: JsonSchemaDefinition[];
  not?: JsonSchemaDefinition;

  definitions?: Record<string, JsonSchemaDefinition>;

  errorMessage?: string | SchemaErrorMessages;
}

export type JsonSchemaDefinition = JsonSchema | boolean;

/** An RJSF uiSchema: `ui:*` keys for the node itself, property names for its children. */
export interface UiSchema {
  [key: string]: unknown;
}

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
