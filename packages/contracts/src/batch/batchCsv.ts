/**
 * Writing batch files: RFC 4180 CSV (CRLF line ends, fields quoted when they hold the delimiter,
 * a quote, a line break, spaces at either end or start with `#`, quotes doubled).
 */
import { samplePayoutFor } from '../sampleMetadata.js';
import type { BatchFileModel } from './batchFileModel.js';

export type BatchCsvDelimiter = ',' | ';';

/** One field, quoted when it must be. A leading `#` is quoted so it is not read as a comment. */
export function csvField(value: string, delimiter: BatchCsvDelimiter = ','): string {
  const needsQuotes =
    value.includes(delimiter) ||
    value.includes('"') ||
    value.includes('\n') ||
    value.includes('\r') ||
    value.startsWith('#') ||
    value !== value.trim();
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record, without its line end. */
export function formatCsvRow(cells: readonly string[], delimiter: BatchCsvDelimiter = ','): string {
  return cells.map((cell) => csvField(cell, delimiter)).join(delimiter);
}

/** One data row's cells, keyed by column name (a missing key is a blank cell). */
export type BatchRowCells = Readonly<Record<string, string>>;

export interface BatchCsvOptions {
  delimiter?: BatchCsvDelimiter;
  /**
   * false: the template's example row is not checked with the payout validator (the browser,
   * whose CSP forbids the `eval` ajv compiles with). Default true.
   */
  checkedExample?: boolean;
}

/** A whole file of the model's columns: header then one line per row, CRLF after each line. */
export function batchRowsCsv(
  model: BatchFileModel,
  rows: readonly BatchRowCells[],
  options: BatchCsvOptions = {},
): string {
  const delimiter = options.delimiter ?? ',';
  const names = model.columns.map((c) => c.name);
  const lines = [
    formatCsvRow(names, delimiter),
    ...rows.map((row) =>
      formatCsvRow(
        names.map((n) => (Object.hasOwn(row, n) ? (row[n] ?? '') : '')),
        delimiter,
      ),
    ),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The example row of the template: a payout valid for the PSP, built from sample values. */
export function batchExampleRow(
  model: BatchFileModel,
  options: { checked?: boolean } = {},
): Record<string, string> {
  const payout = samplePayoutFor(model.provider, model.corridor, model.form.now, {
    checked: options.checked !== false,
  });
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
 * The CSV template of a model: the header row, then the example row commented out (a line
 * starting with `#`, which the parser skips: delete the `#` to send it).
 */
export function batchTemplateCsv(model: BatchFileModel, options: BatchCsvOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  const names = model.columns.map((c) => c.name);
  const example = batchExampleRow(model, { checked: options.checkedExample !== false });
  return [
    formatCsvRow(names, delimiter),
    `#${formatCsvRow(
      names.map((n) => example[n] ?? ''),
      delimiter,
    )}`,
  ]
    .map((line) => `${line}\r\n`)
    .join('');
}
