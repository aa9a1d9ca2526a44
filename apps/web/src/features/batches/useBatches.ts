import {
  BATCH_ROWS_PAGE_MAX,
  type BatchDto,
  type BatchRowDto,
  type BatchRowFilter,
  type BatchRowsDto,
} from '@payouts/contracts';
import {
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import type { BatchesApi, BatchUpload } from './batchesApi.js';

export const batchQueryKeys = {
  all: ['batches'] as const,
  list: () => ['batches', 'list'] as const,
  one: (id: string) => ['batches', 'one', id] as const,
  rows: (id: string, filter: BatchRowFilter) => ['batches', 'one', id, 'rows', filter] as const,
};

export const BATCHES_PAGE_SIZE = 50;

/** Statuses in which rows are being sent: the page follows them live. */
const LIVE: ReadonlySet<BatchDto['status']> = new Set(['approved', 'submitting']);
export const BATCH_POLL_MS = 2_000;
/** A batch awaiting someone else's approval is looked at less often, until it moves. */
export const BATCH_AWAITING_POLL_MS = 5_000;

/** Batches newest first, a page at a time ("Load more"). */
export function useBatchList() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: batchQueryKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.batches.list(
        pageParam === null
          ? { limit: BATCHES_PAGE_SIZE }
          : { cursor: pageParam, limit: BATCHES_PAGE_SIZE },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** One batch; read again every 2 s while its rows are being sent. */
export function useBatch(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: batchQueryKeys.one(id ?? ''),
    queryFn: id === undefined ? skipToken : ({ signal }) => api.batches.get(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === undefined) return false;
      if (LIVE.has(status)) return BATCH_POLL_MS;
      return status === 'awaiting_approval' ? BATCH_AWAITING_POLL_MS : false;
    },
  });
}

/** Every row matching the filter, a page of up to 1,000 at a time. */
export async function fetchAllBatchRows(
  api: BatchesApi,
  id: string,
  filter: BatchRowFilter,
  signal?: AbortSignal,
): Promise<BatchRowsDto> {
  const rows: BatchRowDto[] = [];
  let total = Infinity;
  while (rows.length < total) {
    const page = await api.rows(
      id,
      { filter, offset: rows.length, limit: BATCH_ROWS_PAGE_MAX },
      signal,
    );
    rows.push(...page.rows);
    total = page.total;
    if (page.rows.length === 0) break;
  }
  return { rows, total: rows.length };
}

/** Every row matching the filter, read a page of up to 1,000 at a time. */
export function useBatchRows(
  id: string,
  filter: BatchRowFilter,
  refetchInterval: number | false = false,
) {
  const api = useApi();
  return useQuery({
    queryKey: batchQueryKeys.rows(id, filter),
    queryFn: ({ signal }) => fetchAllBatchRows(api.batches, id, filter, signal),
    refetchInterval,
  });
}

/** After any change of a batch: the batch, its rows and the list are read again. */
function useRefreshBatch() {
  const queryClient = useQueryClient();
  return (batch: BatchDto) => {
    queryClient.setQueryData(batchQueryKeys.one(batch.id), batch);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...batchQueryKeys.one(batch.id), 'rows'] }),
      queryClient.invalidateQueries({ queryKey: batchQueryKeys.list() }),
    ]);
  };
}

export function useUploadBatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: BatchUpload) => api.batches.upload(upload),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchQueryKeys.one(batch.id), batch);
      return queryClient.invalidateQueries({ queryKey: batchQueryKeys.list() });
    },
  });
}

/** Fixes a row: the reply replaces it in every rows view; the batch's counts are read again. */
export function useFixBatchRow(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, cells }: { row: number; cells: Record<string, string> }) =>
      api.batches.fixRow(id, row, cells),
    onSuccess: (fixed) => {
      queryClient.setQueriesData<BatchRowsDto>(
        { queryKey: [...batchQueryKeys.one(id), 'rows'] },
        (data) =>
          data && { ...data, rows: data.rows.map((r) => (r.row === fixed.row ? fixed : r)) },
      );
      return queryClient.invalidateQueries({ queryKey: batchQueryKeys.one(id), exact: true });
    },
  });
}

type BatchAction =
  | { kind: 'validate'; excludeInvalid: boolean }
  | { kind: 'submit' }
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'cancel'; reason: string | undefined };

/** validate, submit, approve, reject or cancel: each answers the batch as it now is. */
export function useBatchAction(id: string) {
  const api = useApi();
  const refresh = useRefreshBatch();
  return useMutation({
    mutationFn: (action: BatchAction) => {
      switch (action.kind) {
        case 'validate':
          return api.batches.validate(id, action.excludeInvalid);
        case 'submit':
          return api.batches.submit(id);
        case 'approve':
          return api.batches.approve(id);
        case 'reject':
          return api.batches.reject(id, action.reason);
        case 'cancel':
          return api.batches.cancel(id, action.reason);
      }
    },
    onSuccess: refresh,
  });
}

export function useRetryBatch(id: string) {
  const api = useApi();
  const refresh = useRefreshBatch();
  return useMutation({
    mutationFn: (provider: string) => api.batches.retry(id, provider),
    onSuccess: refresh,
  });
}
