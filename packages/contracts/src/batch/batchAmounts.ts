/**
 * How a batch file writes its amounts. Spreadsheets save a CSV in the locale of the person who
 * saves it: `1,234.50` in English, `1.234,50` in German (with `;` between the cells), `1 234,50`
 * in French. The uploader says which (the SPA proposes their own locale's), and each amount cell
 * is read as the API's decimal string before any check, so a row is judged on its value.
 */
export const BATCH_DECIMAL_SEPARATORS = ['point', 'comma'] as const;
export type BatchDecimalSeparator = (typeof BATCH_DECIMAL_SEPARATORS)[number];

/** Grouping by thousands: a separator before each group of exactly three digits. */
const POINT_GROUPED = /^\d{1,3}(?:[, \u00a0\u202f]\d{3})+(?:\.\d+)?$/;
const COMMA_GROUPED = /^\d{1,3}(?:[. \u00a0\u202f]\d{3})+(?:,\d+)?$/;
const COMMA_PLAIN = /^\d+,\d+$/;

/**
 * An amount cell as the API's decimal string (`1.234,50` with the comma: `1234.50`). Only a
 * number written exactly so is rewritten (groups of three, one decimal separator); anything else
 * comes back as it was, for the row checks to name (`12,5.0` is not guessed at). A cell already
 * in the API's form (`1234.50`, `1500`) reads the same either way.
 */
export function normalizeBatchAmount(cell: string, decimal: BatchDecimalSeparator): string {
  const text = cell.trim();
  if (decimal === 'point') {
    return POINT_GROUPED.test(text) ? text.replace(/[, \u00a0\u202f]/g, '') : cell;
  }
  if (COMMA_GROUPED.test(text)) return text.replace(/[. \u00a0\u202f]/g, '').replace(',', '.');
  if (COMMA_PLAIN.test(text)) return text.replace(',', '.');
  return cell;
}
