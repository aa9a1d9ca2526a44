import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyScale } from './currencies.js';
import { buildPayoutForm, type PayoutForm } from './payoutForm.js';
import { arbCorridor, arbProviders, arbValidPayout } from './testing/arbitraries.js';
import type { PayoutRequest } from './types.js';
import { validatePayout } from './validatePayout.js';

/** 250 generated cases per push; FC_RUNS=1000 (or more) for a deeper run. */
const PROPERTY_RUNS = Number(process.env.FC_RUNS ?? 250);

const NOW = new Date('2026-11-20T10:00:00Z');

/** A form over generated providers with a payout valid for it. */
const arbFormAndPayout = arbCorridor.chain((corridor) =>
  arbProviders(corridor).chain((providers) => {
    const form = buildPayoutForm(providers, corridor, { now: NOW });
    return arbValidPayout(form).map((payout) => ({ form, payout, providers }));
  }),
);

interface Mutation {
  name: string;
  pointer: string;
  apply(p: PayoutRequest): PayoutRequest;
}

function withMetadata(p: PayoutRequest, metadata: PayoutRequest['metadata']): PayoutRequest {
  return { ...p, metadata };
}

/** The mutations that apply to this payout, each with the one pointer it must be refused at. */
function mutationsFor(form: PayoutForm, payout: PayoutRequest): Mutation[] {
  const section = form.section(payout.payout_method_type, payout.provider);
  if (!section) throw new Error('generated payout has no section');
  const scale = currencyScale(payout.currency);
  const integer = payout.amount.split('.')[0] ?? '1';
  const out: Mutation[] = [
    {
      name: 'unknown metadata key',
      pointer: '/metadata/zzNotAField',
      apply: (p) => withMetadata(p, { ...p.metadata, zzNotAField: 'x' }),
    },
    {
      name: 'amount with too many decimals',
      pointer: '/amount',
      apply: (p) => ({ ...p, amount: `${integer}.${'1'.repeat(scale + 1)}` }),
    },
    {
      name: 'zero amount',
      pointer: '/amount',
      apply: (p) => ({ ...p, amount: scale === 0 ? '0' : `0.${'0'.repeat(scale)}` }),
    },
  ];
  const others = [
    ...new Set(
      Object.values(form.providersByType)
        .flat()
        .map((o) => o.name),
    ),
  ].filter((n) => !form.providersByType[payout.payout_method_type].some((o) => o.name === n));
  out.push({
    name: 'wrong provider for the type',
    pointer: '/provider',
    apply: (p) => ({ ...p, provider: others[0] ?? 'no_such_psp' }),
  });
  for (const field of section.fields) {
    const pointer = `/metadata/${field.name}`;
    if (field.required && field.name in payout.metadata) {
      out.push({
        name: `drop required ${field.name}`,
        pointer,
        apply: (p) =>
          withMetadata(
            p,
            Object.fromEntries(Object.entries(p.metadata).filter(([k]) => k !== field.name)),
          ),
      });
    }
    if (field.schema.format === 'email') {
      out.push({
        name: `broken e-mail ${field.name}`,
        pointer,
        apply: (p) => withMetadata(p, { ...p.metadata, [field.name]: 'ada.example.com' }),
      });
    }
    const card = payout.metadata[field.name];
    if (field.schema.format === 'luhn-card-number' && typeof card === 'string') {
      const last = Number(card.at(-1));
      out.push({
        name: 'bad Luhn',
        pointer,
        apply: (p) =>
          withMetadata(p, {
            ...p.metadata,
            [field.name]: `${card.slice(0, -1)}${(last + 1) % 10}`,
          }),
      });
    }
    if (field.rule === 'expiryMonth') {
      out.push({
        name: 'month 13',
        pointer,
        apply: (p) => withMetadata(p, { ...p.metadata, [field.name]: 13 }),
      });
    }
    if (field.rule === 'expiryYear') {
      out.push({
        name: 'past year',
        pointer,
        apply: (p) => withMetadata(p, { ...p.metadata, [field.name]: NOW.getUTCFullYear() - 1 }),
      });
    }
  }
  return out;
}

describe('buildPayoutForm over generated provider configurations', () => {
  // One property checks both directions so each generated form is compiled once (ajv compiles
  // a form in about 20 ms): the valid payout passes, and every mutation that applies to it is
  // refused with exactly one error, on the mutated field, in words rather than ajv's.
  it('accepts every generated valid payout and refuses each mutation at its field', () => {
    fc.assert(
      fc.property(arbFormAndPayout, ({ form, payout }) => {
        const valid = validatePayout(form, payout);
        expect(valid.ok ? [] : valid.errors).toEqual([]);
        for (const mutation of mutationsFor(form, payout)) {
          const result = validatePayout(form, mutation.apply(payout));
          expect(result.ok, mutation.name).toBe(false);
          if (result.ok) continue;
          expect(
            result.errors.map((e) => e.pointer),
            mutation.name,
          ).toEqual([mutation.pointer]);
          for (const e of result.errors) expect(e.message).not.toMatch(/^must /);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 180_000);
});
