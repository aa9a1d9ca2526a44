import type {
  PayoutMethodType,
  PayoutMetadataValue,
  PayoutRequest,
  PayoutStatus,
} from '@payouts/contracts';
import type { HttpClient, QueryParams } from '../../api/createHttpClient.js';

export interface PayoutActor {
  id: string;
  email: string;
  name: string;
}

/** A payout as the BFF shows it: amounts as decimal strings, recipient details already masked. */
export interface Payout {
  id: string;
  order_id: string;
  provider: string;
  provider_title?: string | null;
  country: string;
  currency: string;
  state: string | null;
  amount: string;
  payout_method_type: PayoutMethodType;
  /** Masked by the BFF: card numbers as 6 + 4, account numbers as their last 4. */
  metadata: Record<string, PayoutMetadataValue>;
  /** Who is paid, as the BFF read it from the metadata. */
  recipient?: { name: string | null; email: string | null };
  status: PayoutStatus;
  /** The orchestrator's status, raw. */
  orchestrator_status: string | null;
  orchestrator_id: string | null;
  psp_transaction_id: string | null;
  decline_code: string | null;
  decline_reason: string | null;
  /** Why the orchestrator refused it (status `failed`). */
  failure_reason?: string | null;
  created_by: PayoutActor | null;
  created_at: string;
  updated_at: string;
  is_test: boolean;
  /** Above the four-eyes threshold for its currency: a second person approves it before it is sent. */
  requires_approval: boolean;
  /** The decimal threshold that applied, in the payout's currency. */
  approval_threshold: string | null;
  approved_by: PayoutActor | null;
  approved_at: string | null;
  /** Who rejected it, or, when `cancelled`, the creator who withdrew it. */
  rejected_by: PayoutActor | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  /** The creator withdrew it before approval (status `rejected`). */
  cancelled: boolean;
  /** Unknown or non-final for longer than the BFF's attention age: a person should look. */
  needs_attention: boolean;
}

/** The counts behind the menu's badge. */
export interface PayoutSummary {
  /** Payouts awaiting approval that someone else created (0 for support). */
  awaiting_my_approval: number;
  needs_attention: number;
}

export interface PayoutEvent {
  id: string;
  /** created, approved, submitted, notification, status_check, ... */
  type: string;
  at: string;
  /** A user's e-mail, `orchestrator` or `system` (older shapes: a user object). */
  actor: string | { id: string; name: string } | null;
  data: Record<string, unknown> | null;
}

export interface PayoutDetail {
  payout: Payout;
  events: PayoutEvent[];
}

export interface PayoutPage {
  items: Payout[];
  next_cursor: string | null;
}

export interface PayoutsApi {
  /** One page of the list; `query` holds filters, sort, cursor and limit as the API names them. */
  list(query: QueryParams, signal?: AbortSignal): Promise<PayoutPage>;
  get(id: string, signal?: AbortSignal): Promise<PayoutDetail>;
  /** Asks the orchestrator for the payout's current status now; answers the updated payout. */
  checkStatus(id: string): Promise<Payout>;
  /**
   * Creates a payout. The same `idempotencyKey` with the same body answers the same payout, so a
   * retry never pays twice.
   */
  create(body: PayoutRequest, idempotencyKey: string): Promise<Payout>;
  /** A second person (finance or admin, not the creator) lets it go to the orchestrator. */
  approve(id: string): Promise<Payout>;
  /** A second person refuses it; `reason` is 1 to 500 characters. */
  reject(id: string, reason: string): Promise<Payout>;
  /** The creator withdraws it before approval. */
  cancel(id: string, reason?: string): Promise<Payout>;
  /** How many payouts wait for my approval, and how many need attention. */
  summary(signal?: AbortSignal): Promise<PayoutSummary>;
  /** Where the CSV of the list selected by `query` downloads from. */
  exportUrl(query: QueryParams): string;
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
      return http.request<Payout>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/check-status`,
      });
    },
    create(body, idempotencyKey) {
      return http.request<Payout>({
        method: 'POST',
        path: '/payouts',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    approve(id) {
      return http.request<Payout>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/approve`,
        body: {},
      });
    },
    reject(id, reason) {
      return http.request<Payout>({
        method: 'POST',
        path: `/payouts/${encodeURIComponent(id)}/reject`,
        body: { reason },
      });
    },
    cancel(id, reason) {
      return http.request<Payout>({
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
