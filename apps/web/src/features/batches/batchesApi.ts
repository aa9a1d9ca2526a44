import type {
  BatchDto,
  BatchListDto,
  BatchRowDto,
  BatchRowFilter,
  BatchRowsDto,
  BatchStatus,
  PayoutMethodType,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface BatchUpload {
  country: string;
  currency: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  file_name: string;
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
  const path = (id: string, rest = '') => `/batches/${encodeURIComponent(id)}${rest}`;
  return {
    list(query, signal) {
      return http.request<BatchListDto>({
        method: 'GET',
        path: '/batches',
        query: {
          status: query.status,
          cursor: query.cursor,
          limit: query.limit === undefined ? undefined : String(query.limit),
        },
        signal,
      });
    },
    get(id, signal) {
      return http.request<BatchDto>({ method: 'GET', path: path(id), signal });
    },
    upload({ csv, ...query }) {
      return http.request<BatchDto>({
        method: 'POST',
        path: '/batches',
        query: { ...query },
        text: { content: csv, type: 'text/csv' },
      });
    },
    rows(id, query, signal) {
      return http.request<BatchRowsDto>({
        method: 'GET',
        path: path(id, '/rows'),
        query: {
          filter: query.filter,
          offset: String(query.offset),
          limit: String(query.limit),
        },
        signal,
      });
    },
    fixRow(id, row, cells) {
      return http.request<BatchRowDto>({
        method: 'PATCH',
        path: path(id, `/rows/${row}`),
        body: { cells },
      });
    },
    validate(id, excludeInvalid) {
      return http.request<BatchDto>({
        method: 'POST',
        path: path(id, '/validate'),
        body: { exclude_invalid: excludeInvalid },
      });
    },
    submit(id) {
      return http.request<BatchDto>({ method: 'POST', path: path(id, '/submit'), body: {} });
    },
    approve(id) {
      return http.request<BatchDto>({ method: 'POST', path: path(id, '/approve'), body: {} });
    },
    reject(id, reason) {
      return http.request<BatchDto>({
        method: 'POST',
        path: path(id, '/reject'),
        body: { reason },
      });
    },
    cancel(id, reason) {
      return http.request<BatchDto>({
        method: 'POST',
        path: path(id, '/cancel'),
        body: reason === undefined ? {} : { reason },
      });
    },
    retry(id, provider) {
      return http.request<BatchDto>({
        method: 'POST',
        path: path(id, '/retry'),
        body: { provider },
      });
    },
    resultsUrl(id) {
      return http.url(path(id, '/results.csv'));
    },
    templateUrl(query) {
      return http.url(`/batches/template?${new URLSearchParams(query).toString()}`);
    },
  };
}
