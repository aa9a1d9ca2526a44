import type {
  BeneficiaryPayoutRequest,
  PayoutDetail,
  PayoutDto,
  PayoutListQueryParams,
  PayoutPage,
  PayoutRequest,
  PayoutResolutionResultsDto,
  PayoutApprovalRuleDto,
  PayoutSummary,
  PayoutTotalsDto,
  PayoutFilterOptionsDto,
} from '@payouts/contracts';
import type { RequestBodyOf, Endpoints } from '@payouts/contracts/endpoints';
import { callEndpoint, endpointUrl } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

/** The body of `POST /api/payouts/:id/resolution`. */
export type PayoutResolutionAction =
  | { action: 'found'; orchestrator_id: string }
  | { action: 'propose_mark_failed'; reason: string }
  | { action: 'confirm_mark_failed' }
  | { action: 'decline_mark_failed'; reason: string };

export interface CreateOptions {
  /**
   * The person saw the recent payouts of this amount to this account (`possible_duplicate`)
   * and pays again.
   */
  payAgain?: boolean;
}

export interface PayoutsApi {
  /** One page of the list; `query` holds filters, sort, cursor and limit as the API names them. */
  list(query: PayoutListQueryParams, signal?: AbortSignal): Promise<PayoutPage>;
  /**
   * How many payouts `query`'s filters and search select (every page), and their sums per
   * currency; `query` has no sort or page (`toTotalsQuery`).
   */
  totals(query: PayoutListQueryParams, signal?: AbortSignal): Promise<PayoutTotalsDto>;
  /** The PSPs and decline codes the list's filters offer, with their payout counts. */
  filterOptions(signal?: AbortSignal): Promise<PayoutFilterOptionsDto>;
  get(id: string, signal?: AbortSignal): Promise<PayoutDetail>;
  /** Asks the orchestrator for the payout's current status now; answers the updated payout. */
  checkStatus(id: string): Promise<PayoutDto>;
  /**
   * Creates a payout. The same `idempotencyKey` with the same body answers the same payout, so a
   * retry never pays twice.
   */
  create(body: PayoutRequest, idempotencyKey: string, options?: CreateOptions): Promise<PayoutDto>;
  /**
   * Pays a saved beneficiary (same route as `create`): the BFF takes corridor, type, PSP and the
   * approved details from it; the browser sends the amount, the order id and, for a card without
   * a token, the card fields typed again.
   */
  createForBeneficiary(
    body: BeneficiaryPayoutRequest,
    idempotencyKey: string,
    options?: CreateOptions,
  ): Promise<PayoutDto>;
  /** A second person (finance or admin, not the creator) lets it go to the orchestrator. */
  approve(id: string): Promise<PayoutDto>;
  /** A second person refuses it; `reason` is 1 to 500 characters. */
  reject(id: string, reason: string): Promise<PayoutDto>;
  /** The creator withdraws it before approval. */
  cancel(id: string, reason?: string): Promise<PayoutDto>;
  /** A person settles an unknown payout: found at the PSP, or mark it failed under four eyes. */
  resolve(id: string, action: PayoutResolutionAction): Promise<PayoutDto>;
  /** Propose or confirm "not sent: mark failed" for several unknown payouts at once. */
  resolveMany(
    body:
      | { action: 'propose_mark_failed'; reason: string; payout_ids: string[] }
      | { action: 'confirm_mark_failed'; payout_ids: string[] },
  ): Promise<PayoutResolutionResultsDto>;
  /** A payout marked failed, sent again as a new payout with a new order id. */
  sendAgain(id: string, orderId: string, idempotencyKey: string): Promise<PayoutDto>;
  /** How many payouts wait for my approval, and how many need attention. */
  summary(signal?: AbortSignal): Promise<PayoutSummary>;
  /** The approval rule the payout would get if it were made now (the review step says it). */
  previewApproval(
    body: RequestBodyOf<Endpoints['previewPayoutApproval']>,
    signal?: AbortSignal,
  ): Promise<PayoutApprovalRuleDto>;
  /** Where the CSV of the list selected by `query` downloads from. */
  exportUrl(query: PayoutListQueryParams): string;
}

export function createPayoutsApi(http: HttpClient): PayoutsApi {
  const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });
  const createPayout = (
    body: PayoutRequest | BeneficiaryPayoutRequest,
    idempotencyKey: string,
    options?: CreateOptions,
  ) =>
    callEndpoint(http, 'createPayout', {
      body,
      headers: key(idempotencyKey),
      query: options?.payAgain ? { pay_again: '1' } : {},
    });
  return {
    list: (query, signal) => callEndpoint(http, 'listPayouts', { query, signal }),
    totals: (query, signal) => callEndpoint(http, 'payoutTotals', { query, signal }),
    filterOptions: (signal) => callEndpoint(http, 'payoutFilterOptions', { signal }),
    get: (id, signal) => callEndpoint(http, 'getPayout', { params: { id }, signal }),
    checkStatus: (id) => callEndpoint(http, 'checkPayoutStatus', { params: { id } }),
    create: (body, idempotencyKey, options) => createPayout(body, idempotencyKey, options),
    createForBeneficiary: (body, idempotencyKey, options) =>
      createPayout(body, idempotencyKey, options),
    approve: (id) => callEndpoint(http, 'approvePayout', { params: { id }, body: {} }),
    reject: (id, reason) =>
      callEndpoint(http, 'rejectPayout', { params: { id }, body: { reason } }),
    cancel: (id, reason) =>
      callEndpoint(http, 'cancelPayout', {
        params: { id },
        body: reason === undefined ? {} : { reason },
      }),
    resolve: (id, action) => callEndpoint(http, 'resolvePayout', { params: { id }, body: action }),
    resolveMany: (body) => callEndpoint(http, 'resolvePayouts', { body }),
    sendAgain: (id, orderId, idempotencyKey) =>
      callEndpoint(http, 'sendPayoutAgain', {
        params: { id },
        body: { order_id: orderId },
        headers: key(idempotencyKey),
      }),
    summary: (signal) => callEndpoint(http, 'payoutSummary', { signal }),
    previewApproval: (body, signal) =>
      callEndpoint(http, 'previewPayoutApproval', { body, signal }),
    exportUrl: (query) => endpointUrl(http, 'exportPayouts', { query }),
  };
}
