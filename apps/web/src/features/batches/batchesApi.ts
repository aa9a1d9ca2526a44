import type {
  BatchDecimalSeparator,
  BatchDto,
  BatchListDto,
  BatchRowDto,
  BatchRowFilter,
  BatchRowsDto,
  BatchStatus,
  PayoutMethodType,
} from '@payouts/contracts';
import { callEndpoint, endpointUrl } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface BatchUpload {
  country: string;
  currency: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  file_name: string;
  /** How the file writes amounts (`1.234,50`: comma); the BFF reads them as decimal strings. */
  decimal: BatchDecimalSeparator;
  /** The CSV text, its header already in the model's names. */
  csv: string;
}

export interface BatchesApi {
  /** Newest first. */
  list(
    query: { status?: BatchStatus; cursor?: string; limit?: number },
    signal?: AbortSignal,
  ): Promise<BatchListDto>;
  get(id: string, signal?: AbortSignal): Promise<BatchDto>;
  /** A file -> a draft batch, every cell validated; 422 `bad_file` when it cannot be used. */
  upload(upload: BatchUpload): Promise<BatchDto>;
  rows(
    id: string,
    query: { filter: BatchRowFilter; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<BatchRowsDto>;
  /** Fixes cells of a draft's row; the row comes back revalidated. */
  fixRow(id: string, row: number, cells: Record<string, string>): Promise<BatchRowDto>;
  validate(id: string, excludeInvalid: boolean): Promise<BatchDto>;
  submit(id: string): Promise<BatchDto>;
  approve(id: string): Promise<BatchDto>;
  reject(id: string, reason: string): Promise<BatchDto>;
  cancel(id: string, reason: string | undefined): Promise<BatchDto>;
  /** A new draft of the failed rows for another PSP. */
  retry(id: string, provider: string): Promise<BatchDto>;
  /** The results export, for a download link. */
  resultsUrl(id: string): string;
  /** The CSV template, made by the BFF from the metadata (its example row masked). */
  templateUrl(query: {
    country: string;
    currency: string;
    payout_method_type: string;
    provider: string;
    delimiter: 'comma' | 'semicolon';
  }): string;
}

export function createBatchesApi(http: HttpClient): BatchesApi {
  return {
    list: (query, signal) =>
      callEndpoint(http, 'listBatches', {
        query: {
          status: query.status,
          cursor: query.cursor,
          limit: query.limit === undefined ? undefined : String(query.limit),
        },
        signal,
      }),
    get: (id, signal) => callEndpoint(http, 'getBatch', { params: { id }, signal }),
    upload: ({ csv, ...query }) =>
      callEndpoint(http, 'uploadBatch', { query: { ...query }, body: csv }),
    rows: (id, query, signal) =>
      callEndpoint(http, 'batchRows', {
        params: { id },
        query: { filter: query.filter, offset: String(query.offset), limit: String(query.limit) },
        signal,
      }),
    fixRow: (id, row, cells) =>
      callEndpoint(http, 'fixBatchRow', { params: { id, row: String(row) }, body: { cells } }),
    validate: (id, excludeInvalid) =>
      callEndpoint(http, 'validateBatch', {
        params: { id },
        body: { exclude_invalid: excludeInvalid },
      }),
    submit: (id) => callEndpoint(http, 'submitBatch', { params: { id }, body: {} }),
    approve: (id) => callEndpoint(http, 'approveBatch', { params: { id }, body: {} }),
    reject: (id, reason) => callEndpoint(http, 'rejectBatch', { params: { id }, body: { reason } }),
    cancel: (id, reason) =>
      callEndpoint(http, 'cancelBatch', {
        params: { id },
        body: reason === undefined ? {} : { reason },
      }),
    retry: (id, provider) =>
      callEndpoint(http, 'retryBatch', { params: { id }, body: { provider } }),
    resultsUrl: (id) => endpointUrl(http, 'batchResults', { params: { id } }),
    templateUrl: (query) => endpointUrl(http, 'batchTemplate', { query }),
  };
}
