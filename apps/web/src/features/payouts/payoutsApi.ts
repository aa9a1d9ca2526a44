import type {
  BeneficiaryPayoutRequest,
  PayoutDetail,
  PayoutDto,
  PayoutListQueryParams,
  PayoutPage,
  PayoutRequest,
  PayoutSummary,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface PayoutsApi {
  /** One page of the list; `query` holds filters, sort, cursor and limit as the API names them. */
  list(query: PayoutListQueryParams, signal?: AbortSignal): Promise<PayoutPage>;
  get(id: string, signal?: AbortSignal): Promise<PayoutDetail>;
  /** Asks the orchestrator for the payout's current status now; answers the updated payout. */
  checkStatus(id: string): Promise<PayoutDto>;
  /**
   * Creates a payout. The same `idempotencyKey` with the same body answers the same payout, so a
   * retry never pays twice.
   */
  create(body: PayoutRequest, idempotencyKey: string): Promise<PayoutDto>;
  /**
   * Pays a saved beneficiary (same route as `create`): the BFF takes corridor, type, PSP and the
   * approved details from it; the browser sends the amount, the order id and, for a card without
   * a token, the card fields typed again.
   */
  createForBeneficiary(body: BeneficiaryPayoutRequest, idempotencyKey: string): Promise<PayoutDto>;
  /** A second person (finance or admin, not the creator) lets it go to the orchestrator. */
  approve(id: string): Promise<PayoutDto>;
  /** A second person refuses it; `reason` is 1 to 500 characters. */
  reject(id: string, reason: string): Promise<PayoutDto>;
  /** The creator withdraws it before approval. */
  cancel(id: string, reason?: string): Promise<PayoutDto>;
  /** How many payouts wait for my approval, and how many need attention. */
  summary(signal?: AbortSignal): Promise<PayoutSummary>;
  /** Where the CSV of the list selected by `query` downloads from. */
  exportUrl(query: PayoutListQueryParams): string;
}

export function createPayoutsApi(http: HttpClient): PayoutsApi {
  return {
    list(query, signal) {
      return http.request<PayoutPage>({ method: 'GET', path: '/payouts', query, signal });
    },
    get(id, signal) {
      return http.request<PayoutDetail>({
        method: 'GET',
        path: `/payouts/${encodeURIComponent(id)}`,
        signal,
      });
    },
    checkStatus(id) {
      return http.request<PayoutDto>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/check-status`,
      });
    },
    create(body, idempotencyKey) {
      return http.request<PayoutDto>({
        method: 'POST',
        path: '/payouts',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    createForBeneficiary(body, idempotencyKey) {
      return http.request<PayoutDto>({
        method: 'POST',
        path: '/payouts',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    approve(id) {
      return http.request<PayoutDto>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/approve`,
        body: {},
      });
    },
    reject(id, reason) {
      return http.request<PayoutDto>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/reject`,
        body: { reason },
      });
    },
    cancel(id, reason) {
      return http.request<PayoutDto>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/cancel`,
        body: reason === undefined ? {} : { reason },
      });
    },
    summary(signal) {
      return http.request<PayoutSummary>({ method: 'GET', path: '/payouts/summary', signal });
    },
    exportUrl(query) {
      return http.url('/payouts/export.csv', query);
    },
  };
}
