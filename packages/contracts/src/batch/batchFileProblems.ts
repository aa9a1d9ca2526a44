/**
 * Why a whole batch file is refused (the `problem` member of a `bad_file` problem body), so the
 * SPA can say more than the message when it wants to. The file is then not stored at all.
 */
export const BATCH_FILE_PROBLEMS = [
  'empty',
  'too_big',
  'not_utf8',
  'not_csv',
  'malformed_csv',
  'ragged_rows',
  'unknown_columns',
  'missing_columns',
  'duplicate_columns',
  'no_rows',
  'too_many_rows',
] as const;
export type BatchFileProblem = (typeof BATCH_FILE_PROBLEMS)[number];
