import { formatCsvRow, type BatchCsvDelimiter, type BatchFileModel } from '@payouts/contracts';

/** What a file column becomes: a model column's name, or null (its cells are dropped). */
export type ColumnMapping = (string | null)[];

/** A header as compared: lower case, without spaces, underscores, dashes or dots. */
export function normaliseHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

function bigrams(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length - 1; i += 1) out.push(text.slice(i, i + 2));
  return out;
}

/**
 * Sørensen–Dice coefficient of two strings' bigrams (0: nothing shared, 1: the same), after
 * `normaliseHeader`. One-letter strings compare equal or not at all.
 */
export function headerSimilarity(a: string, b: string): number {
  const x = normaliseHeader(a);
  const y = normaliseHeader(b);
  if (x === y) return x === '' ? 0 : 1;
  if (x.length < 2 || y.length < 2) return 0;
  const left = bigrams(x);
  const right = new Map<string, number>();
  for (const g of bigrams(y)) right.set(g, (right.get(g) ?? 0) + 1);
  let shared = 0;
  for (const g of left) {
    const n = right.get(g) ?? 0;
    if (n > 0) {
      shared += 1;
      right.set(g, n - 1);
    }
  }
  return (2 * shared) / (left.length + bigrams(y).length);
}

/** Below this a file column is left unmapped ("ignore") rather than guessed. */
export const MIN_SIMILARITY = 0.5;

/**
 * A model column for each file column, best matches first: each candidate pair scored by the
 * similarity of the file header to the column's name and title, then pairs taken greedily from
 * the highest score, each model column used once. `remembered` (file header -> column name, null:
 * ignore) wins over any guess.
 */
export function suggestMapping(
  header: readonly string[],
  columns: readonly { name: string; title: string }[],
  remembered: Readonly<Record<string, string | null>> = {},
): ColumnMapping {
  const mapping: ColumnMapping = header.map(() => null);
  const used = new Set<string>();
  const known = new Set(columns.map((c) => c.name));
  const open: number[] = [];
  header.forEach((cell, i) => {
    const key = normaliseHeader(cell);
    if (Object.hasOwn(remembered, key)) {
      const target = remembered[key] ?? null;
      if (target === null || (known.has(target) && !used.has(target))) {
        mapping[i] = target;
        if (target !== null) used.add(target);
        return;
      }
    }
    open.push(i);
  });
  const pairs: { i: number; name: string; score: number }[] = [];
  for (const i of open) {
    for (const column of columns) {
      if (used.has(column.name)) continue;
      const cell = header[i] ?? '';
      const score = Math.max(
        headerSimilarity(cell, column.name),
        headerSimilarity(cell, column.title),
      );
      if (score >= MIN_SIMILARITY) pairs.push({ i, name: column.name, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.i - b.i);
  const done = new Set<number>();
  for (const { i, name } of pairs) {
    if (done.has(i) || used.has(name)) continue;
    mapping[i] = name;
    done.add(i);
    used.add(name);
  }
  return mapping;
}

/** Problems with a mapping before upload: a model column chosen twice, a required one not at all. */
export function mappingProblems(model: BatchFileModel, mapping: ColumnMapping): string[] {
  const chosen = mapping.filter((m): m is string => m !== null);
  const problems: string[] = [];
  const twice = [...new Set(chosen.filter((m, i) => chosen.indexOf(m) !== i))];
  for (const name of twice) problems.push(`${name} is chosen for more than one file column.`);
  const usesReferences = chosen.includes('beneficiary_reference');
  const missing = model.columns.filter(
    (c) =>
      c.requiredInHeader && !chosen.includes(c.name) && !(usesReferences && c.kind === 'field'),
  );
  for (const c of missing) problems.push(`No file column is chosen for ${c.name} (required).`);
  return problems;
}

/**
 * The file again with the mapping applied: the header row renamed to the model's names and the
 * ignored columns' cells dropped from every record, written as RFC 4180 CSV (CRLF) with the
 * file's delimiter. Comment lines (`#`) are not data and are left out.
 */
export function applyMapping(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  delimiter: BatchCsvDelimiter,
): string {
  const keep = mapping.flatMap((m, i) => (m === null ? [] : [i]));
  const header = keep.map((i) => mapping[i] ?? '');
  const lines = [
    formatCsvRow(header, delimiter),
    ...rows.slice(1).map((row) =>
      formatCsvRow(
        keep.map((i) => row[i] ?? ''),
        delimiter,
      ),
    ),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}

const STORAGE_PREFIX = 'payouts.batchMapping.';

function storageKey(provider: string, type: string): string {
  return `${STORAGE_PREFIX}${provider}.${type}`;
}

/** The mapping chosen last time for this PSP and type, by normalised file header. */
export function loadRememberedMapping(
  provider: string,
  type: string,
  storage: Storage | undefined = globalThis.localStorage,
): Record<string, string | null> {
  try {
    const text = storage?.getItem(storageKey(provider, type));
    if (!text) return {};
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (e): e is [string, string | null] => typeof e[1] === 'string' || e[1] === null,
      ),
    );
  } catch {
    return {};
  }
}

export function rememberMapping(
  provider: string,
  type: string,
  header: readonly string[],
  mapping: ColumnMapping,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  const value = Object.fromEntries(header.map((h, i) => [normaliseHeader(h), mapping[i] ?? null]));
  try {
    storage?.setItem(storageKey(provider, type), JSON.stringify(value));
  } catch {
    // Storage full or disabled: the mapping is only a convenience.
  }
}
