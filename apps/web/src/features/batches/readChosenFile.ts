import {
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_ROWS,
  type BatchFileModel,
  type BatchHeaderCheck,
  type PayoutMethodType,
} from '@payouts/contracts';
import { loadRememberedMapping, suggestMapping, type ColumnMapping } from './columnMapping.js';
import type { parseBatchFile as ParseBatchFile, ParsedBatchFile } from './parseBatchFile.js';
import type { BatchFileKit } from './useBatchFileKit.js';
import { formatCount, formatMegabytes } from '../../components/formatCount.js';

export interface ChosenFile {
  name: string;
  text: string;
  parsed: ParsedBatchFile;
  check: BatchHeaderCheck;
  /** Whether the header names exactly the template's columns (no mapping step). */
  exact: boolean;
}

export function megabytes(bytes: number): string {
  return formatMegabytes(bytes);
}

/** The file's text, refused when it is not UTF-8 (the server refuses it too). */
async function readUtf8(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * A file picked for a new batch, read here for a first look: at most the size and rows a batch
 * may have, UTF-8, a header row; then its header checked against the template's columns, and a
 * mapping onto them (the file's own when exact, else suggested, remembered ones first).
 */
export async function readChosenFile(
  chosen: File,
  {
    kit,
    model,
    provider,
    type,
  }: {
    kit: BatchFileKit;
    model: BatchFileModel;
    provider: string;
    type: PayoutMethodType | '';
  },
): Promise<{ error: string } | { file: ChosenFile; mapping: ColumnMapping }> {
  if (chosen.size > MAX_BATCH_FILE_BYTES) {
    return {
      error: `${chosen.name} is ${megabytes(chosen.size)}: a batch file may be at most ${megabytes(MAX_BATCH_FILE_BYTES)}.`,
    };
  }
  // The CSV parser (papaparse) loads with the first file picked, while the file is read: the
  // page itself does not need it.
  const parser = import('./parseBatchFile.js');
  let text: string;
  try {
    text = await readUtf8(chosen);
  } catch {
    parser.catch(() => undefined);
    return { error: `${chosen.name} is not UTF-8 text: save it as "CSV UTF-8" and try again.` };
  }
  let parseBatchFile: typeof ParseBatchFile;
  try {
    ({ parseBatchFile } = await parser);
  } catch {
    return {
      error: 'Could not load the file reader: check your connection and pick the file again.',
    };
  }
  const parsed = parseBatchFile(text);
  const header = parsed.rows[0];
  if (!header || header.every((h) => h.trim() === '')) {
    return { error: `${chosen.name} is empty: it has no header row.` };
  }
  if (parsed.rows.length - 1 > MAX_BATCH_ROWS) {
    return {
      error: `${chosen.name} has ${formatCount(parsed.rows.length - 1)} rows: a batch may have at most ${formatCount(MAX_BATCH_ROWS)}.`,
    };
  }
  const check = kit.checkBatchHeader(model, header);
  const exact =
    check.unknown.length === 0 && check.missing.length === 0 && check.duplicate.length === 0;
  return {
    file: { name: chosen.name, text, parsed, check, exact },
    mapping: exact
      ? check.columns.map((c) => c?.name ?? null)
      : suggestMapping(
          header,
          model.columns,
          loadRememberedMapping(provider, type === '' ? '' : type),
        ),
  };
}
