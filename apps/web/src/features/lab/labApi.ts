import type {
  CardDepositRequest,
  Corridor,
  DepositResult,
  DepositTransaction,
  PayoutMethodType,
  PayoutRequest,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';
import type { Payout } from '../payouts/payoutsApi.js';

/** What went to the orchestrator and what came back, scrubbed by the BFF. */
export interface LabExchange {
  request: {
    method: string;
    /** With an `{api_key}` placeholder, never the key. */
    path: string;
    /** Exactly as sent, card number masked 6 + 4, no credentials. */
    body: unknown;
  };
  response: { http_status: number | null; body: unknown } | null;
  duration_ms: number;
}

/** A problem+json body as the BFF sends it. */
export interface LabProblem {
  title?: string;
  detail?: string;
  status?: number;
  code?: string;
  errors?: { pointer: string; message: string }[];
}

export interface LabPayoutReply {
  /** The ledger row, stored with `is_test`; the failed row when refused. */
  payout: Payout | null;
  /** Null when the orchestrator was not called (an idempotent replay). */
  exchange: LabExchange | null;
  /** Set when the orchestrator (or the BFF) refused the test payout. */
  problem?: LabProblem;
}

export interface DepositPsp {
  name: string;
  title: string;
  /** Its merchant account aliases (`single_payment_mid_alias`). */
  mids: string[];
  needs_fingerprint: boolean | null;
}

export interface DepositOptions {
  psps: DepositPsp[];
  corridors: Corridor[];
}

/** The deposit as the console sends it: the BFF adds the cashier key and the MID alias. */
export type LabDepositInput = Omit<CardDepositRequest, 'cashier_key' | 'single_payment_mid_alias'>;

export interface LabDepositRequest {
  mode: 'routed' | 'single';
  psp_name?: string;
  single_payment_mid_alias?: string;
  deposit: LabDepositInput;
}

export interface LabDepositReply {
  result: DepositResult;
  exchange: LabExchange | null;
  duration_ms: number | null;
}

export interface TestDataQuery extends Corridor {
  payout_method_type: PayoutMethodType;
  provider: string;
}

export interface LabApi {
  /** A valid payout for that PSP's fields, with a fresh `LAB-…` order id. */
  testData(query: TestDataQuery, signal?: AbortSignal): Promise<PayoutRequest>;
  /** Sends a test payout; a refusal by the orchestrator is still a reply, with `problem` set. */
  sendPayout(body: PayoutRequest, idempotencyKey: string): Promise<LabPayoutReply>;
  depositOptions(signal?: AbortSignal): Promise<DepositOptions>;
  /** The fingerprint document's URL, for the sandboxed iframe. */
  fingerprintUrl(query: { country: string; currency: string; card_bin: string }): string;
  sendDeposit(body: LabDepositRequest): Promise<LabDepositReply>;
  deposit(id: string, signal?: AbortSignal): Promise<DepositTransaction>;
}

export function createLabApi(http: HttpClient): LabApi {
  return {
    async testData(query, signal) {
      const reply = await http.request<{ payout: PayoutRequest }>({
        method: 'GET',
        path: '/lab/test-data',
        query: { ...query },
        signal,
      });
      return reply.payout;
    },
    sendPayout(body, idempotencyKey) {
      return http.request<LabPayoutReply>({
        method: 'POST',
        path: '/lab/payouts',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    depositOptions(signal) {
      return http.request<DepositOptions>({ method: 'GET', path: '/lab/deposits/options', signal });
    },
    fingerprintUrl(query) {
      return http.url('/lab/fingerprint', query);
    },
    sendDeposit(body) {
      return http.request<LabDepositReply>({ method: 'POST', path: '/lab/deposits', body });
    },
    deposit(id, signal) {
      return http.request<DepositTransaction>({
        method: 'GET',
        path: `/lab/deposits/${encodeURIComponent(id)}`,
        signal,
      });
    },
  };
}
