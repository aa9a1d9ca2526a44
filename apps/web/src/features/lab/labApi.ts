import type {
  DepositOptions,
  DepositTestDataDto,
  Corridor,
  DepositTransaction,
  LabDepositReply,
  LabDepositRequest,
  LabPayoutReply,
  LabTestDataQuery,
  PayoutRequest,
} from '@payouts/contracts';
import { callEndpoint, endpointUrl } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

export interface LabApi {
  /** A valid payout for that PSP's fields, with a fresh `LAB-…` order id. */
  testData(query: LabTestDataQuery, signal?: AbortSignal): Promise<PayoutRequest>;
  /** Sends a test payout; a refusal by the orchestrator is still a reply, with `problem` set. */
  sendPayout(body: PayoutRequest, idempotencyKey: string): Promise<LabPayoutReply>;
  depositOptions(signal?: AbortSignal): Promise<DepositOptions>;
  /** A test customer and card for a corridor ("Prefill test data"), from the BFF. */
  depositTestData(corridor: Corridor, signal?: AbortSignal): Promise<DepositTestDataDto>;
  /** The fingerprint document's URL, for the sandboxed iframe. */
  fingerprintUrl(query: { country: string; currency: string; card_bin: string }): string;
  sendDeposit(body: LabDepositRequest): Promise<LabDepositReply>;
  deposit(id: string, signal?: AbortSignal): Promise<DepositTransaction>;
}

export function createLabApi(http: HttpClient): LabApi {
  return {
    async testData(query, signal) {
      const reply = await callEndpoint(http, 'labTestData', { query: { ...query }, signal });
      return reply.payout;
    },
    sendPayout: (body, idempotencyKey) =>
      callEndpoint(http, 'sendLabPayout', {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    depositOptions: (signal) => callEndpoint(http, 'depositOptions', { signal }),
    depositTestData: ({ country, currency }, signal) =>
      callEndpoint(http, 'depositTestData', { query: { country, currency }, signal }),
    fingerprintUrl: (query) => endpointUrl(http, 'depositFingerprint', { query }),
    sendDeposit: (body) => callEndpoint(http, 'makeDeposit', { body }),
    deposit: (id, signal) => callEndpoint(http, 'getDeposit', { params: { id }, signal }),
  };
}
