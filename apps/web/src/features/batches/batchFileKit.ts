/**
 * The batch file model's builder and header check, loaded on demand (`useBatchFileKit`): the
 * model is the PSP's section of the payout form, so building it needs the contracts' field rules
 * (libphonenumber's metadata, the wallet checksums), about 40 kB gzip the new-batch page's first
 * screen, the corridor picker, does not use.
 */
export { buildBatchFileModel, checkBatchHeader } from '@payouts/contracts';
