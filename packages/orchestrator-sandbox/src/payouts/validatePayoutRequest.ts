import {
  PAYOUT_METHOD_TYPES,
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
import { readJsonNumber } from '../validation/jsonNumber.js';
import { checkMetadataField } from './checkMetadataField.js';
import { resolveMetadataFieldRule, type MetadataFieldRule } from './resolveMetadataFieldRule.js';

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
    const rules = metadataRules(fields, ctx.now);
    // Own keys only: a field called `constructor` must not find Object.prototype's.
    const sentValue = (name: string): unknown =>
      Object.hasOwn(metadata, name) ? metadata[name] : undefined;
    for (const rule of rules) {
      add(
        `metadata.${rule.name}`,
        checkMetadataField(rule, sentValue(rule.name), String(currency)),
      );
    }
    add('metadata.expiryMonth', checkCardNotExpired(rules, sentValue, ctx.now));
    const known = new Set(rules.map((r) => r.name));
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

/** One rule per listed field; a nameless field cannot be sent and a repeated name is one field. */
function metadataRules(fields: readonly ProviderField[], now: Date): MetadataFieldRule[] {
  const seen = new Set<string>();
  const rules: MetadataFieldRule[] = [];
  for (const field of fields) {
    if (typeof field.name !== 'string' || field.name === '' || field.name === '__proto__') continue;
    if (seen.has(field.name)) continue;
    seen.add(field.name);
    rules.push(resolveMetadataFieldRule(field, { now }));
  }
  return rules;
}

/**
 * A card is valid to the end of its expiry month: with this year (sandbox clock, UTC) as the
 * expiry year, the month must not be past. Only when both fields follow their own rules (no hint
 * made them something else) and hold integers that pass them.
 */
function checkCardNotExpired(
  rules: readonly MetadataFieldRule[],
  value: (name: string) => unknown,
  now: Date,
): string | undefined {
  const month = rules.find((r) => r.expiry === 'month');
  const year = rules.find((r) => r.expiry === 'year');
  if (!month || !year) return undefined;
  const monthNumber = readJsonNumber(value(month.name));
  const yearNumber = readJsonNumber(value(year.name));
  if (!monthNumber?.isInteger || !yearNumber?.isInteger) return undefined;
  if (Number(yearNumber.decimal) !== now.getUTCFullYear()) return undefined;
  const m = Number(monthNumber.decimal);
  const thisMonth = now.getUTCMonth() + 1;
  // Below 1 is the month's own rule to report.
  return m >= 1 && m < thisMonth
    ? `${month.title} is in the past: the card has expired`
    : undefined;
}
