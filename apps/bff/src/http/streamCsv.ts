import { stringify } from 'csv-stringify';
import type { Response } from 'express';

// A cell a spreadsheet would run as a formula (CSV injection): keep it text with a leading '.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as an export cell: text, never a formula; null as empty. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Streams `rows` as a CSV download named `<name>-<UTC stamp>.csv`, with a header of `columns`,
 * however many rows there are. Every cell is quoted: a spreadsheet whose locale separates with
 * `;` (or tabs) then never splits a cell such as `;=1+2` into a formula. A failure after the
 * headers cuts the download short, so it cannot pass for complete.
 */
export async function streamCsv(
  res: Response,
  {
    name,
    columns,
    rows,
    now = new Date(),
  }: { name: string; columns: readonly string[]; rows: AsyncIterable<string[]>; now?: Date },
): Promise<void> {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}-${stamp}.csv"`);
  const csv = stringify({ header: true, columns: [...columns], quoted_string: true });
  csv.pipe(res);
  try {
    for await (const row of rows) {
      if (!csv.write(row)) {
        await new Promise((resolve) => csv.once('drain', resolve));
      }
    }
    csv.end();
  } catch (error) {
    csv.destroy();
    res.destroy(error instanceof Error ? error : undefined);
  }
}

/** Each item of `items` as a row. */
export async function* mapRows<T>(
  items: AsyncIterable<T>,
  toRow: (item: T) => string[],
): AsyncIterable<string[]> {
  for await (const item of items) yield toRow(item);
}
