/**
 * From the metadata endpoint's providers for one corridor (country + currency) to the form a
 * payout is made with: which payout method types are offered, which PSPs per type, each PSP's own
 * metadata section, and one JSON Schema for the whole payout that the SPA renders with RJSF and the
 * BFF validates with (`validatePayout`): one definition of a valid payout.
 */
import { statesOf } from './countries.js';
import { exampleAmount } from './money.js';
import { currencyScale } from './currencies.js';
import { resolveField, type ResolvedField } from './fieldRules.js';
import { amountSchemaFor, orderIdSchema } from './schemas/common.js';
import { DRAFT_07, type JsonSchema, type UiSchema } from './schemas/jsonSchema.js';
import {
  PAYOUT_FORM_FIELD_ORDER,
  PAYOUT_REQUEST_FIELDS,
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type Corridor,
  type PayoutMethodType,
  type PayoutProvider,
} from './types.js';

export interface ProviderOption {
  /** The PSP's code name: what `provider` takes. */
  name: string;
  title: string;
}

export interface PayoutFormSection {
  type: PayoutMethodType;
  provider: ProviderOption;
  /** The PSP's fields as resolved, in the order the PSP sent them. */
  fields: ResolvedField[];
  /** The `metadata` object's schema for this PSP. */
  schema: JsonSchema;
  uiSchema: UiSchema;
}

export interface PayoutForm {
  corridor: Corridor;
  /** The day the form was built for (expiry dates are checked against it). */
  now: Date;
  /** Offered payout method types, in `PAYOUT_METHOD_TYPES` order. */
  methodTypes: PayoutMethodType[];
  /** PSPs per type, in the order the metadata endpoint listed them; [] for types not offered. */
  providersByType: Record<PayoutMethodType, ProviderOption[]>;
  /** One PSP's metadata section (schema + uiSchema + fields) for the wizard's PSP step. */
  section(type: PayoutMethodType, provider: string): PayoutFormSection | undefined;
  /**
   * The whole payout: order_id, provider, country, currency, state, amount, payout_method_type,
   * metadata. Country and currency are fixed; the provider and the metadata are tied to the type
   * and provider with if/then.
   */
  schema: JsonSchema;
  uiSchema: UiSchema;
}

export interface BuildPayoutFormOptions {
  /** Today (expiry dates are checked against it). Defaults to the current time. */
  now?: Date;
}

function stateTitle(country: string): string {
  if (country === 'CA') return 'Province or territory';
  if (country === 'AU') return 'State or territory';
  return 'State';
}

function options(items: readonly { const: string; title: string }[]): JsonSchema[] {
  return items.map((item) => ({ const: item.const, title: item.title }));
}

/** A choice among `values`, with titles; a value-less choice refuses everything with `message`. */
function choice(title: string, values: ProviderOption[], message: string): JsonSchema {
  if (values.length === 0)
    return { type: 'string', title, not: {}, errorMessage: { not: message } };
  return {
    type: 'string',
    title,
    oneOf: options(values.map((v) => ({ const: v.name, title: v.title }))),
    errorMessage: { type: message, oneOf: message },
  };
}

function buildSection(
  type: PayoutMethodType,
  provider: PayoutProvider,
  corridor: Corridor,
  now: Date,
): PayoutFormSection {
  const fields: ResolvedField[] = [];
  const seen = new Set<string>();
  for (const field of provider.fields) {
    // A field needs a name to be sent; a name listed twice is one field. `__proto__` cannot be a
    // field: ajv ignores that property name in schemas, and JavaScript objects treat it specially.
    if (typeof field.name !== 'string' || field.name === '' || field.name === '__proto__') continue;
    if (seen.has(field.name)) continue;
    seen.add(field.name);
    fields.push(
      resolveField(field, { currency: corridor.currency, country: corridor.country, now }),
    );
  }
  const title =
    typeof provider.title === 'string' && provider.title.trim() !== ''
      ? provider.title.trim()
      : provider.name;
  const schema: JsonSchema = {
    type: 'object',
    title,
    properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])),
    additionalProperties: false,
    errorMessage: {
      type: 'The recipient details are missing.',
      additionalProperties: `This field is not part of ${title}'s form.`,
    },
  };
  const required = fields.filter((f) => f.required).map((f) => f.name);
  if (required.length > 0) schema.required = required;
  const expiry = expiryNotPast(fields, now);
  if (expiry) schema.allOf = [expiry];
  const uiSchema: UiSchema = {
    'ui:order': [...fields.map((f) => f.name), '*'],
    ...Object.fromEntries(
      fields.filter((f) => Object.keys(f.ui).length > 0).map((f) => [f.name, f.ui]),
    ),
  };
  return {
    type,
    provider: { name: provider.name, title },
    fields,
    schema,
    uiSchema,
  };
}

/**
 * A card expiring this year must not have expired already: cards are valid to the end of their
 * expiry month, so in the current year the month must be this month or later.
 */
function expiryNotPast(fields: readonly ResolvedField[], now: Date): JsonSchema | undefined {
  const month = fields.find((f) => f.name === 'expiryMonth');
  const year = fields.find((f) => f.name === 'expiryYear');
  if (month?.rule !== 'expiryMonth' || year?.rule !== 'expiryYear') return undefined;
  const thisMonth = now.getUTCMonth() + 1;
  if (thisMonth === 1) return undefined;
  return {
    if: { properties: { expiryYear: { const: now.getUTCFullYear() } }, required: ['expiryYear'] },
    then: {
      properties: {
        expiryMonth: {
          type: 'integer',
          minimum: thisMonth,
          errorMessage: { minimum: 'The card has expired: its expiry month is in the past.' },
        },
      },
    },
  };
}

/**
 * Builds the payout form for one corridor from the metadata endpoint's providers. Providers of
 * other corridors are the caller's to filter out; entries with an unknown payout method type are
 * skipped, and a (type, PSP) listed twice keeps its first entry.
 */
export function buildPayoutForm(
  providers: readonly PayoutProvider[],
  corridor: Corridor,
  options: BuildPayoutFormOptions = {},
): PayoutForm {
  const now = options.now ?? new Date();
  const sections = new Map<string, PayoutFormSection>();
  const key = (type: string, name: string): string => JSON.stringify([type, name]);
  for (const provider of providers) {
    const type = provider.payout_method_type;
    if (!PAYOUT_METHOD_TYPES.includes(type) || sections.has(key(type, provider.name))) continue;
    if (typeof provider.name !== 'string' || provider.name === '') continue;
    sections.set(key(type, provider.name), buildSection(type, provider, corridor, now));
  }
  const providersByType = Object.fromEntries(
    PAYOUT_METHOD_TYPES.map((type) => [
      type,
      [...sections.values()].filter((s) => s.type === type).map((s) => s.provider),
    ]),
  ) as Record<PayoutMethodType, ProviderOption[]>;
  const methodTypes = PAYOUT_METHOD_TYPES.filter((type) => providersByType[type].length > 0);

  const schema = buildPayoutSchema(corridor, methodTypes, providersByType, [...sections.values()]);
  const uiSchema = buildPayoutUiSchema(corridor, [...sections.values()]);
  return {
    corridor: { country: corridor.country, currency: corridor.currency },
    now,
    methodTypes,
    providersByType,
    section: (type, provider) => sections.get(key(type, provider)),
    schema,
    uiSchema,
  };
}

function buildPayoutSchema(
  corridor: Corridor,
  methodTypes: PayoutMethodType[],
  providersByType: Record<PayoutMethodType, ProviderOption[]>,
  sections: PayoutFormSection[],
): JsonSchema {
  const { country, currency } = corridor;
  const states = statesOf(country);
  const stateSchema: JsonSchema =
    states.length > 0
      ? {
          type: 'string',
          title: stateTitle(country),
          oneOf: options(states.map((s) => ({ const: s.code, title: s.name }))),
          errorMessage: {
            type: `Choose the ${stateTitle(country).toLowerCase()}.`,
            oneOf: `Choose the ${stateTitle(country).toLowerCase()} from the list.`,
          },
        }
      : {
          type: 'null',
          title: 'State',
          errorMessage: { type: `No state is given for payouts to ${country}.` },
        };
  const allProviders = new Map<string, ProviderOption>();
  for (const s of sections)
    if (!allProviders.has(s.provider.name)) allProviders.set(s.provider.name, s.provider);

  const corridorText = `${country} / ${currency}`;
  const allOf: JsonSchema[] = [];
  for (const type of methodTypes) {
    const typeTitle = PAYOUT_METHOD_TYPE_TITLES[type].toLowerCase();
    allOf.push({
      if: { properties: { payout_method_type: { const: type } }, required: ['payout_method_type'] },
      then: {
        properties: {
          provider: choice(
            'Provider',
            providersByType[type],
            `Choose a provider that offers ${typeTitle} payouts for ${corridorText}.`,
          ),
        },
      },
    });
  }
  for (const s of sections) {
    allOf.push({
      if: {
        properties: {
          payout_method_type: { const: s.type },
          provider: { const: s.provider.name },
        },
        required: ['payout_method_type', 'provider'],
      },
      then: { properties: { metadata: s.schema } },
    });
  }

  const schema: JsonSchema = {
    $schema: DRAFT_07,
    title: 'Payout',
    type: 'object',
    required: [...PAYOUT_REQUEST_FIELDS],
    additionalProperties: false,
    properties: {
      order_id: orderIdSchema(),
      country: {
        type: 'string',
        title: 'Country',
        const: country,
        errorMessage: { const: `This form is for payouts to ${country}.` },
      },
      currency: {
        type: 'string',
        title: 'Currency',
        const: currency,
        errorMessage: { const: `This form is for payouts in ${currency}.` },
      },
      state: stateSchema,
      amount: amountSchemaFor(currency),
      payout_method_type: choice(
        'Payout method',
        methodTypes.map((t) => ({ name: t, title: PAYOUT_METHOD_TYPE_TITLES[t] })),
        methodTypes.length > 0
          ? 'Choose one of the offered payout methods.'
          : `No payout method is available for ${corridorText}.`,
      ),
      provider: choice(
        'Provider',
        [...allProviders.values()],
        `Choose one of the providers available for ${corridorText}.`,
      ),
      metadata: {
        type: 'object',
        title: 'Recipient details',
        errorMessage: { type: 'The recipient details are missing.' },
      },
    },
    errorMessage: {
      type: 'The payout is missing.',
      additionalProperties: 'This field is not part of a payout.',
    },
  };
  if (allOf.length > 0) schema.allOf = allOf;
  return schema;
}

function buildPayoutUiSchema(corridor: Corridor, sections: PayoutFormSection[]): UiSchema {
  const scale = currencyScale(corridor.currency);
  const hasStates = statesOf(corridor.country).length > 0;
  // One uiSchema for metadata across PSPs: a field name means the same thing for all of them.
  const metadataOrder: string[] = [];
  const metadataUi: UiSchema = {};
  for (const s of sections) {
    for (const f of s.fields) {
      if (!metadataOrder.includes(f.name)) metadataOrder.push(f.name);
      if (!Object.hasOwn(metadataUi, f.name) && Object.keys(f.ui).length > 0) {
        metadataUi[f.name] = f.ui;
      }
    }
  }
  return {
    'ui:order': [...PAYOUT_FORM_FIELD_ORDER],
    order_id: {
      'ui:help': 'Your reference for this payout: letters, digits and . _ : - (up to 64).',
      'ui:autocomplete': 'off',
    },
    country: { 'ui:readonly': true },
    currency: { 'ui:readonly': true },
    state: hasStates ? {} : { 'ui:widget': 'hidden' },
    amount: {
      'ui:inputMode': 'decimal',
      'ui:placeholder': exampleAmount(scale),
      'ui:help':
        scale === 0
          ? `In ${corridor.currency}, without decimals.`
          : `In ${corridor.currency}, at most ${scale} decimals.`,
    },
    metadata: { 'ui:order': [...metadataOrder, '*'], ...metadataUi },
  };
}
