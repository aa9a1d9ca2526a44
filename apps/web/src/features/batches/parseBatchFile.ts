import Papa from 'papaparse';
import type { BatchCsvDelimiter } from '@payouts/contracts';

export interface ParsedBatchFile {
  /** Every record, the header first (comment lines and blank lines left out). */
  rows: string[][];
  delimiter: BatchCsvDelimiter;
  /** Papaparse's complaints (the server's parse is the one that counts). */
  errors: string[];
}

/**
 * A quick local parse for the preview of the header and the column mapping: UTF-8 text with or
 * without a BOM, comma or semicolon, quoted fields, `#` comment lines (the template's example).
 */
export function parseBatchFile(text: string): ParsedBatchFile {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, {
    delimitersToGuess: [',', ';'],
    comments: '#',
    skipEmptyLines: 'greedy',
  });
  const delimiter: BatchCsvDelimiter = result.meta.delimiter === ';' ? ';' : ',';
  return {
    rows: result.data,
    delimiter,
    // A one-column file makes papaparse say it could not guess the delimiter: not a problem.
    errors: result.errors.filter((e) => e.code !== 'UndetectableDelimiter').map((e) => e.message),
  };
}
