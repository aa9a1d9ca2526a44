import {
  ajvErrorsToFieldErrors,
  compileSchema,
  normalizePayout,
  PAYOUT_METHOD_TYPE_TITLES,
  type FieldError,
  type JsonSchema,
  type JsonSchemaDefinition,
  type PayoutForm,
  type PayoutMetadataValue,
  type PayoutMethodType,
  type PayoutProvider,
  type ValidationResult,
} from '@payouts/contracts';
import { likelyCauseOfMissing } from '../providers/index.js';
import { isCardDataField } from './beneficiaryMasking.js';

/** What a payout has that a payee does not: they are typed for each payout. */
const PER_PAYOUT_FIELDS = new Set(['order_id', 'amount']);

function isSchema(value: JsonSchemaDefinition | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null;
}

/** A card beneficiary's card is typed again at payout time: its fields are optional here. */
function withOptionalCardData(branch: JsonSchemaDefinition): JsonSchemaDefinition {
  if (!isSchema(branch) || !isSchema(branch.then)) return branch;
  const metadata = branch.then.properties?.metadata;
  if (!isSchema(metadata) || !metadata.required) return branch;
  return {
    ...branch,
    then: {
      ...branch.then,
      properties: {
        ...branch.then.properties,
        metadata: { ...metadata, required: metadata.required.filter((f) => !isCardDataField(f)) },
      },
    },
  };
}

/**
 * The payout form's own schema (one definition of valid) without what belongs to one payout
 * (order id, amount): the corridor, state, type, PSP and the PSP section's `metadata`. For
 * cards, the card data itself is optional (it is never kept).
 */
export function beneficiarySchemaOf(form: PayoutForm, type: PayoutMethodType): JsonSchema {
  // The same object for the same form and type: the compiled validator is then found by
  // identity (a list checks every row's saved details against one form).
  const known = schemas.get(form)?.get(type);
  if (known) return known;
  const built = buildBeneficiarySchema(form, type);
  const ofForm = schemas.get(form) ?? new Map<PayoutMethodType, JsonSchema>();
  schemas.set(form, ofForm.set(type, built));
  return built;
}

const schemas = new WeakMap<PayoutForm, Map<PayoutMethodType, JsonSchema>>();

function buildBeneficiarySchema(form: PayoutForm, type: PayoutMethodType): JsonSchema {
  const { schema } = form;
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([name]) => !PER_PAYOUT_FIELDS.has(name)),
  );
  return {
    ...schema,
    properties,
    required: (schema.required ?? []).filter((name) => !PER_PAYOUT_FIELDS.has(name)),
    ...(schema.allOf
      ? {
          allOf:
            type === 'credit_card' ? schema.allOf.map(withOptionalCardData) : [...schema.allOf],
        }
      : {}),
  };
}

export interface BeneficiaryPaymentInput {
  country: string;
  currency: string;
  state: string | null;
  payout_method_type: string;
  provider: string;
  details: unknown;
}

export interface ValidBeneficiaryPayment {
  state: string | null;
  payoutMethodType: PayoutMethodType;
  provider: string;
  /** Tidied as a payout's metadata is (trimmed, compacted), not yet stripped of card data. */
  details: Record<string, PayoutMetadataValue>;
}

/** `/metadata/...` (the form's name) is `/details/...` in a beneficiary body. */
function asDetailsPointer(error: FieldError): FieldError {
  return error.pointer === '/metadata' || error.pointer.startsWith('/metadata/')
    ? { ...error, pointer: `/details${error.pointer.slice('/metadata'.length)}` }
    : error;
}

/** Checks a beneficiary's corridor, type, PSP and details against the corridor's payout form. */
export function validateBeneficiaryPayment(
  form: PayoutForm,
  input: BeneficiaryPaymentInput,
): ValidationResult<ValidBeneficiaryPayment> {
  const type = input.payout_method_type as PayoutMethodType;
  const schema = beneficiarySchemaOf(form, type);
  const value = normalizePayout(form, {
    country: input.country,
    currency: input.currency,
    state: input.state,
    payout_method_type: input.payout_method_type,
    provider: input.provider,
    metadata: input.details,
  }) as { state: string | null; metadata: Record<string, PayoutMetadataValue> };
  const validate = compileSchema(schema);
  if (!validate(value)) {
    return {
      ok: false,
      errors: ajvErrorsToFieldErrors(validate.errors, schema).map(asDetailsPointer),
    };
  }
  return {
    ok: true,
    value: {
      state: value.state,
      payoutMethodType: type,
      provider: input.provider,
      details: value.metadata,
    },
  };
}

/**
 * Why a beneficiary cannot be paid now, in words (the providers matrix's own causes): its
 * corridor is gone, or its PSP no longer offers its type there. Null when it can be paid.
 * `providers`: the corridor's PSPs from the (cached) metadata endpoint; undefined when the
 * corridor is not configured.
 */
export function unusableReasonOf(
  beneficiary: { country: string; currency: string; provider: string; payoutMethodType: string },
  providers: readonly PayoutProvider[] | undefined,
  pspTitle: string,
): string | null {
  const where = `${beneficiary.country}/${beneficiary.currency}`;
  if (providers === undefined) {
    return `${where} is no longer one of the merchant’s corridors.`;
  }
  const listed = providers.filter((p) => p.name === beneficiary.provider);
  if (listed.some((p) => p.payout_method_type === beneficiary.payoutMethodType)) return null;
  const type = beneficiary.payoutMethodType as PayoutMethodType;
  const typeTitle = (PAYOUT_METHOD_TYPE_TITLES[type] ?? type).toLowerCase();
  return `${pspTitle} no longer offers ${typeTitle} payouts for ${where}. ${likelyCauseOfMissing(listed.length > 0, type, where)}`;
}
