import {
  isInternationalPhone,
  isPlausibleCardNumber,
  PAYOUT_METHOD_TYPES,
  validateWalletAddress,
  type OrchestratorValidationIssue,
  type PayoutMethodType,
  type ProviderField,
} from '@payouts/contracts';
import { findPsp } from '../providers/findPsp.js';
import { payoutProvidersFor } from '../providers/payoutProvidersFor.js';
import type { SandboxProviderConfig, SandboxPsp } from '../providers/SandboxProviderConfig.js';
import {
  checkAmount,
  checkCountry,
  checkCurrency,
  checkRequiredString,
  checkState,
  isBlank,
} from '../validation/commonRules.js';
import { isRecord } from '../validation/isRecord.js';
import { isValidEmail } from '../validation/isValidEmail.js';
import { readJsonNumber } from '../validation/jsonNumber.js';

export interface ValidPayout {
  order_id: string;
  psp: SandboxPsp;
  country: string;
  currency: string;
  state: string | null;
  /** Plain decimal notation, digits as sent. */
  amount: string;
  payout_method_type: PayoutMethodType;
  /** As sent (numbers turned into JS numbers); mask before keeping. */
  metadata: Record<string, string | number>;
}

export type PayoutValidation =
  { ok: true; payout: ValidPayout } | { ok: false; issues: OrchestratorValidationIssue[] };

const TOP_LEVEL_ORDER = [
  'body',
  'order_id',
  'provider',
  'country',
  'currency',
  'state',
  'amount',
  'payout_method_type',
  'metadata',
];

/**
 * The sandbox orchestrator's own create-payout rules (documented in the package README under
 * "The orchestrator's rules"). Every issue is collected; none stops the others being checked.
 * Independent of the contracts form builder on purpose: a differential test compares the two.
 */
export function validatePayoutRequest(
  body: unknown,
  ctx: { config: SandboxProviderConfig; now: Date },
): PayoutValidation {
  const issues: { field: string; message: string }[] = [];
  const add = (field: string, message: string | undefined): void => {
    if (message !== undefined) issues.push({ field, message });
  };

  if (!isRecord(body)) {
    add('body', 'Request body must be a JSON object');
    return { ok: false, issues: finish(issues, 'validation_error') };
  }

  const { order_id, provider, country, currency, state, amount, payout_method_type, metadata } =
    body;

  add('order_id', checkRequiredString('order_id', order_id, 64));
  const countryError = checkCountry(country);
  add('country', countryError);
  const currencyError = checkCurrency(currency);
  add('currency', currencyError);
  add('state', checkState(country, state));
  add('amount', checkAmount(amount, currency));

  const typeValid =
    typeof payout_method_type === 'string' &&
    (PAYOUT_METHOD_TYPES as readonly string[]).includes(payout_method_type);
  if (isBlank(payout_method_type)) add('payout_method_type', 'payout_method_type is required');
  else if (!typeValid) {
    add(
      'payout_method_type',
      `payout_method_type must be one of ${PAYOUT_METHOD_TYPES.join(', ')}`,
    );
  }

  let psp: SandboxPsp | undefined;
  if (isBlank(provider)) add('provider', 'provider is required');
  else if (typeof provider !== 'string') add('provider', 'provider must be a string');
  else {
    psp = findPsp(ctx.config, provider);
    if (!psp) add('provider', `Unknown provider "${provider}"`);
  }

  // Which (PSP, type) this payout goes through, once the corridor is known to be served.
  let fields: ProviderField[] | undefined;
  if (countryError === undefined && currencyError === undefined) {
    const corridor = payoutProvidersFor(ctx.config, country as string, currency as string);
    if (corridor.length === 0) {
      add('currency', `No payout provider serves ${String(country)}/${String(currency)}`);
    } else if (psp && typeValid) {
      const offered = corridor.find(
        (p) => p.name === psp?.name && p.payout_method_type === payout_method_type,
      );
      if (offered) fields = offered.fields;
      else {
        add(
          'provider',
          `${psp.title} does not offer ${String(payout_method_type)} payouts for ${String(country)}/${String(currency)}`,
        );
      }
    }
  }

  const cleanMetadata: Record<string, string | number> = {};
  if (!isRecord(metadata)) {
    add('metadata', 'metadata must be an object');
  } else if (fields) {
    for (const field of fields) {
      const value = metadata[field.name];
      add(`metadata.${field.name}`, checkMetadataField(field, value, String(currency), ctx.now));
    }
    const known = new Set(fields.map((f) => f.name));
    for (const [key, value] of Object.entries(metadata)) {
      if (!known.has(key))
        add(`metadata.${key}`, `Unknown field for ${psp?.title ?? 'this provider'}`);
      const n = readJsonNumber(value);
      if (n) cleanMetadata[key] = Number(n.decimal);
      else if (typeof value === 'string') cleanMetadata[key] = value;
    }
  }

  const issueType = psp?.validation_error_type ?? 'validation_error';
  if (issues.length > 0 || !psp || !fields) {
    return { ok: false, issues: finish(issues, issueType) };
  }
  return {
    ok: true,
    payout: {
      order_id: order_id as string,
      psp,
      country: country as string,
      currency: currency as string,
      state: typeof state === 'string' ? state : null,
      amount: readJsonNumber(amount)?.decimal ?? '',
      payout_method_type: payout_method_type as PayoutMethodType,
      metadata: cleanMetadata,
    },
  };
}

function finish(
  issues: { field: string; message: string }[],
  type: string,
): OrchestratorValidationIssue[] {
  const rank = (field: string): number => {
    const index = TOP_LEVEL_ORDER.indexOf(field.split('.')[0] ?? field);
    return index === -1 ? TOP_LEVEL_ORDER.length : index;
  };
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => rank(a.issue.field) - rank(b.issue.field) || a.index - b.index)
    .map(({ issue }) => ({ type, field: issue.field, message: issue.message }));
}

type FieldKind = NonNullable<ProviderField['type']>;

function kindByName(name: string): FieldKind {
  if (name === 'expiryMonth' || name === 'expiryYear') return 'integer';
  if (name === 'email') return 'email';
  if (name === 'phone') return 'phone';
  return 'string';
}

/** A `type` hint wins, except that "string" keeps a string-valued name's own kind (e-mail stays e-mail). */
function kindOf(field: ProviderField): FieldKind {
  const byName = kindByName(field.name);
  if (field.type === undefined) return byName;
  if (field.type === 'string' && byName !== 'integer' && byName !== 'number') return byName;
  return field.type;
}

function kindError(
  kind: FieldKind,
  title: string,
  value: unknown,
  formatChecked: boolean,
): string | undefined {
  const number = readJsonNumber(value);
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? undefined : `${title} must be a string`;
    case 'email':
      if (typeof value !== 'string') return `${title} is invalid`;
      return !formatChecked || isValidEmail(value) ? undefined : `${title} is invalid`;
    case 'phone':
      if (typeof value !== 'string') return `${title} must be a string`;
      return !formatChecked || isInternationalPhone(value)
        ? undefined
        : `${title} must be an international phone number in E.164 format, e.g. +14155552671`;
    case 'integer':
      return number?.isInteger ? undefined : `${title} must be an integer`;
    case 'number':
      return number ? undefined : `${title} must be a number`;
  }
}

/**
 * One metadata field, by the orchestrator's rules:
 * 1. required unless the hint says `required: false` or it is `creditCardToken`; blank = absent,
 *    null or only spaces;
 * 2. an `options` hint: the value must be one of them, nothing else is checked;
 * 3. the kind: the `type` hint, else what the name implies (expiry month/year integers, email,
 *    phone, text);
 * 4. the name's format (e-mail, E.164 phone, card number 12-19 digits + Luhn, wallet address for
 *    the currency), unless a `type` hint changed the kind or a `pattern` hint replaces it;
 *    the expiry ranges (month 1-12, year this year to +20) whenever the value is an integer;
 * 5. the `min_length`, `max_length` and `pattern` hints on strings.
 */
function checkMetadataField(
  field: ProviderField,
  value: unknown,
  currency: string,
  now: Date,
): string | undefined {
  const title = field.title || field.name;
  const required = field.required ?? field.name !== 'creditCardToken';
  if (isBlank(value)) return required ? `${title} is required` : undefined;

  const number = readJsonNumber(value);
  if (field.options && field.options.length > 0) {
    const matches = field.options.some((o) =>
      typeof value === 'string'
        ? o.value === value
        : number !== undefined && Number(o.value) === Number(number.decimal),
    );
    return matches
      ? undefined
      : `${title} must be one of ${field.options.map((o) => o.value).join(', ')}`;
  }

  const kind = kindOf(field);
  const ownKind = kind === kindByName(field.name);
  const pattern = usablePattern(field.pattern);
  const formatChecked = ownKind && pattern === undefined;
  const error = kindError(kind, title, value, formatChecked);
  if (error) return error;

  const year = now.getUTCFullYear();
  const integer = number?.isInteger ? Number(number.decimal) : undefined;
  if (field.name === 'expiryMonth' && integer !== undefined && (integer < 1 || integer > 12)) {
    return `${title} must be between 1 and 12`;
  }
  if (
    field.name === 'expiryYear' &&
    integer !== undefined &&
    (integer < year || integer > year + 20)
  ) {
    return `${title} must be between ${year} and ${year + 20}`;
  }
  if (formatChecked && typeof value === 'string') {
    if (field.name === 'creditCardNumber' && !isPlausibleCardNumber(value)) {
      return `${title} is invalid`;
    }
    if (field.name === 'walletAddress' && !validateWalletAddress(value, currency).ok) {
      return `${title} is not a valid ${currency} address`;
    }
  }

  if (typeof value === 'string') {
    const length = [...value].length;
    if (field.min_length !== undefined && length < field.min_length) {
      return `${title} must be at least ${field.min_length} characters`;
    }
    if (field.max_length !== undefined && length > field.max_length) {
      return `${title} must be at most ${field.max_length} characters`;
    }
    if (pattern && !pattern.test(value)) return `${title} has an invalid format`;
  }
  return undefined;
}

/** A PSP pattern that does not compile is ignored: one bad hint must not break every payout. */
function usablePattern(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined || pattern === '') return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}
