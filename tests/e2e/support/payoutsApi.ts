import { randomUUID } from 'node:crypto';
import type { PayoutRequest, PayoutStatus } from '@payouts/contracts';
import type { APIRequestContext } from 'playwright-core';

/** The fields of the BFF's payout reply these journeys read. */
export interface PayoutReply {
  id: string;
  order_id: string;
  status: PayoutStatus;
  provider: string;
  orchestrator_id: string | null;
  decline_code: string | null;
  decline_reason: string | null;
}

export interface ApiReply<T> {
  status: number;
  contentType: string;
  body: T;
}

/**
 * `POST /api/payouts` as the signed-in user of `request`'s context would send it from the page:
 * session cookie, same-origin `Origin`, a fresh `Idempotency-Key`.
 */
export async function createPayoutViaApi(
  request: APIRequestContext,
  origin: string,
  payout: PayoutRequest,
  idempotencyKey: string = randomUUID(),
): Promise<ApiReply<unknown>> {
  const reply = await request.post('/api/payouts', {
    headers: { Origin: origin, 'Idempotency-Key': idempotencyKey },
    data: payout,
  });
  return {
    status: reply.status(),
    contentType: reply.headers()['content-type'] ?? '',
    body: (await reply.json()) as unknown,
  };
}

/** `GET /api/payouts/:id`'s payout. */
export async function getPayoutViaApi(
  request: APIRequestContext,
  id: string,
): Promise<PayoutReply> {
  const reply = await request.get(`/api/payouts/${encodeURIComponent(id)}`);
  if (!reply.ok()) throw new Error(`GET payout ${id} answered ${reply.status()}`);
  return ((await reply.json()) as { payout: PayoutReply }).payout;
}

/** A Northwind Pay bank payout in Germany (EUR), as the API takes it: the journeys' seed. */
export function northwindBankPayout(
  orderId: string,
  amount: string,
  firstName = 'Emmy',
  lastName = 'Noether',
): PayoutRequest {
  return {
    order_id: orderId,
    provider: 'northwind_pay',
    country: 'DE',
    currency: 'EUR',
    state: null,
    amount,
    payout_method_type: 'bank_account',
    metadata: {
      bankName: 'Commerzbank',
      bankCode: 'COBADEFFXXX',
      bankAccountNumber: 'DE89370400440532013000',
      bankAccountName: `${firstName} ${lastName}`,
      customerFirstName: firstName,
      customerLastName: lastName,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    },
  };
}
