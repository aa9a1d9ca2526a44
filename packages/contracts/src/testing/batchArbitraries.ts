/**
 * fast-check arbitraries for batch files: a file model over generated providers and rows valid
 * for it, as the cells a person would type (numbers written out, optional cells sometimes blank).
 */
import fc from 'fast-check';
import { statesOf } from '../countries.js';
import { buildBatchFileModel, type BatchFileModel } from '../batch/batchFileModel.js';
import type { BatchRowCells } from '../batch/batchCsv.js';
import { arbAmount, arbCorridor, arbMetadata, arbProviders, matching } from './arbitraries.js';

export interface GeneratedBatch {
  model: BatchFileModel;
  rows: Record<string, string>[];
}

/** A model for one (type, PSP) of generated providers, in a sample corridor. */
export function arbBatchFileModel(now: Date): fc.Arbitrary<BatchFileModel> {
  return arbCorridor.chain((corridor) =>
    arbProviders(corridor).chain((providers) =>
      fc.constantFrom(...providers).map((p) => {
        const model = buildBatchFileModel(providers, corridor, p.payout_method_type, p.name, {
          now,
        });
        if (!model) throw new Error(`no model for ${p.payout_method_type}/${p.name}`);
        return model;
      }),
    ),
  );
}

/** One valid row's cells for `model`. */
export function arbBatchRow(model: BatchFileModel): fc.Arbitrary<Record<string, string>> {
  const states = statesOf(model.corridor.country);
  return fc
    .record({
      order_id: fc.oneof(fc.constant(''), matching('^[A-Za-z0-9._:-]{1,64}$')),
      amount: arbAmount(model.corridor.currency),
      state: states.length > 0 ? fc.constantFrom(...states.map((s) => s.code)) : fc.constant(''),
      metadata: arbMetadata(model.section, model.corridor.currency, model.form.now),
    })
    .map(({ order_id, amount, state, metadata }) => {
      const row: Record<string, string> = { order_id, amount, state, beneficiary_reference: '' };
      for (const column of model.columns) {
        if (column.kind !== 'field' || !column.field) continue;
        const value = metadata[column.field.name];
        row[column.name] = value === undefined ? '' : String(value);
      }
      return row;
    });
}

/** A model and 1 to `maxRows` valid rows with distinct (or blank) order ids. */
export function arbValidBatch(now: Date, maxRows = 6): fc.Arbitrary<GeneratedBatch> {
  return arbBatchFileModel(now).chain((model) =>
    fc
      .uniqueArray(arbBatchRow(model), {
        minLength: 1,
        maxLength: maxRows,
        selector: (row: BatchRowCells) => row.order_id || Symbol('blank'),
      })
      .map((rows) => ({ model, rows })),
  );
}
