import {
  buildPayoutForm,
  createPayoutValidator,
  MAX_AMOUNT_INTEGER_DIGITS,
  normalizePayout,
  type Corridor,
  type PayoutForm,
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
 * (sandbox) accepts. Providers are sampled up front into one sandbox so each run costs one
 * create call; payouts are generated from the form, then sometimes broken.
 *
 * KNOWN DIVERGENCES (reported to the lead; remove an entry once contracts and the sandbox agree):
 * the form refuses, the orchestrator accepts, when
 *  1. the amount has more than MAX_AMOUNT_INTEGER_DIGITS (15) integer digits: contracts caps it,
 *     the sandbox has no upper bound (the real bound is undocumented);
 *  2. a bank code / account number / ZIP field (rules bankCode, bankAccountNumber, postalCode)
 *     holds characters outside contracts' character set: the sandbox checks no format there;
 *  3. a known field exceeds contracts' default maximum length (no max_length hint was sent);
 *  4. a `type: "email"` or `type: "phone"` hint sits on a field whose name implies another kind
 *     (e.g. customerLastName): contracts checks the e-mail/E.164 format, the sandbox only checks
 *     that it is a string (its rule 4 skips the format once a hint changed the kind).
 * Any other disagreement, in either direction, fails the test.
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
    const providers = await f.client.getPayoutProviders(corridor);
    forms.set(corridorKey(corridor), buildPayoutForm(providers, corridor, { now }));
  }
});
afterAll(async () => {
  await f.close();
});

type Mutation =
  | { kind: 'none' }
  | { kind: 'drop'; at: number }
  | { kind: 'set'; at: number; value: string | number }
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
      if (key !== undefined) metadata[key] = m.value;
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

async function sandboxAccepts(payout: PayoutRequest): Promise<{ ok: boolean; fields: string[] }> {
  try {
    await f.client.createPayout(payout);
    return { ok: true, fields: [] };
  } catch (error) {
    if (error instanceof OrchestratorError && error.kind === 'validation') {
      return { ok: false, fields: error.issues?.map((i) => i.field) ?? [] };
    }
    throw error;
  }
}

const CHARSET_RULES = new Set(['bankCode', 'bankAccountNumber', 'postalCode']);

/** Whether a form-refuses / orchestrator-accepts case is one of the known divergences above. */
function knownDivergence(
  form: PayoutForm,
  sent: PayoutRequest,
  pointers: string[],
  index: number,
): boolean {
  const section = form.section(sent.payout_method_type, sent.provider);
  const hints = generated[index]?.provider.fields ?? [];
  return pointers.every((pointer) => {
    if (pointer === '/amount') {
      return (sent.amount.split('.')[0] ?? '').replace(/^-/, '').length > MAX_AMOUNT_INTEGER_DIGITS;
    }
    const name = /^\/metadata\/(.+)$/.exec(pointer)?.[1];
    const field = section?.fields.find((x) => x.name === name);
    if (field === undefined) return false;
    if (CHARSET_RULES.has(field.rule)) return true;
    if ((field.rule === 'email' || field.rule === 'phone') && field.name !== field.rule)
      return true;
    const value = sent.metadata[field.name];
    const max = field.schema.maxLength;
    const hinted = hints.find((h) => h.name === field.name)?.max_length !== undefined;
    return !hinted && typeof value === 'string' && max !== undefined && [...value].length > max;
  });
}

const divergences: string[] = [];
const singleForms: PayoutForm[] = [];
const validators = new Map<PayoutForm, PayoutValidator>();

describe('contracts payout form vs the orchestrator', () => {
  it('accepts exactly the payouts the orchestrator accepts (1,000 runs)', async () => {
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
        const candidate = mutate({ ...payout, order_id: orderId('diff') }, mutation);
        const validator = validators.get(form) ?? createPayoutValidator(form);
        validators.set(form, validator);
        const verdict = validator(candidate);
        const sent = (
          verdict.ok ? verdict.value : normalizePayout(form, candidate)
        ) as PayoutRequest;
        const orchestrator = await sandboxAccepts(sent);
        if (!verdict.ok && orchestrator.ok) {
          const pointers = verdict.errors.map((e) => e.pointer);
          if (knownDivergence(form, sent, pointers, index)) {
            divergences.push(pointers.join(','));
            return;
          }
        }
        expect({
          form: verdict.ok
            ? 'accepts'
            : `refuses ${verdict.errors.map((e) => e.pointer).join(',')}`,
          orchestrator: orchestrator.ok ? 'accepts' : `refuses ${orchestrator.fields.join(',')}`,
        }).toSatisfy(
          (v: { form: string; orchestrator: string }) =>
            (v.form === 'accepts') === (v.orchestrator === 'accepts'),
        );
      }),
      { numRuns: 1000, seed: SEED },
    );
    // The known divergences are still being exercised (so the list above stays true).
    expect(divergences.length).toBeGreaterThan(0);
    // Generous: fast-check's generators dominate, and other workspaces' tests share the CPU.
  }, 90_000);
});
