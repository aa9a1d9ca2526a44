/**
 * The template of a batch file: the header and a commented example row from sample values. Apart
 * from batchCsv.ts because the samples include a test card number: the browser never bundles
 * them (the BFF serves the template, `GET /api/batches/template`, with card numbers masked).
 */
import { samplePayoutFor } from '../sampleMetadata.js';
import { formatCsvRow, type BatchCsvOptions } from './batchCsv.js';
import type { BatchFileModel } from './batchFileModel.js';

/** The example row of the template: a payout valid for the PSP, built from sample values. */
export function batchExampleRow(model: BatchFileModel): Record<string, string> {
  const payout = samplePayoutFor(model.provider, model.corridor, model.form.now);
  const row: Record<string, string> = {
    order_id: 'EXAMPLE-0001',
    amount: payout.amount,
    state: payout.state ?? '',
    beneficiary_reference: '',
  };
  for (const column of model.columns) {
    if (column.kind !== 'field' || !column.field) continue;
    const value = payout.metadata[column.field.name];
    row[column.name] = value === undefined ? '' : String(value);
  }
  return row;
}

/**
 * The CSV template of a model: the header row (the columns' titles), then the example row (`batchExampleRow` unless
 * given) commented out (a line starting with `#`, which the parser skips: delete the `#` to send it).
 */
export function batchTemplateCsv(
  model: BatchFileModel,
  options: BatchCsvOptions & { example?: Readonly<Record<string, string>> } = {},
): string {
  const delimiter = options.delimiter ?? ',';
  const names = model.columns.map((c) => c.name);
  const example = options.example ?? batchExampleRow(model);
  return [
    formatCsvRow(
      model.columns.map((c) => c.header),
      delimiter,
    ),
    `#${formatCsvRow(
      names.map((n) => example[n] ?? ''),
      delimiter,
    )}`,
  ]
    .map((line) => `${line}\r\n`)
    .join('');
}
