/**
 * How big a batch file may be. A module of its own, without the file model's imports: the
 * new-batch page checks these before it loads the model's builder and the field rules it needs
 * (apps/web/src/features/batches/useBatchFileKit.ts).
 */

/** A file holds at most this many data rows. */
export const MAX_BATCH_ROWS = 10_000;
/** A file is at most this many bytes (5 MB). */
export const MAX_BATCH_FILE_BYTES = 5 * 1024 * 1024;
