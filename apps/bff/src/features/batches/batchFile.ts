/**
 * The server's parse of an uploaded batch file, the one that counts (the browser's preview parse
 * is a convenience): bytes in, the header's columns and every data row's cells out, or one
 * `bad_file` AppError naming the problem. Checks, in order: size, UTF-8, the CSV itself
 * (csv-parse, RFC 4180 quoting), the header against the file model, the number of rows.
 */
import {
  checkBatchHeader,
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_ROWS,
  type BatchFileModel,
  type BatchFileProblem,
  type BatchRowCells,
} from '@payouts/contracts';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { parse as parseStream } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../shared/AppError.js';

export interface ParsedBatchFile {
  /** The model's column names, in the file's order. */
  header: string[];
  delimiter: ',' | ';';
  /** One entry per data row, keyed by column name (blank lines and comment lines skipped). */
  rows: BatchRowCells[];
}

export interface ParseBatchFileOptions {
  maxBytes?: number;
  maxRows?: number;
}

function badFile(
  problem: BatchFileProblem,
  detail: string,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError('bad_file', detail, { extensions: { problem, ...extra } });
}

const list = (names: readonly string[]): string =>
  [...new Set(names.map((n) => (n.trim() === '' ? 'one without a name' : `"${n}"`)))].join(', ');
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** The header line: the first line that is neither blank nor a `#` comment. */
function headerLine(text: string): string | undefined {
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    return line;
  }
  return undefined;
}

/** Semicolon when the header line has more semicolons than commas outside quotes. */
export function detectDelimiter(line: string): ',' | ';' {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

function csvProblem(error: CsvError): AppError {
  const line = typeof error['lines'] === 'number' ? error['lines'] : undefined;
  const at = line === undefined ? '' : ` at line ${line}`;
  // csv-parse's own messages quote the offending text, which may be a card number: not echoed.
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return badFile(
        'ragged_rows',
        `The row${at} has a different number of cells than the header: every row needs one cell per column (leave a cell empty rather than out).`,
        { line },
      );
    case 'CSV_QUOTE_NOT_CLOSED':
      return badFile(
        'malformed_csv',
        `A quoted cell is never closed${at}: check for a missing double quote.`,
        { line },
      );
    default:
      return badFile(
        'malformed_csv',
        `The file is not a well-formed CSV${at}: a double quote inside a cell must be doubled, and a quoted cell must end at a delimiter or the end of the line.`,
        { line },
      );
  }
}

/** The CSV options of a batch file: `delimiter` as detected from its header line. */
function csvOptions(delimiter: ParsedBatchFile['delimiter']) {
  return {
    delimiter,
    comment: '#',
    comment_no_infix: true,
    skip_empty_lines: true,
    relax_column_count: false,
    bom: true,
  };
}

/** The file's text and delimiter, or the reason it is no CSV file at all. */
function decodeBatchFile(
  bytes: Uint8Array,
  options: ParseBatchFileOptions,
): { text: string; delimiter: ParsedBatchFile['delimiter'] } {
  const maxBytes = options.maxBytes ?? MAX_BATCH_FILE_BYTES;
  if (bytes.length === 0) return emptyFile();
  if (bytes.length > maxBytes) {
    return tooBig(bytes.length, maxBytes);
  }
  let text: string;
  try {
    // `fatal` refuses any byte sequence that is not UTF-8; the BOM, if any, is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badFile(
      'not_utf8',
      'The file is not UTF-8 text: save it as "CSV UTF-8 (comma delimited)" and upload it again.',
    );
  }
  if (text.includes('\u0000')) {
    throw badFile(
      'not_csv',
      'The file is not a CSV text file: upload the template filled in as CSV.',
    );
  }
  const first = headerLine(text);
  if (first === undefined) return emptyFile();
  return { text, delimiter: detectDelimiter(first) };
}

function parseProblem(error: unknown): AppError {
  if (error instanceof CsvError) return csvProblem(error);
  return badFile('malformed_csv', 'The file is not a well-formed CSV.');
}

/** See the module comment. Throws only `AppError('bad_file')`. */
export function parseBatchFile(
  bytes: Uint8Array,
  model: BatchFileModel,
  options: ParseBatchFileOptions = {},
): ParsedBatchFile {
  const { text, delimiter } = decodeBatchFile(bytes, options);
  let records: string[][];
  try {
    records = parse(text, csvOptions(delimiter));
  } catch (error) {
    throw parseProblem(error);
  }
  const { header, rows } = checkRecords(records, model, options);
  return { header, delimiter, rows: rows.map((record) => cellsOf(header, record)) };
}

/** Bytes of the file csv-parse takes at a time before the event loop runs again. */
const PARSE_SLICE_BYTES = 64 * 1024;

/**
 * `parseBatchFile` without holding the event loop: csv-parse's streaming parser is fed the file
 * 64 KB at a time, and other requests run between the slices (a 10,000-row file takes about
 * 120 ms of CPU to parse). The same records, checks and errors.
 */
export async function parseBatchFileInSlices(
  bytes: Uint8Array,
  model: BatchFileModel,
  options: ParseBatchFileOptions = {},
): Promise<ParsedBatchFile> {
  const { delimiter } = decodeBatchFile(bytes, options);
  const parser = parseStream(csvOptions(delimiter));
  const records: string[][] = [];
  parser.on('readable', () => {
    for (let record: unknown = parser.read(); record !== null; record = parser.read()) {
      records.push(record as string[]);
    }
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  // Ended early by a malformed slice: the error is `ended`'s; no more is written.
  ended.catch(() => undefined);
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  // Bytes, not text: csv-parse joins a character split between two slices.
  for (let at = 0; at < bytes.length && !failed; at += PARSE_SLICE_BYTES) {
    parser.write(
      Buffer.from(
        bytes.buffer,
        bytes.byteOffset + at,
        Math.min(PARSE_SLICE_BYTES, bytes.length - at),
      ),
    );
    await yieldToLoop();
  }
  if (!failed) parser.end();
  try {
    await ended;
  } catch (error) {
    throw parseProblem(error);
  }
  const { header, rows } = checkRecords(records, model, options);
  // Named cells a part at a time too (10,000 rows take about 40 ms and as much again of GC).
  const named: BatchRowCells[] = [];
  for (let at = 0; at < rows.length; at += CELLS_PART_ROWS) {
    if (at > 0) await yieldToLoop();
    for (const record of rows.slice(at, at + CELLS_PART_ROWS)) named.push(cellsOf(header, record));
  }
  return { header, delimiter, rows: named };
}

const CELLS_PART_ROWS = 1_000;

function cellsOf(names: readonly string[], record: readonly string[]): BatchRowCells {
  return Object.fromEntries(names.map((name, i) => [name, record[i] ?? '']));
}

/** The header checked against the template and the non-empty data records, or a bad-file error. */
function checkRecords(
  records: string[][],
  model: BatchFileModel,
  options: ParseBatchFileOptions,
): { header: string[]; rows: string[][] } {
  const maxRows = options.maxRows ?? MAX_BATCH_ROWS;
  const [header, ...data] = records;
  if (!header) return emptyFile();
  const check = checkBatchHeader(model, header);
  if (check.unknown.length > 0) {
    throw badFile(
      'unknown_columns',
      `The file has ${plural(check.unknown.length, 'a column', 'columns')} this template does not know: ${list(check.unknown)}. Use the column names of the template for ${model.provider.title}.`,
      { columns: check.unknown },
    );
  }
  if (check.duplicate.length > 0) {
    throw badFile(
      'duplicate_columns',
      `The file names ${plural(check.duplicate.length, 'a column', 'columns')} twice: ${list(check.duplicate)}.`,
      { columns: check.duplicate },
    );
  }
  if (check.missing.length > 0) {
    throw badFile(
      'missing_columns',
      `The file lacks ${plural(check.missing.length, 'a required column', 'required columns')}: ${list(check.missing)}.`,
      { columns: check.missing },
    );
  }
  // A row of empty cells (what spreadsheets leave below the data) is no row.
  const rows = data.filter((record) => record.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) {
    throw badFile('no_rows', 'The file has a header but no rows: add one row per payout.');
  }
  if (rows.length > maxRows) {
    throw badFile(
      'too_many_rows',
      `The file has ${rows.length.toLocaleString('en')} rows: at most ${maxRows.toLocaleString('en')} fit in one batch. Split it into several files.`,
      { rows: rows.length, max_rows: maxRows },
    );
  }
  return { header: check.columns.map((c) => c?.name ?? ''), rows };
}

function emptyFile(): never {
  throw badFile('empty', 'The file is empty: fill in the template with one row per payout.');
}

function tooBig(size: number, maxBytes: number): never {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  throw badFile(
    'too_big',
    `The file is ${mb(size)}: at most ${mb(maxBytes)} can be uploaded. Split it into several files.`,
    { max_bytes: maxBytes },
  );
}
