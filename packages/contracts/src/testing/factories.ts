/**
 * Factories for tests across the workspaces: valid by default (against `buildPayoutForm` of
 * `buildProviders()`), deterministic (a seeded PRNG, reset with `resetFactories`), overridable.
 */
import fc from 'fast-check';
import { compileSchema } from '../contractsAjv.js';
import { currencyScale } from '../currencies.js';
import { statesOf } from '../countries.js';
import { KNOWN_FIELDS, type ResolvedField } from '../fieldRules.js';
import type { PayoutForm } from '../payoutForm.js';
import type {
  CardDepositRequest,
  Corridor,
  PayoutMetadataValue,
  PayoutMethodType,
  PayoutProvider,
  PayoutRequest,
} from '../types.js';
import { arbFieldValue } from './arbitraries.js';
import { createRandom, DEFAULT_SEED, type Random } from './random.js';
import {
  SAMPLE_CARD_NUMBER,
  SAMPLE_IBAN,
  SAMPLE_PHONE,
  sampleExpiry,
  sampleMetadata,
  sampleWalletAddresses,
} from './samples.js';

let random: Random = createRandom();
let sequence = 0;

/** Restarts the factories' sequence and PRNG (call in `beforeEach` for order-independent values). */
export function resetFactories(seed: number = DEFAULT_SEED): void {
  random = createRandom(seed);
  sequence = 0;
}

export const DEFAULT_CORRIDOR: Corridor = { country: 'BE', currency: 'EUR' };
/** The currency crypto payouts default to when none is given. */
export const DEFAULT_CRYPTO_CURRENCY = 'BTC';

export const TEST_PROVIDER_NAMES: Readonly<Record<PayoutMethodType, string>> = {
  credit_card: 'test_cards',
  bank_account: 'test_bank',
  crypto: 'test_crypto',
};

const TEST_PROVIDER_TITLES: Readonly<Record<PayoutMethodType, string>> = {
  credit_card: 'Test Cards',
  bank_account: 'Test Bank',
  crypto: 'Test Crypto',
};

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger', 'Barbara', 'Margaret'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Dijkstra', 'Liskov', 'Hamilton'];

function nextOrderId(): string {
  sequence += 1;
  return `test-${String(sequence).padStart(4, '0')}-${random.int(0, 0xffff).toString(16)}`;
}

function randomAmount(currency: string): string {
  const scale = currencyScale(currency);
  const integer = String(random.int(1, 5000));
  if (scale === 0) return integer;
  let fraction = '';
  for (let i = 0; i < Math.min(scale, 8); i += 1) fraction += String(random.int(0, 9));
  return `${integer}.${fraction}`;
}

/** A provider with every known field of its type (default: bank_account, `test_bank`). */
export function buildProvider(overrides: Partial<PayoutProvider> = {}): PayoutProvider {
  const type = overrides.payout_method_type ?? 'bank_account';
  return {
    name: TEST_PROVIDER_NAMES[type],
    title: TEST_PROVIDER_TITLES[type],
    payout_method_type: type,
    fields: KNOWN_FIELDS[type].map((f) => ({ ...f })),
    ...overrides,
  };
}

/** A bank PSP that sends the optional hints, so consumers are tested with them too. */
export function buildHintedProvider(overrides: Partial<PayoutProvider> = {}): PayoutProvider {
  return {
    name: 'test_bank_hinted',
    title: 'Test Bank (with hints)',
    payout_method_type: 'bank_account',
    fields: [
      {
        name: 'bankAccountNumber',
        title: 'IBAN',
        type: 'string',
        pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$',
        min_length: 15,
        max_length: 34,
      },
      { name: 'bankCode', title: 'BIC', pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$' },
      {
        name: 'accountType',
        title: 'Account type',
        options: [
          { value: 'checking', title: 'Checking' },
          { value: 'savings', title: 'Savings' },
        ],
      },
      { name: 'bankBranch', title: 'Branch', required: false },
      { name: 'customerFirstName', title: 'First name', max_length: 50 },
      { name: 'customerLastName', title: 'Last name', max_length: 50 },
      { name: 'email', title: 'E-mail', type: 'email' },
      { name: 'phone', title: 'Mobile phone', type: 'phone', required: false },
    ],
    ...overrides,
  };
}

/** One plain provider per payout method type, then the hinted bank PSP. */
export function buildProviders(): PayoutProvider[] {
  return [
    buildProvider({ payout_method_type: 'credit_card' }),
    buildProvider({ payout_method_type: 'bank_account' }),
    buildProvider({ payout_method_type: 'crypto' }),
    buildHintedProvider(),
  ];
}

export type PayoutOverrides = Partial<Omit<PayoutRequest, 'metadata'>> & {
  /** Merged into the default metadata; a key set to `undefined` is removed. */
  metadata?: Record<string, PayoutMetadataValue | undefined>;
};

function mergeMetadata(
  base: Record<string, PayoutMetadataValue>,
  overrides: Record<string, PayoutMetadataValue | undefined> = {},
): Record<string, PayoutMetadataValue> {
  const merged: Record<string, PayoutMetadataValue | undefined> = { ...base, ...overrides };
  return Object.fromEntries(
    Object.entries(merged).filter((e): e is [string, PayoutMetadataValue] => e[1] !== undefined),
  );
}

/**
 * A payout valid against `buildPayoutForm(buildProviders(), corridor)`: bank_account to BE in EUR
 * by default; crypto payouts default to BTC. The recipient's name varies with the seed.
 */
export function buildPayout(overrides: PayoutOverrides = {}): PayoutRequest {
  const type = overrides.payout_method_type ?? 'bank_account';
  const country = overrides.country ?? DEFAULT_CORRIDOR.country;
  const currency =
    overrides.currency ?? (type === 'crypto' ? DEFAULT_CRYPTO_CURRENCY : DEFAULT_CORRIDOR.currency);
  const person = {
    customerFirstName: random.pick(FIRST_NAMES),
    customerLastName: random.pick(LAST_NAMES),
  };
  const { metadata, ...rest } = overrides;
  return {
    order_id: nextOrderId(),
    provider: TEST_PROVIDER_NAMES[type],
    country,
    currency,
    state: statesOf(country)[0]?.code ?? null,
    amount: randomAmount(currency),
    payout_method_type: type,
    ...rest,
    metadata: mergeMetadata(
      { ...sampleMetadata(type, currency, undefined, country), ...person },
      metadata,
    ),
  };
}

function sampleCandidate(
  field: ResolvedField,
  currency: string,
  now: Date,
): PayoutMetadataValue | undefined {
  const { expiryMonth, expiryYear } = sampleExpiry(now);
  switch (field.rule) {
    case 'email':
      return 'ada@example.com';
    case 'phone':
      return SAMPLE_PHONE;
    case 'expiryMonth':
      return expiryMonth;
    case 'expiryYear':
      return expiryYear;
    case 'creditCardNumber':
      return SAMPLE_CARD_NUMBER;
    case 'creditCardToken':
      return '';
    case 'personName':
      return field.name === 'customerFirstName'
        ? 'Ada'
        : field.name === 'customerLastName'
          ? 'Lovelace'
          : 'Ada Lovelace';
    case 'bankCode':
      return 'GKCCBEBB';
    case 'bankAccountNumber':
      return SAMPLE_IBAN;
    case 'postalCode':
      return '1210';
    case 'walletAddress':
      return sampleWalletAddresses(currency)[0];
    case 'integer':
    case 'number':
      return 1;
    case 'options':
    case 'text':
      return field.rule === 'text' ? 'Sample' : undefined;
  }
}

/**
 * A value that passes the field's schema: a readable sample where one fits, otherwise one drawn
 * (with a fixed seed) from `arbFieldValue`, e.g. for a PSP's own pattern.
 */
export function sampleValueFor(
  field: ResolvedField,
  currency: string,
  now: Date = new Date(),
): PayoutMetadataValue {
  const candidate = sampleCandidate(field, currency, now);
  if (candidate !== undefined && compileSchema(field.schema)(candidate)) return candidate;
  const [value] = fc.sample(arbFieldValue(field, currency), { seed: DEFAULT_SEED, numRuns: 1 });
  if (value === undefined) throw new Error(`No sample value for field ${field.name}`);
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * A payout valid for any form (e.g. one built from the sandbox's metadata): the first offered type
 * and its first PSP unless overridden, every field of that PSP filled with `sampleValueFor`.
 */
export function buildPayoutFor(form: PayoutForm, overrides: PayoutOverrides = {}): PayoutRequest {
  const type = overrides.payout_method_type ?? form.methodTypes[0];
  if (!type) throw new Error('The form offers no payout method type');
  const provider = overrides.provider ?? form.providersByType[type][0]?.name;
  const section = provider === undefined ? undefined : form.section(type, provider);
  if (!section || provider === undefined) {
    throw new Error(`The form has no provider ${String(provider)} for ${type}`);
  }
  const { currency, country } = form.corridor;
  const base = Object.fromEntries(
    section.fields.map((f) => [f.name, sampleValueFor(f, currency, form.now)]),
  );
  const { metadata, ...rest } = overrides;
  return {
    order_id: nextOrderId(),
    provider,
    country,
    currency,
    state: statesOf(country)[0]?.code ?? null,
    amount: randomAmount(currency),
    payout_method_type: type,
    ...rest,
    metadata: mergeMetadata(base, metadata),
  };
}

/** A card deposit body (BE, EUR, the Visa test card) valid against `validateCardDeposit`. */
export function buildCardDeposit(overrides: Partial<CardDepositRequest> = {}): CardDepositRequest {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const { expiryMonth, expiryYear } = sampleExpiry();
  return {
    cashier_key: 'test-cashier',
    order_id: nextOrderId(),
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@example.com`,
    currency: 'EUR',
    country: 'BE',
    state: null,
    address1: 'Rue de la Loi 16',
    city: 'Brussels',
    zip_code: '1000',
    amount: randomAmount('EUR'),
    phone: SAMPLE_PHONE,
    card_holder_name: `${first} ${last}`,
    credit_card_number: SAMPLE_CARD_NUMBER,
    expire_month: expiryMonth,
    expire_year: expiryYear,
    cvv2: '123',
    ddc: {},
    ...overrides,
  };
}
