/** The cells of the file's rows by model column name, as uploaded (the server masks its copy). */
export type LocalBatchRows = Map<number, Record<string, string>>;

const uploaded = new Map<string, LocalBatchRows>();

/**
 * The full cells of files uploaded in this browser session, by batch id, for "download the rows
 * with errors" (the server's cells are masked). Memory only: never stored, gone on reload.
 */
export const localBatchFiles = {
  set(batchId: string, rows: readonly (readonly string[])[]): void {
    const header = rows[0] ?? [];
    const byRow: LocalBatchRows = new Map();
    rows.slice(1).forEach((record, i) => {
      byRow.set(i + 1, Object.fromEntries(header.map((name, j) => [name, record[j] ?? ''])));
    });
    uploaded.set(batchId, byRow);
  },
  get(batchId: string): LocalBatchRows | undefined {
    return uploaded.get(batchId);
  },
  clear(): void {
    uploaded.clear();
  },
};
