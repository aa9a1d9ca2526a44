import type {
  CardDepositRequest,
  Corridor,
  DepositResult,
  DepositTransaction,
  OrchestratorPayoutStatus,
  PayoutCreated,
  PayoutProviders,
  PayoutRecord,
  PayoutRequest,
} from '@payouts/contracts';
import type { DepositLookupPrefix } from './calls/requestParts.js';
import type { OrchestratorErrorKind } from './errors/OrchestratorError.js';
import type { UnreadablePayoutRecord } from './replies/readPayoutList.js';

export type OrchestratorApiVersion = 'v1' | 'v2';

/** Structured logger (pino-compatible). It is never given secrets or card data. */
export interface OrchestratorLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Operations as reported to `onCall` and in errors. */
export type OrchestratorOperation =
  | 'login'
  | 'getPayoutProviders'
  | 'createPayout'
  | 'listPayouts'
  | 'getPayout'
  | 'checkPayoutStatus'
  | 'getFingerprint'
  | 'createCardDeposit'
  | 'getDeposit';

/** One HTTP exchange with the orchestrator, as reported to `onCall`. */
export interface OrchestratorCallInfo {
  operation: OrchestratorOperation;
  method: 'GET' | 'POST';
  /** The path without query, with the API key replaced: `/v2/{api_key}/payouts`. */
  path: string;
  /** Null when no HTTP answer came (timeout, reset, refused). */
  httpStatus: number | null;
  durationMs: number;
  /** 1, or 2 for the single retry after a re-login. Logins are always attempt 1. */
  attempt: number;
  /** Set when this exchange ended the call with an error. */
  errorKind?: OrchestratorErrorKind;
}

export interface OrchestratorClientOptions {
  /** e.g. `http://127.0.0.1:4010`; a trailing slash or a path prefix is fine. */
  baseUrl: string;
  apiKey: string;
  userName: string;
  password: string;
  /** Version of the payout and login routes; default `v2`. MPI routes are always `/mpi/v2`. */
  apiVersion?: OrchestratorApiVersion;
  /**
   * The deposit lookup's prefix: `/mpi/v2` (default, as the other MPI routes) or `/mpi`, as
   * BridgerPay's documentation shows it (`GET /mpi/{API_KEY}/deposit/transaction/{id}`).
   */
  depositLookupPrefix?: DepositLookupPrefix;
  /** Per call, including a login it has to wait for; default 10 000. */
  timeoutMs?: number;
  /** Keep-alive pool size; default 16. */
  connections?: number;
  /** Log in again this long before the token expires; default 60 (capped at half its life). */
  tokenRefreshMarginSeconds?: number;
  /** Wall clock in ms, for token expiry and `Retry-After` dates; default `Date.now`. */
  now?: () => number;
  logger?: OrchestratorLogger;
  /** Observer of every HTTP exchange (for `Server-Timing`, the lab's timings). Must not throw. */
  onCall?: (info: OrchestratorCallInfo) => void;
  /**
   * Extra headers for every request, read as it is sent (W3C `traceparent`/`tracestate` of the
   * caller's trace). Must not throw; they never replace the client's own headers.
   */
  propagationHeaders?: () => Record<string, string>;
}

/**
 * One HTTP exchange of a call, for showing it to an admin (the lab). Bodies are already
 * scrubbed: card numbers masked 6+4, CVVs left out, the API key, tokens, passwords and the
 * cashier key never present.
 */
export interface OrchestratorExchange {
  method: 'GET' | 'POST';
  /** With `{api_key}` in place of the key, and the query as sent. */
  path: string;
  /** Null for a bodiless request. */
  requestBody: unknown;
  /** Null when no HTTP answer came (timeout, reset, refused). */
  httpStatus: number | null;
  /** The parsed JSON reply, or its text when it is not JSON; null when no answer came. */
  responseBody: unknown;
  durationMs: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Observer of this call's HTTP exchanges (logins excluded): once, or twice when a refused
   * token led to a re-login and one retry. Must not throw; its errors are ignored.
   */
  onExchange?: (exchange: OrchestratorExchange) => void;
}

export interface DepositCallOptions extends CallOptions {
  /** Send to this one PSP (`/deposit/credit-card/{pspName}` with `single_payment_mid_alias`). */
  pspName?: string;
}

export interface ListPayoutsQuery {
  merchantOrderId?: string;
  /** Unix seconds. */
  from?: number;
  /** Unix seconds. */
  to?: number;
  pspName?: string;
  status?: OrchestratorPayoutStatus;
  /** 1-based. */
  page?: number;
  sortField?: 'processing_date';
  sortDir?: 'asc' | 'desc';
  /** Orchestrator default: 24. */
  limit?: number;
}

export interface PayoutPage {
  records: PayoutRecord[];
  /**
   * Records the page held that could not be read (each with its merchant order id when that
   * much was readable): one odd record never fails a lookup.
   */
  unreadable: UnreadablePayoutRecord[];
  nextPageCursor: string | null;
}

export type { UnreadablePayoutRecord } from './replies/readPayoutList.js';

export interface FingerprintQuery {
  country: string;
  currency: string;
  cardBin: string;
}

export interface OrchestratorClient {
  /** The corridor's PSPs, and the entries left out (a type we do not support) with why. */
  getPayoutProviders(q: Corridor, o?: CallOptions): Promise<PayoutProviders>;
  /** Never retried by the client: on `outcomeUnknown` errors, reconcile by order id. */
  createPayout(p: PayoutRequest, o?: CallOptions): Promise<PayoutCreated>;
  listPayouts(q: ListPayoutsQuery, o?: CallOptions): Promise<PayoutPage>;
  getPayout(id: string, o?: CallOptions): Promise<PayoutRecord>;
  checkPayoutStatus(id: string, o?: CallOptions): Promise<PayoutRecord>;
  /** The iframe content; `''` when the PSP needs no fingerprint. */
  getFingerprint(q: FingerprintQuery, o?: CallOptions): Promise<{ html: string }>;
  /** Never retried by the client. `pspName` selects the single-PSP route. */
  createCardDeposit(d: CardDepositRequest, o?: DepositCallOptions): Promise<DepositResult>;
  getDeposit(id: string, o?: CallOptions): Promise<DepositTransaction>;
  /** Closes the keep-alive pool after in-flight calls finish; later calls fail `unavailable`. */
  close(): Promise<void>;
}
