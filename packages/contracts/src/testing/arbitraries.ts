/**
 * fast-check arbitraries for payouts and provider metadata, shared by this package's property
 * tests and by other workspaces' (the client-vs-sandbox differential test). fast-check is a root
 * devDependency; nothing outside `src/testing` imports this file.
 */
import fc from 'fast-check';
import { friendlyFormatIBAN } from 'ibantools';
import { ABA_CHECKSUM_FORMAT } from '../bankDetails.js';
import { currencyScale } from '../currencies.js';
import { statesOf } from '../countries.js';
import { KNOWN_FIELD_NAMES, KNOWN_FIELDS, type ResolvedField } from '../fieldRules.js';
import type { PayoutForm, PayoutFormSection } from '../payoutForm.js';
import { MAX_AMOUNT_INTEGER_DIGITS } from '../money.js';
import {
  PAYOUT_METHOD_TYPES,
  PROVIDER_FIELD_TYPES,
  type Corridor,
  type PayoutMetadataValue,
  type PayoutMethodType,
  type PayoutProvider,
  type PayoutRequest,
  type ProviderField,
} from '../types.js';
import { sampleBankValues } from '../sampleMetadata.js';
import { SAMPLE_PHONES, sampleWalletAddresses } from './samples.js';

// Building a `fc.stringMatching` arbitrary costs tens of milliseconds: build each one once.
const matchingCache = new Map<string, fc.Arbitrary<string>>();

/** `fc.stringMatching` for a regex source, built once. `u` as ajv compiles JSON Schema patterns. */
export function matching(source: string): fc.Arbitrary<string> {
  let arb = matchingCache.get(source);
  if (!arb) {
    arb = fc.stringMatching(new RegExp(source, 'u'));
    matchingCache.set(source, arb);
  }
  return arb;
}

function memo<K, V>(build: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, build(key));
    return cache.get(key) as V;
  };
}

/** Corridors covering states (US, CA, AU), scales 0 to 18 and every wallet rule. */
export const SAMPLE_CORRIDORS: readonly Corridor[] = [
  { country: 'BE', currency: 'EUR' },
  { country: 'US', currency: 'USD' },
  { country: 'CA', currency: 'CAD' },
  { country: 'AU', currency: 'AUD' },
  { country: 'JP', currency: 'JPY' },
  { country: 'KW', currency: 'KWD' },
  { country: 'CL', currency: 'CLF' },
  { country: 'GB', currency: 'BTC' },
  { country: 'DE', currency: 'ETH' },
  { country: 'US', currency: 'USDT' },
  { country: 'BR', currency: 'USDC' },
  { country: 'LT', currency: 'LTC' },
  { country: 'TR', currency: 'TRX' },
  { country: 'FR', currency: 'XRP' },
];

export const arbCorridor: fc.Arbitrary<Corridor> = fc.constantFrom(...SAMPLE_CORRIDORS);

/** Any plain decimal string (the `isDecimalString` language), up to 20 + 20 digits. */
export const arbDecimalString: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constant('0'), matching('^[1-9][0-9]{0,19}$')),
    fc.option(matching('^[0-9]{1,20}$'), { nil: undefined }),
  )
  .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`));

/** A valid amount in `currency`: > 0, at most its scale of decimals, at most 15 integer digits. */
export function arbAmount(currency: string): fc.Arbitrary<string> {
  return amountArbitrary(currency);
}

const amountArbitrary = memo((currency: string): fc.Arbitrary<string> => {
  const scale = currencyScale(currency);
  const integer = fc.oneof(
    fc.constant('0'),
    fc.bigInt({ min: 1n, max: 10n ** BigInt(MAX_AMOUNT_INTEGER_DIGITS) - 1n }).map(String),
    fc.integer({ min: 1, max: 10_000 }).map(String),
  );
  const fraction =
    scale === 0
      ? fc.constant(undefined)
      : fc.option(matching(`^[0-9]{1,${scale}}$`), { nil: undefined });
  return fc
    .tuple(integer, fraction)
    .map(([i, f]) => (f === undefined ? i : `${i}.${f}`))
    .filter((a) => /[1-9]/.test(a));
});

/** 12 to 19 digits with a correct Luhn check digit. */
export const arbCardNumber: fc.Arbitrary<string> = fc
  .integer({ min: 11, max: 18 })
  .chain((n) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }))
  .map((body) => {
    let sum = 0;
    for (let i = 0; i < body.length; i += 1) {
      // Doubling starts at the digit left of the check digit.
      let d = body[body.length - 1 - i] ?? 0;
      if (i % 2 === 0) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return `${body.join('')}${(10 - (sum % 10)) % 10}`;
  });

/** Dot-atom local parts (no leading, trailing or doubled dots) at plain domains. */
const EMAIL_SOURCE =
  '^[a-z0-9_+-]{1,10}(\\.[a-z0-9_+-]{1,10}){0,2}@[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?(\\.[a-z0-9]{1,8}){0,2}\\.[a-z]{2,6}$';

const NAME_SAMPLES = ['José', 'Zoë', "O'Brien", 'Anne-Marie', '李小龍', 'Ørsted', 'Nguyễn'];

const codePoints = (s: string): number => [...s].length;

function withinLength(min: number | undefined, max: number | undefined) {
  return (s: string): boolean => {
    const n = codePoints(s);
    return (min === undefined || n >= min) && (max === undefined || n <= max);
  };
}

/** Hint patterns the arbitraries give fields (each generated with `matching`). */
export const PATTERN_HINTS: readonly string[] = [
  '^[0-9]{6,10}$',
  '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$',
  '^[A-Za-z ]{0,20}[A-Za-z]$',
  '^[0-9]{3}-[0-9]{3}$',
  '^[A-Z0-9]{8}([A-Z0-9]{3})?$',
];

/** Characters from `chars`, first and last from `edge`, within the length bounds. */
function charsetString(
  chars: string,
  edge: string,
  min: number,
  max: number,
): fc.Arbitrary<string> {
  const lo = Math.max(min, 1);
  const hi = Math.min(max, lo + 40);
  return fc.integer({ min: lo, max: hi }).chain((n) =>
    fc
      .tuple(
        fc.constantFrom(...edge),
        fc.array(fc.constantFrom(...chars), {
          minLength: Math.max(n - 2, 0),
          maxLength: Math.max(n - 2, 0),
        }),
        fc.constantFrom(...edge),
      )
      .map(([a, middle, b]) => (n === 1 ? a : `${a}${middle.join('')}${b}`)),
  );
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Valid values for a field checked as an IBAN, a BIC or an ABA routing number (the formats of
 * bankDetails.ts name the check and the corridor's country), as people type them too: in
 * groups, in lower case. Undefined for other fields.
 */
function bankValues(schema: ResolvedField['schema']): string[] | undefined {
  const formats = (schema.allOf ?? []).flatMap((s) =>
    typeof s === 'object' && typeof s.format === 'string' ? [s.format] : [],
  );
  const [kind, code] = formats[0]?.split('-') ?? [];
  const country = code?.toUpperCase() ?? '';
  if (kind === 'iban') {
    const iban = sampleBankValues(country)[0] ?? '';
    return [iban, friendlyFormatIBAN(iban) ?? iban, iban.toLowerCase()];
  }
  if (kind === 'bic') {
    const bic = sampleBankValues(country).find((v) => /^[A-Z]{6}/.test(v) && v.length <= 11);
    return bic ? [bic, bic.toLowerCase()] : undefined;
  }
  if (formats.includes(ABA_CHECKSUM_FORMAT)) return ['021000021', '011000015', '026009593'];
  return undefined;
}

/**
 * Values valid for one resolved field, already in the form validation expects (some with spaces
 * around them, which normalization trims).
 */
export function arbFieldValue(
  field: ResolvedField,
  currency: string,
): fc.Arbitrary<PayoutMetadataValue> {
  const { schema } = field;
  if (schema.oneOf) {
    const values = schema.oneOf.flatMap((o) =>
      typeof o === 'object' && (typeof o.const === 'string' || typeof o.const === 'number')
        ? [o.const]
        : [],
    );
    return fc.constantFrom(...values);
  }
  if (schema.type === 'integer') {
    return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
  }
  if (schema.type === 'number') {
    return fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });
  }
  const min = schema.minLength;
  const max = schema.maxLength;
  const fits = withinLength(min, max);
  const format = schema.format;
  if (format === 'email') return matching(EMAIL_SOURCE).filter(fits);
  if (format === 'international-phone') return fc.constantFrom(...SAMPLE_PHONES).filter(fits);
  if (format === 'luhn-card-number') return arbCardNumber.filter(fits);
  if (format?.startsWith('wallet-address')) {
    return fc.constantFrom(...sampleWalletAddresses(currency)).filter(fits);
  }
  const bank = bankValues(schema);
  if (bank) return fc.constantFrom(...bank).filter(fits);
  const pattern = schema.pattern;
  if (pattern === '^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$') {
    return charsetString(`${ALNUM} ./-`, ALNUM, min ?? 1, max ?? 35);
  }
  if (pattern === '^[A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?$') {
    return charsetString(`${ALNUM} -`, ALNUM, min ?? 1, max ?? 16);
  }
  if (pattern === '\\S' || pattern === undefined) {
    const lo = pattern === '\\S' ? Math.max(min ?? 1, 1) : (min ?? 0);
    const hi = Math.min(max ?? 255, lo + 60);
    const core = fc.oneof(
      fc.string({ minLength: lo, maxLength: hi }).map((s) => s.trim()),
      fc.string({ unit: 'grapheme', minLength: lo, maxLength: hi }).map((s) => s.trim()),
      fc.constantFrom(...NAME_SAMPLES),
    );
    const trimmed = core.filter(
      (s) => withinLength(lo, max)(s) && (pattern === undefined || /\S/u.test(s)),
    );
    // Spaces around the value exercise normalization, which trims them.
    return fc
      .tuple(fc.constantFrom('', ' ', '  '), trimmed, fc.constantFrom('', ' '))
      .map(([a, s, b]) => (s === '' ? s : `${a}${s}${b}`));
  }
  return matching(pattern).filter(fits);
}

const arbHintsFor = memo((rule: string): fc.Arbitrary<Partial<ProviderField>> => {
  const known = rule !== 'unknown';
  // Fields whose values have a fixed shape (e-mail, phone, card, wallet, expiry) only get hints
  // that keep them satisfiable: required and a type that does not change their kind.
  const shaped = [
    'email',
    'phone',
    'creditCardNumber',
    'walletAddress',
    'expiryMonth',
    'expiryYear',
  ];
  const required = fc.option(fc.boolean(), { nil: undefined });
  if (known && shaped.includes(rule)) {
    const type =
      rule === 'expiryMonth' || rule === 'expiryYear'
        ? fc.constantFrom(undefined, 'integer' as const)
        : fc.constantFrom(undefined, 'string' as const);
    return fc.record({ required, type }, { requiredKeys: [] });
  }
  const options = fc.uniqueArray(
    fc.record({
      value: matching('^[a-z0-9_]{1,12}$'),
      title: fc.string({ maxLength: 20 }),
    }),
    { minLength: 1, maxLength: 5, selector: (o) => o.value },
  );
  const lengths = fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 12, max: 80 }))
    .map(([min_length, max_length]) => ({ min_length, max_length }));
  const pattern = fc.constantFrom(...PATTERN_HINTS);
  return fc.oneof(
    fc.record({ required }, { requiredKeys: [] }),
    fc.record(
      { required, type: fc.constantFrom(...PROVIDER_FIELD_TYPES) },
      { requiredKeys: ['type'] },
    ),
    fc.record({ required, options }, { requiredKeys: ['options'] }),
    fc
      .tuple(fc.record({ required }, { requiredKeys: [] }), lengths)
      .map(([a, b]) => ({ ...a, ...b })),
    fc.record({ required, pattern }, { requiredKeys: ['pattern'] }),
  );
});

const arbUnknownFieldName = (): fc.Arbitrary<string> =>
  matching('^[a-z][A-Za-z0-9_]{0,20}$').filter((n) => !KNOWN_FIELD_NAMES.includes(n));

/** One field of a provider of `type`: a known name (maybe with hints) or an unknown one. */
export function arbProviderField(type: PayoutMethodType): fc.Arbitrary<ProviderField> {
  return providerFieldArbitrary(type);
}

const providerFieldArbitrary = memo((type: PayoutMethodType): fc.Arbitrary<ProviderField> => {
  const known = fc
    .constantFrom(...KNOWN_FIELDS[type])
    .chain((f) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({ ...f }) },
        { weight: 1, arbitrary: arbHintsFor(f.name).map((h) => ({ ...f, ...h })) },
      ),
    );
  const unknown = fc
    .tuple(arbUnknownFieldName(), fc.string({ maxLength: 30 }))
    .chain(([name, title]) =>
      fc.oneof(
        fc.constant({ name, title }),
        arbHintsFor('unknown').map((h) => ({ name, title, ...h })),
      ),
    );
  return fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: unknown });
});

const PSP_NAMES = ['alpha_pay', 'beta_psp', 'gamma', 'delta_bank', 'epsilon_crypto', 'zeta'];

/** A provider of `type` with 1 to 8 distinct fields, in a random order. */
export function arbProvider(type: PayoutMethodType): fc.Arbitrary<PayoutProvider> {
  return providerArbitrary(type);
}

const providerArbitrary = memo((type: PayoutMethodType): fc.Arbitrary<PayoutProvider> =>
  fc.record({
    name: fc.oneof(fc.constantFrom(...PSP_NAMES), matching('^[a-z][a-z0-9_]{2,15}$')),
    title: fc.oneof(
      fc.constantFrom('Alpha Pay', 'Beta PSP', 'Gamma'),
      fc.string({ maxLength: 30 }),
    ),
    payout_method_type: fc.constant(type),
    fields: fc.uniqueArray(arbProviderField(type), {
      minLength: 1,
      maxLength: 8,
      selector: (f) => f.name,
    }),
  }),
);

/**
 * The providers the metadata endpoint could list for a corridor: 1 to 5 entries, distinct per
 * (type, PSP), one PSP possibly offering several types. The corridor does not change what is
 * generated; it is accepted so callers read naturally.
 */
export function arbProviders(_corridor?: Corridor): fc.Arbitrary<PayoutProvider[]> {
  return fc.uniqueArray(
    fc.constantFrom(...PAYOUT_METHOD_TYPES).chain((type) => arbProvider(type)),
    {
      minLength: 1,
      maxLength: 5,
      selector: (p) => `${p.payout_method_type}|${p.name}`,
    },
  );
}

const arbOrderId = (): fc.Arbitrary<string> => matching('^[A-Za-z0-9._:-]{1,64}$');

/** Metadata valid for one section, optional fields sometimes left out. */
export function arbMetadata(
  section: PayoutFormSection,
  currency: string,
  now: Date,
): fc.Arbitrary<Record<string, PayoutMetadataValue>> {
  const model = Object.fromEntries(
    section.fields.map((f) => [f.name, arbFieldValue(f, currency)]),
  ) as Record<string, fc.Arbitrary<PayoutMetadataValue>>;
  const requiredKeys = section.fields.filter((f) => f.required).map((f) => f.name);
  return fc.record(model, { requiredKeys }).map((metadata) => {
    const month = section.fields.find((f) => f.name === 'expiryMonth');
    const year = section.fields.find((f) => f.name === 'expiryYear');
    // A card expiring this year needs a month not yet past.
    if (
      month?.rule === 'expiryMonth' &&
      year?.rule === 'expiryYear' &&
      metadata.expiryYear === now.getUTCFullYear() &&
      typeof metadata.expiryMonth === 'number' &&
      metadata.expiryMonth < now.getUTCMonth() + 1
    ) {
      return { ...metadata, expiryMonth: now.getUTCMonth() + 1 };
    }
    return metadata;
  });
}

/** A payout valid for `form` (which must offer at least one payout method type). */
export function arbValidPayout(form: PayoutForm): fc.Arbitrary<PayoutRequest> {
  const { country, currency } = form.corridor;
  const states = statesOf(country);
  return fc.constantFrom(...form.methodTypes).chain((type) =>
    fc.constantFrom(...form.providersByType[type]).chain((provider) => {
      const section = form.section(type, provider.name);
      if (!section) throw new Error(`No section for ${type}/${provider.name}`);
      return fc.record({
        order_id: arbOrderId(),
        provider: fc.constant(provider.name),
        country: fc.constant(country),
        currency: fc.constant(currency),
        state:
          states.length > 0 ? fc.constantFrom(...states.map((s) => s.code)) : fc.constant(null),
        amount: arbAmount(currency),
        payout_method_type: fc.constant(type),
        metadata: arbMetadata(section, currency, form.now),
      });
    }),
  );
}
