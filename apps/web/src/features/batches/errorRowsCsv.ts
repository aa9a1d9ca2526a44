import { formatCsvRow, type BatchDto, type BatchRowDto } from '@payouts/contracts';
import type { LocalBatchRows } from './localBatchFiles.js';

/**
 * The rows with errors as a CSV of the batch's columns plus `error` (every message of the row),
 * to fix in a spreadsheet and upload again. The cells are the file's own when it was read in this
 * session (`local`); the server's are masked (card numbers, secrets).
 */
export function errorRowsCsv(
  batch: BatchDto,
  rows: readonly BatchRowDto[],
  local: LocalBatchRows | undefined,
): string {
  const names = batch.columns.map((c) => c.name);
  const titles = new Map(batch.columns.map((c) => [c.name, c.title]));
  const lines = [formatCsvRow([...names, 'error'])];
  for (const row of rows) {
    if (row.errors.length === 0) continue;
    const cells = local?.get(row.row) ?? row.cells;
    const error = row.errors
      .map((e) =>
        e.column === null ? e.message : `${titles.get(e.column) ?? e.column}: ${e.message}`,
      )
      .join(' ');
    lines.push(formatCsvRow([...names.map((n) => cells[n] ?? ''), error]));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
