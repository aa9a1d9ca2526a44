import {
  cardBrand,
  isEmailAddress,
  isInternationalPhone,
  isPlausibleCardNumber,
  type OrchestratorValidationIssue,
} from '@payouts/contracts';
import { findPsp } from '../providers/findPsp.js';
import { acceptsCardDeposit, routeCardDeposit } from '../providers/routeCardDeposit.js';
import type {
  CardBrand,
  SandboxMid,
  SandboxProviderConfig,
  SandboxPsp,
} from '../providers/SandboxProviderConfig.js';
import {
  checkAmount,
  checkCountry,
  checkCurrency,
  checkIntegerInRange,
  checkRequiredString,
  checkState,
  integerValue,
  isBlank,
} from '../validation/commonRules.js';
import { isRecord } from '../validation/isRecord.js';
import { readJsonNumber } from '../validation/jsonNumber.js';

export interface ValidDeposit {
  order_id: string;
  psp: SandboxPsp;
  mid: SandboxMid;
  routed: boolean;
  country: string;
  currency: string;
  state: string | null;
  amount: string;
  email: string;
  first_name: string;
  last_name: string;
  /** The full number, only for deciding the outcome; never stored. */
  card_number: string;
  card_brand: CardBrand;
}

export type DepositValidation =
  | { ok: true; deposit: ValidDeposit }
  | { ok: false; kind: 'validation'; issues: OrchestratorValidationIssue[] }
  | { ok: false; kind: 'no_route'; message: string };

/** The longest address SMTP carries (a sandbox decision, as for payout metadata). */
const EMAIL_MAX_LENGTH = 254;

const REQUIRED_TEXT = [
  'first_name',
  'last_name',
  'address1',
  'city',
  'zip_code',
  'card_holder_name',
] as const;

/**
 * The card-deposit body rules. `pspName` is set for the single-PSP endpoint; otherwise the
 * deposit is routed by corridor and card brand (`routeCardDeposit`).
 */
export function validateDepositRequest(
  body: unknown,
  ctx: {
    config: SandboxProviderConfig;
    cashierKeys: readonly string[];
    now: Date;
    pspName?: string;
  },
): DepositValidation {
  const issues: OrchestratorValidationIssue[] = [];
  const add = (field: string, message: string | undefined): void => {
    if (message !== undefined) issues.push({ type: 'validation_error', field, message });
  };
  if (!isRecord(body)) {
    add('body', 'Request body must be a JSON object');
    return { ok: false, kind: 'validation', issues };
  }

  if (isBlank(body.cashier_key)) add('cashier_key', 'cashier_key is required');
  else if (typeof body.cashier_key !== 'string' || !ctx.cashierKeys.includes(body.cashier_key)) {
    add('cashier_key', 'cashier_key is not a known cashier configuration');
  }
  add('order_id', checkRequiredString('order_id', body.order_id, 64));
  for (const field of REQUIRED_TEXT) add(field, checkRequiredString(field, body[field]));
  if (isBlank(body.email)) add('email', 'email is required');
  else if (
    typeof body.email !== 'string' ||
    body.email.length > EMAIL_MAX_LENGTH ||
    !isEmailAddress(body.email)
  ) {
    add('email', 'email is invalid');
  }
  const countryError = checkCountry(body.country);
  add('country', countryError);
  const currencyError = checkCurrency(body.currency);
  add('currency', currencyError);
  add('state', checkState(body.country, body.state));
  add('amount', checkAmount(body.amount, body.currency));
  if (isBlank(body.phone)) add('phone', 'phone is required');
  else if (typeof body.phone !== 'string' || !isInternationalPhone(body.phone)) {
    add('phone', 'phone must be an international phone number in E.164 format, e.g. +14155552671');
  }

  const cardNumber = body.credit_card_number;
  let cardError: string | undefined;
  if (isBlank(cardNumber)) cardError = 'credit_card_number is required';
  else if (typeof cardNumber !== 'string' || !isPlausibleCardNumber(cardNumber)) {
    cardError = 'credit_card_number is invalid';
  } else if (!cardBrand(cardNumber))
    cardError = 'credit_card_number is of an unsupported card brand';
  add('credit_card_number', cardError);

  const now = ctx.now;
  const year = now.getUTCFullYear();
  const monthError = checkIntegerInRange('expire_month', body.expire_month, 1, 12);
  add('expire_month', monthError);
  const yearError = checkIntegerInRange('expire_year', body.expire_year, year, year + 20);
  add('expire_year', yearError);
  if (
    monthError === undefined &&
    yearError === undefined &&
    integerValue(body.expire_year) === year &&
    integerValue(body.expire_month) < now.getUTCMonth() + 1
  ) {
    add('expire_month', 'The card has expired');
  }
  if (isBlank(body.cvv2)) add('cvv2', 'cvv2 is required');
  else if (typeof body.cvv2 !== 'string' || !/^\d{3,4}$/.test(body.cvv2)) {
    add('cvv2', 'cvv2 must be 3 or 4 digits');
  }
  const ddc = body.ddc;
  const ddcValid =
    ddc === undefined ||
    ddc === null ||
    (isRecord(ddc) && Object.values(ddc).every((v) => typeof v === 'string'));
  if (!ddcValid) add('ddc', 'ddc must be an object of device data strings keyed by PSP name');

  // Which PSP and MID, once the corridor and the card are known.
  let psp: SandboxPsp | undefined;
  let mid: SandboxMid | undefined;
  const routable =
    countryError === undefined && currencyError === undefined && cardError === undefined;
  const country = body.country as string;
  const currency = body.currency as string;
  const card = cardNumber as string;
  if (ctx.pspName !== undefined) {
    const named = findPsp(ctx.config, ctx.pspName);
    if (!named?.deposits) {
      add('psp_name', `Unknown PSP "${ctx.pspName}" or it takes no card deposits`);
    } else {
      if (routable && !acceptsCardDeposit(named, country, currency, card)) {
        add('psp_name', `${named.title} does not take this card for ${country}/${currency}`);
      } else {
        psp = named;
      }
      const alias = body.single_payment_mid_alias;
      const mids = named.deposits.mids;
      if (isBlank(alias)) {
        if (mids.length > 1) {
          add(
            'single_payment_mid_alias',
            `single_payment_mid_alias is required: ${named.title} has several MIDs (${mids.map((m) => m.alias).join(', ')})`,
          );
        } else mid = mids[0];
      } else {
        mid = mids.find((m) => m.alias === alias);
        if (!mid) {
          add('single_payment_mid_alias', `Unknown MID alias for ${named.title}`);
        }
      }
    }
  } else if (routable) {
    psp = routeCardDeposit(ctx.config, country, currency, card);
    mid = psp?.deposits?.mids[0];
    if (!psp && issues.length === 0) {
      return {
        ok: false,
        kind: 'no_route',
        message: `No PSP takes ${cardBrand(card) ?? 'this'} cards for ${country}/${currency}`,
      };
    }
  }
  if (psp?.deposits?.requires_fingerprint && ddcValid) {
    const data = isRecord(ddc) ? ddc[psp.name] : undefined;
    if (typeof data !== 'string' || data.trim() === '') {
      add('ddc', `Device data for ${psp.name} is required: run the fingerprint step first`);
    }
  }

  if (issues.length > 0 || !psp || !mid) return { ok: false, kind: 'validation', issues };
  return {
    ok: true,
    deposit: {
      order_id: body.order_id as string,
      psp,
      mid,
      routed: ctx.pspName === undefined,
      country,
      currency,
      state: typeof body.state === 'string' ? body.state : null,
      amount: readJsonNumber(body.amount)?.decimal ?? '',
      email: body.email as string,
      first_name: body.first_name as string,
      last_name: body.last_name as string,
      card_number: card,
      card_brand: cardBrand(card) ?? 'visa',
    },
  };
}
