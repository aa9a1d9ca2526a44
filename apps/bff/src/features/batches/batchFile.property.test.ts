import {
  batchRowsCsv,
  batchTemplateCsv,
  buildBatchFileModel,
  validateBatchRows,
} from '@payouts/contracts';
import { arbValidBatch, buildProviders } from '@payouts/contracts/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/AppError.js';
import { parseBatchFile } from './batchFile.js';

/** 250 generated cases per push; FC_RUNS=1000 (or more) for a deeper run. */
const PROPERTY_RUNS = Number(process.env.FC_RUNS ?? 250);

const NOW = new Date('2026-11-20T10:00:00Z');
const SEED = 20_261_125;
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseBatchFile over generated files', () => {
  // What the template produces, filled with valid rows, comes back cell for cell and validates
  // clean: either delimiter, with or without a BOM, with the template's commented example row.
  it('round-trips every file written from the template with generated valid rows', () => {
    fc.assert(
      fc.property(
        arbValidBatch(NOW, 5),
        fc.constantFrom(',' as const, ';' as const),
        fc.boolean(),
        ({ model, rows }, delimiter, bom) => {
          const template = batchTemplateCsv(model, { delimiter });
          const body = batchRowsCsv(model, rows, { delimiter }).split('\r\n').slice(1).join('\r\n');
          const parsed = parseBatchFile(utf8(`${bom ? '\uFEFF' : ''}${template}${body}`), model);
          expect(parsed.delimiter).toBe(delimiter);
          expect(parsed.header).toEqual(model.columns.map((c) => c.name));
          expect(parsed.rows).toEqual(rows);
          const result = validateBatchRows(parsed.rows, { model, corridors: [model.corridor] });
          expect(result.errors).toEqual([]);
          expect(result.payouts).toHaveLength(rows.length);
        },
      ),
      { numRuns: PROPERTY_RUNS, seed: SEED },
    );
  }, 240_000);

  it('throws nothing but a bad_file AppError on arbitrary bytes', () => {
    const model = buildBatchFileModel(
      buildProviders(),
      { country: 'BE', currency: 'EUR' },
      'bank_account',
      'test_bank',
      { now: NOW },
    );
    if (!model) throw new Error('no model');
    const header = utf8(`${model.columns.map((c) => c.name).join(',')}\n`);
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      // Arbitrary rows under a valid header reach the CSV parser and the row checks.
      fc.uint8Array({ maxLength: 2000 }).map((tail) => new Uint8Array([...header, ...tail])),
      fc
        .string({ unit: 'binary', maxLength: 400 })
        .map((s) => new Uint8Array([...header, ...utf8(s)])),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        try {
          parseBatchFile(input, model, { maxBytes: 1500 });
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('bad_file');
          expect((error as AppError).detail).toBeTruthy();
        }
      }),
      { numRuns: PROPERTY_RUNS, seed: SEED },
    );
  });
});
