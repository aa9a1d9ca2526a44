import type {
  DepositOptions,
  DepositTransaction,
  LabDepositReply,
  LabDepositRequest,
  LabPayoutReply,
  LabTestDataReply,
  LabTestDataQuery,
  PayoutRequest,
} from '@payouts/contracts';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface LabApi {
  /** A valid payout for that PSP's fields, with a fresh `LAB-…` order id. */
  testData(query: LabTestDataQuery, signal?: AbortSignal): Promise<PayoutRequest>;
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
      const reply = await http.request<LabTestDataReply>({
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
