/**
 * Writing batch files: RFC 4180 CSV (CRLF line ends, fields quoted when they hold the delimiter,
 * a quote, a line break, spaces at either end or start with `#`, quotes doubled).
 */
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
