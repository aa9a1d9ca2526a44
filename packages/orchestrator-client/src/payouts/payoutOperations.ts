import type { PayoutRequest } from '@payouts/contracts';
import type { LosslessNumber } from 'lossless-json';
import type { Caller } from '../calls/createCaller.js';
import { amountOrThrow, idSegment, type RoutePaths } from '../calls/requestParts.js';
import type { OrchestratorClient } from '../OrchestratorClient.js';
import { readPayoutCreated } from '../replies/readPayoutCreated.js';
import { readPayoutList } from '../replies/readPayoutList.js';
import { readPayoutProviders } from '../replies/readPayoutProviders.js';
import { readPayoutRecord } from '../replies/readPayoutRecord.js';

// Metadata keys whose values are card data or credentials: scrubbed from any upstream text.
const SENSITIVE_METADATA_KEY = /card.?number|cvv|cvc|pan$|token/i;

export type PayoutOperations = Pick<
  OrchestratorClient,
  'getPayoutProviders' | 'createPayout' | 'listPayouts' | 'getPayout' | 'checkPayoutStatus'
>;

/** The payout API: providers' metadata, create, list, get and check-status. */
export function createPayoutOperations({
  caller: { execute, scrub },
  paths,
}: {
  caller: Caller;
  paths: RoutePaths;
}): PayoutOperations {
  return {
    async getPayoutProviders(q, o) {
      return execute(
        {
          operation: 'getPayoutProviders',
          method: 'GET',
          ...paths.payout('/metadata', { country: q.country, currency: q.currency }),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        readPayoutProviders,
        o,
      );
    },

    async createPayout(p, o) {
      const amount = amountOrThrow('createPayout', p.amount);
      return execute(
        {
          operation: 'createPayout',
          method: 'POST',
          ...paths.payout(''),
          body: payoutBody(p, amount),
          nonIdempotent: true,
          authenticated: true,
          extraSecrets: sensitiveMetadataValues(p.metadata),
        },
        readPayoutCreated,
        o,
      );
    },

    async listPayouts(q, o) {
      return execute(
        {
          operation: 'listPayouts',
          method: 'GET',
          ...paths.payout('', {
            merchantOrderId: q.merchantOrderId,
            from: q.from,
            to: q.to,
            pspName: q.pspName,
            // Filters take lower-case statuses.
            status: q.status?.toLowerCase(),
            page: q.page,
            sortField: q.sortField,
            sortDir: q.sortDir,
            limit: q.limit,
          }),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        (result) => readPayoutList(result, scrub.data),
        o,
      );
    },

    async getPayout(id, o) {
      return execute(
        {
          operation: 'getPayout',
          method: 'GET',
          ...paths.payout(`/${idSegment('getPayout', id)}`),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        (result) => readPayoutRecord(result, 'result', scrub.data),
        o,
      );
    },

    async checkPayoutStatus(id, o) {
      return execute(
        {
          operation: 'checkPayoutStatus',
          method: 'GET',
          ...paths.payout(`/${idSegment('checkPayoutStatus', id)}/check-status`),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        (result) => readPayoutRecord(result, 'result', scrub.data),
        o,
      );
    },
  };
}

function payoutBody(p: PayoutRequest, amount: LosslessNumber): Record<string, unknown> {
  return {
    order_id: p.order_id,
    provider: p.provider,
    country: p.country,
    currency: p.currency,
    state: p.state,
    amount,
    payout_method_type: p.payout_method_type,
    metadata: p.metadata,
  };
}

function sensitiveMetadataValues(metadata: PayoutRequest['metadata']): string[] {
  return Object.entries(metadata)
    .filter(([key, value]) => SENSITIVE_METADATA_KEY.test(key) && String(value).length >= 3)
    .map(([, value]) => String(value));
}
