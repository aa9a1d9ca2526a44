import type { CardDepositRequest } from '@payouts/contracts';
import type { LosslessNumber } from 'lossless-json';
import type { Caller } from '../calls/createCaller.js';
import { amountOrThrow, idSegment, type RoutePaths } from '../calls/requestParts.js';
import type { OrchestratorClient } from '../OrchestratorClient.js';
import { readDepositResult } from '../replies/readDepositResult.js';
import { readDepositTransaction } from '../replies/readDepositTransaction.js';
import { ReplyShapeError } from '../replies/ReplyShapeError.js';

export type DepositOperations = Pick<
  OrchestratorClient,
  'getFingerprint' | 'createCardDeposit' | 'getDeposit'
>;

/** The MPI (card deposit) API: fingerprint, card deposit, deposit lookup. */
export function createDepositOperations({
  caller: { execute },
  paths,
}: {
  caller: Caller;
  paths: RoutePaths;
}): DepositOperations {
  return {
    async getFingerprint(q, o) {
      return execute(
        {
          operation: 'getFingerprint',
          method: 'GET',
          ...paths.mpi('/fingerprint', {
            country: q.country,
            currency: q.currency,
            cardBin: binOf(q.cardBin),
          }),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
          html: true,
        },
        readFingerprint,
        o,
      );
    },

    async createCardDeposit(d, o) {
      const amount = amountOrThrow('createCardDeposit', d.amount);
      const pspName = o?.pspName;
      const suffix =
        pspName === undefined
          ? '/deposit/credit-card'
          : `/deposit/credit-card/${idSegment('createCardDeposit', pspName)}`;
      return execute(
        {
          operation: 'createCardDeposit',
          method: 'POST',
          ...paths.mpi(suffix),
          body: depositBody(d, amount, pspName !== undefined),
          nonIdempotent: true,
          authenticated: true,
          extraSecrets: [d.credit_card_number, d.cvv2],
        },
        readDepositResult,
        o,
      );
    },

    async getDeposit(id, o) {
      return execute(
        {
          operation: 'getDeposit',
          method: 'GET',
          ...paths.depositLookup(`/deposit/transaction/${idSegment('getDeposit', id)}`),
          nonIdempotent: false,
          authenticated: true,
          extraSecrets: [],
        },
        readDepositTransaction,
        o,
      );
    },
  };
}

function depositBody(
  d: CardDepositRequest,
  amount: LosslessNumber,
  singlePsp: boolean,
): Record<string, unknown> {
  const { single_payment_mid_alias: alias, ...rest } = d;
  // The alias belongs to the single-PSP route only.
  return singlePsp && alias !== undefined
    ? { ...rest, amount, single_payment_mid_alias: alias }
    : { ...rest, amount };
}

/**
 * A BIN is at most 8 leading digits. Cutting here means a caller that passes the whole card
 * number by mistake still never puts it in a URL (and so in access logs).
 */
function binOf(cardBin: string): string {
  return cardBin.replace(/\D/g, '').slice(0, 8);
}

/** The fingerprint body shape is undocumented: HTML (sandbox) or a JSON envelope with a string. */
function readFingerprint(result: unknown): { html: string } {
  if (typeof result === 'string') return { html: result };
  if (result === null || result === undefined) return { html: '' };
  if (typeof result === 'object' && typeof (result as { html?: unknown }).html === 'string') {
    return { html: (result as { html: string }).html };
  }
  throw new ReplyShapeError('result is not fingerprint content');
}
