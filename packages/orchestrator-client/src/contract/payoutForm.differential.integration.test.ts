import {
  buildPayoutForm,
  createPayoutValidator,
  MAX_AMOUNT_INTEGER_DIGITS,
  normalizePayout,
  orchestratorFieldToPointer,
  type Corridor,
  type PayoutForm,
  type PayoutMetadataValue,
  type PayoutMethodType,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutValidator,
} from '@payouts/contracts';
import { arbProvider, arbValidPayout, SAMPLE_CORRIDORS } from '@payouts/contracts/testing';
import type { SandboxProviderConfig, SandboxPsp } from '@payouts/orchestrator-sandbox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import { orderId, startSandboxFixture, type SandboxFixture } from '../testing/sandboxFixture.js';

/*
 * Differential property: for generated provider configurations, the contracts form built from
 * what the client reads off the metadata endpoint accepts exactly the payouts the orchestrator
 * (sandbox) accepts, and where both refuse one they name the same fields. Providers are sampled
 * up front into one sandbox so each run costs one create call; payouts are generated from the
 * form, then sometimes broken.
 *
 * Both judge the same payload: the form's validator tidies a payout (trims, compacts card
 * numbers and phones, drops blank optional fields) before validating it, so the test tidies it
 * first, checks that tidying it again changes nothing, and sends exactly what the form judged.
 *
 * One divergence is by design: the form checks bank details (IBANs and BICs against the
 * corridor, ABA check digits, local account lengths: docs/decisions/045) that the orchestrator
 * passes on to the PSP, so the form may refuse such a field where the orchestrator accepts it.
 * Otherwise the sandbox applies the same limits as the form (15 integer digits, code and
 * postal-code characters, default lengths per field name, the format a `type` hint brings) as
 * its own decisions. Any other disagreement fails the test.
 */

const SEED = 20240502;
const PROVIDER_COUNT = 120;
const TYPES: readonly PayoutMethodType[] = ['credit_card', 'bank_account', 'crypto'];

interface Generated {
  corridor: Corridor;
  provider: PayoutProvider;
}

const generated: Generated[] = fc
  .sample(
    fc.record({
      corridor: fc.constantFrom(...SAMPLE_CORRIDORS),
      provider: fc.constantFrom(...TYPES).chain((type) => arbProvider(type)),
    }),
    { numRuns: PROVIDER_COUNT, seed: SEED },
  )
  .map(({ corridor, provider }, i) => ({
    corridor,
    // Unique code names, so each sampled provider is its own PSP in the sandbox.
    provider: { ...provider, name: `d${i}_${provider.payout_method_type}` },
  }));

function sandboxConfig(): SandboxProviderConfig {
  return {
    merchant: { name: 'Differential Merchant' },
    cashier_keys: [],
    psps: generated.map(({ corridor, provider }): SandboxPsp => ({
      name: provider.name,
      title: provider.title,
      description: 'generated',
      payouts_enabled: true,
      types: {
        credit_card: provider.payout_method_type === 'credit_card',
        bank_account: provider.payout_method_type === 'bank_account',
        crypto: provider.payout_method_type === 'crypto',
      },
      payout_corridors: [corridor],
      fields: { [provider.payout_method_type]: provider.fields },
      validation_error_type: 'validation_error',
      deposits: null,
    })),
  };
}

const now = new Date();
let f: SandboxFixture;
/** One form per corridor, built from the providers as the client read them. */
const forms = new Map<string, PayoutForm>();
const corridorKey = (c: Corridor): string => `${c.country}/${c.currency}`;

beforeAll(async () => {
  f = await startSandboxFixture({ providers: sandboxConfig(), magicAmounts: false });
  for (const { corridor } of generated) {
    if (forms.has(corridorKey(corridor))) continue;
    const { providers } = await f.client.getPayoutProviders(corridor);
    forms.set(corridorKey(corridor), buildPayoutForm(providers, corridor, { now }));
  }
});
afterAll(async () => {
  await f.close();
});

type Mutation =
  | { kind: 'none' }
  | { kind: 'drop'; at: number }
  | { kind: 'set'; at: number; value: string | number | null }
  | { kind: 'extra'; value: string }
  | { kind: 'long'; at: number; length: number }
  | { kind: 'amount'; value: string };

const arbMutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('set' as const),
    at: fc.nat(),
    value: fc.oneof(
      fc.constantFrom('', ' ', 'x', 'not-an-email', '12', '4111111111111112', '+1', 'ZZ'),
      // Inside one character set and not the other, an address, a number in a string, nothing.
      fc.constantFrom('A.B/1', 'ab-12 c', '-AB', 'x@y.zz', '+32470123456', ' 7 ', null),
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 3000 }),
    ),
  }),
  fc.record({ kind: fc.constant('extra' as const), value: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('long' as const),
    at: fc.nat(),
    length: fc.integer({ min: 20, max: 300 }),
  }),
  fc.record({
    kind: fc.constant('amount' as const),
    value: fc.constantFrom('0', '0.0000000000000000001', '1.001', '12', '1000000000000000'),
  }),
);

function mutate(payout: PayoutRequest, m: Mutation): PayoutRequest {
  const metadata = { ...payout.metadata };
  const keys = Object.keys(metadata);
  switch (m.kind) {
    case 'none':
      return payout;
    case 'drop': {
      const key = keys[m.at % Math.max(keys.length, 1)];
      if (key !== undefined) delete metadata[key];
      return { ...payout, metadata };
    }
    case 'set': {
      const key = keys[m.at % Math.max(keys.length, 1)];
      // `null` is not a metadata value by the types, but JSON from a browser can carry one.
      if (key !== undefined) metadata[key] = m.value as PayoutMetadataValue;
      return { ...payout, metadata };
    }
    case 'extra':
      return { ...payout, metadata: { ...metadata, zzUnlistedField: m.value } };
    case 'long': {
      const key = keys[m.at % Math.max(keys.length, 1)];
      if (key !== undefined) metadata[key] = 'A'.repeat(m.length);
      return { ...payout, metadata };
    }
    case 'amount':
      return { ...payout, amount: m.value };
  }
}

async function sandboxVerdict(payout: PayoutRequest): Promise<string[] | 'accepts'> {
  try {
    await f.client.createPayout(payout);
    return 'accepts';
  } catch (error) {
    if (error instanceof OrchestratorError && error.kind === 'validation') {
      return (error.issues ?? []).map((i) => orchestratorFieldToPointer(i.field));
    }
    throw error;
  }
}

const fieldsOf = (pointers: readonly string[]): string[] => [...new Set(pointers)].sort();

/**
 * Which of the rules that once set the form and the sandbox apart (the sandbox lacked them) made
 * both refuse a payout, so the test shows they are still exercised.
 */
function formerDivergences(form: PayoutForm, sent: PayoutRequest, pointers: string[]): string[] {
  const section = form.section(sent.payout_method_type, sent.provider);
  const hinted = new Set(
    generated
      .find((g) => g.provider.name === sent.provider)
      ?.provider.fields.filter((h) => h.max_length !== undefined)
      .map((h) => h.name),
  );
  return pointers.flatMap((pointer) => {
    if (pointer === '/amount') {
      return (sent.amount.split('.')[0] ?? '').length > MAX_AMOUNT_INTEGER_DIGITS
        ? ['amount digits']
        : [];
    }
    const name = /^\/metadata\/(.+)$/.exec(pointer)?.[1];
    const field = section?.fields.find((x) => x.name === name);
    if (field === undefined) return [];
    const value = sent.metadata[field.name];
    const max = field.schema.maxLength;
    if (
      !hinted.has(field.name) &&
      typeof value === 'string' &&
      max !== undefined &&
      [...value].length > max
    ) {
      return ['default length'];
    }
    if (['bankCode', 'bankAccountNumber', 'postalCode'].includes(field.rule)) return ['characters'];
    if ((field.rule === 'email' || field.rule === 'phone') && field.name !== field.rule) {
      return ['hinted format'];
    }
    return [];
  });
}

/** The form's refusals less the bank details only it checks (see the module comment). */
function withoutBankOnly(
  form: PayoutForm,
  sent: PayoutRequest,
  formSays: string[] | 'accepts',
  orchestratorSays: string[] | 'accepts',
): string[] | 'accepts' {
  if (formSays === 'accepts') return formSays;
  const section = form.section(sent.payout_method_type, sent.provider);
  const bankChecked = (pointer: string) =>
    section?.fields.some((f) => f.normalize === 'bankCode' && pointer === `/metadata/${f.name}`);
  const kept = formSays.filter(
    (p) => !bankChecked(p) || (orchestratorSays !== 'accepts' && orchestratorSays.includes(p)),
  );
  if (kept.length < formSays.length) refusedByFormOnly += 1;
  return kept.length === 0 ? 'accepts' : kept;
}

let refusedByFormOnly = 0;
let acceptedByBoth = 0;
const refusedByBoth = new Map<string, number>();
const singleForms: PayoutForm[] = [];
const validators = new Map<PayoutForm, PayoutValidator>();

describe('contracts payout form vs the orchestrator', () => {
  it('accepts exactly the payouts the orchestrator accepts, refusing the same fields (1,000 runs)', async () => {
    const arbCase = fc.nat({ max: generated.length - 1 }).chain((index) => {
      const { corridor, provider } = generated[index] as Generated;
      const single = singleForms[index] ?? buildPayoutForm([provider], corridor, { now });
      singleForms[index] = single;
      return fc.record({
        index: fc.constant(index),
        payout: arbValidPayout(single),
        mutation: arbMutation,
      });
    });
    await fc.assert(
      fc.asyncProperty(arbCase, async ({ index, payout, mutation }) => {
        const { corridor } = generated[index] as Generated;
        const form = forms.get(corridorKey(corridor)) as PayoutForm;
        const validator = validators.get(form) ?? createPayoutValidator(form);
        validators.set(form, validator);
        const candidate = mutate({ ...payout, order_id: orderId('diff') }, mutation);
        const sent = normalizePayout(form, candidate) as PayoutRequest;
        expect(normalizePayout(form, sent)).toEqual(sent);
        const verdict = validator(sent);
        const orchestrator = await sandboxVerdict(sent);
        const formSays = verdict.ok ? 'accepts' : fieldsOf(verdict.errors.map((e) => e.pointer));
        const orchestratorSays = orchestrator === 'accepts' ? 'accepts' : fieldsOf(orchestrator);
        // The form's verdict (accepts, or the refused fields) equals the orchestrator's, but for
        // the bank details only the form checks.
        expect(
          withoutBankOnly(form, sent, formSays, orchestratorSays),
          `form vs orchestrator for ${JSON.stringify(sent)}`,
        ).toEqual(orchestratorSays);
        if (formSays === 'accepts') acceptedByBoth += 1;
        for (const rule of formSays === 'accepts' ? [] : formerDivergences(form, sent, formSays)) {
          refusedByBoth.set(rule, (refusedByBoth.get(rule) ?? 0) + 1);
        }
      }),
      { numRuns: 1000, seed: SEED },
    );
    // Both outcomes are common, and each rule that once diverged made both refuse some payout.
    expect(acceptedByBoth).toBeGreaterThan(200);
    expect(refusedByFormOnly).toBeGreaterThan(0);
    expect([...refusedByBoth.keys()].sort()).toEqual([
      'amount digits',
      'characters',
      'default length',
      'hinted format',
    ]);
    // Generous: fast-check's generators dominate, and other workspaces' tests share the CPU.
  }, 90_000);
});
