import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statesOf } from '../countries.js';
import { currencyScale } from '../currencies.js';
import { arbValidBatch, type GeneratedBatch } from '../testing/batchArbitraries.js';
import type { BatchFileModel } from './batchFileModel.js';
import { batchCellValue, validateBatchRows } from './validateBatchRows.js';

/** 250 generated cases per push; FC_RUNS=1000 (or more) for a deeper run. */
const PROPERTY_RUNS = Number(process.env.FC_RUNS ?? 250);

const NOW = new Date('2026-11-20T10:00:00Z');
const SEED = 20_261_125;

interface CellMutation {
  name: string;
  column: string;
  value: string;
}

/** Ways to make one cell of `row` invalid, each refused at that cell only. */
function cellMutations(
  model: BatchFileModel,
  rows: GeneratedBatch['rows'],
  index: number,
): CellMutation[] {
  const row = rows[index] ?? {};
  const scale = currencyScale(model.corridor.currency);
  const out: CellMutation[] = [
    {
      name: 'amount with too many decimals',
      column: 'amount',
      value: `1.${'1'.repeat(scale + 1)}`,
    },
    { name: 'amount not a number', column: 'amount', value: '12,50 EUR' },
    { name: 'zero amount', column: 'amount', value: '0' },
    { name: 'blank amount', column: 'amount', value: '' },
    { name: 'order id with a space', column: 'order_id', value: 'bad id' },
    {
      name: 'state not of the country',
      column: 'state',
      value: statesOf(model.corridor.country).length > 0 ? 'ZZ' : 'CA',
    },
  ];
  const earlier = rows.slice(0, index).find((r) => (r.order_id ?? '') !== '')?.order_id;
  if (earlier) out.push({ name: 'duplicate order id', column: 'order_id', value: earlier });
  for (const column of model.columns) {
    const field = column.field;
    if (column.kind !== 'field' || !field) continue;
    // A required field that takes an empty value (a card token) accepts a blank cell.
    if (field.required && batchCellValue(column, '') === undefined)
      out.push({ name: `blank ${field.name}`, column: column.name, value: '' });
    if (field.schema.format === 'email') {
      out.push({ name: `bad e-mail ${field.name}`, column: column.name, value: 'ada.example.com' });
    }
    const card = row[column.name] ?? '';
    if (field.schema.format === 'luhn-card-number' && /^\d+$/.test(card)) {
      const last = Number(card.at(-1));
      out.push({
        name: 'bad Luhn',
        column: column.name,
        value: `${card.slice(0, -1)}${(last + 1) % 10}`,
      });
    }
    if (field.schema.type === 'integer') {
      out.push({ name: `text in ${field.name}`, column: column.name, value: 'twelve' });
    }
    if (field.rule === 'expiryMonth')
      out.push({ name: 'month 13', column: column.name, value: '13' });
    if (field.schema.oneOf) {
      out.push({
        name: `not an option ${field.name}`,
        column: column.name,
        value: 'zz-not-an-option',
      });
    }
  }
  return out;
}

const arbCase = arbValidBatch(NOW, 5).chain((batch) =>
  fc.record({
    batch: fc.constant(batch),
    index: fc.integer({ min: 0, max: batch.rows.length - 1 }),
    pick: fc.nat(),
  }),
);

describe('validateBatchRows over generated files', () => {
  // One property for both directions so each generated model compiles its validator once.
  it('passes every generated valid row and reports a mutated cell on exactly its row and column', () => {
    fc.assert(
      fc.property(arbCase, ({ batch, index, pick }) => {
        const { model, rows } = batch;
        const context = { model, corridors: [model.corridor] };
        const clean = validateBatchRows(rows, context);
        expect(clean.errors).toEqual([]);
        expect(clean.payouts).toHaveLength(rows.length);

        const mutations = cellMutations(model, rows, index);
        const mutation = mutations[pick % mutations.length];
        if (!mutation) return;
        const mutated = rows.map((r, i) =>
          i === index ? { ...r, [mutation.column]: mutation.value } : r,
        );
        const result = validateBatchRows(mutated, context);
        expect(result.errors.length, mutation.name).toBeGreaterThan(0);
        expect(
          [...new Set(result.errors.map((e) => `${e.row}:${e.column}`))],
          mutation.name,
        ).toEqual([`${index + 1}:${mutation.column}`]);
        for (const e of result.errors) expect(e.message).not.toMatch(/^must /);
        expect(result.payouts.map((p) => p.row)).not.toContain(index + 1);
        expect(result.payouts).toHaveLength(rows.length - 1);
      }),
      { numRuns: PROPERTY_RUNS, seed: SEED },
    );
  }, 240_000);
});
