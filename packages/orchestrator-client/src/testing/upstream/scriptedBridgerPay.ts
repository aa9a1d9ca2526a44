import { randomBytes } from 'node:crypto';
import {
  startFakeOrchestrator,
  type FakeOrchestrator,
  type FakeReply,
} from '../startFakeOrchestrator.js';
import { recordWith, UPSTREAM, type UpstreamFixture } from './upstreamFixtures.js';

/** The API key the scripted server accepts; any other gets the documented 401. */
export const SCRIPTED_API_KEY = 'scripted-key-7c41e0';

interface Held {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  country: string;
  pspName: string;
}

const reply = (fixture: UpstreamFixture, body = fixture.body): FakeReply => ({
  status: fixture.status,
  body,
  ...(fixture.contentType ? { headers: { 'content-type': fixture.contentType } } : {}),
});

/** Swaps the documented create reply's ids and amount for this payout's, the rest verbatim. */
function createdBody(held: Held): string {
  const documented = JSON.parse(UPSTREAM.createOk.body) as {
    result: Record<string, unknown>;
  };
  const result = {
    ...documented.result,
    id: held.id,
    transaction_id: `t${held.id}`,
    amount: held.amount,
    currency: held.currency,
  };
  // The documented reply's number as sent (`2723.00`), not JSON.stringify's `2723`.
  return JSON.stringify({ ...documented, result }).replace(
    `"amount":${held.amount}`,
    `"amount":${held.amount.toFixed(2)}`,
  );
}

const recordOf = (held: Held) =>
  recordWith({
    id: held.id,
    transaction_id: `t${held.id}`,
    merchant_order_id: held.orderId,
    psp_name: held.pspName,
    country: held.country,
    state: null,
    amount: held.amount,
    currency: held.currency,
    status: 'Pending',
  });

const envelope = (result: string) =>
  `{ "response": { "status": "OK", "code": 200, "message": "OK" }, "result": ${result} }`;

/**
 * A scripted server that answers as BridgerPay documents, with state only where a script must
 * have it: every body is a documented one (`UPSTREAM`), with the ids, order id, amount and
 * currency of the payout it is about swapped in. It refuses an unknown API key with the
 * documented 401, a payout without `metadata.bankAccountName` with the documented 400 list,
 * and, as the documentation sets no rule against it, accepts a reused order id as a second
 * payout (decision 039).
 */
export async function startScriptedBridgerPay(): Promise<FakeOrchestrator> {
  const held: Held[] = [];
  return startFakeOrchestrator((req) => {
    const url = new URL(req.url, 'http://scripted');
    const match = /^\/v2\/([^/]+)\/payouts(?:\/([^/]+))?(\/check-status)?$/.exec(url.pathname);
    if (!match)
      return { status: 404, body: '{ "response": { "code": 404, "message": "Not Found" } }' };
    const [, key, segment, check] = match;
    if (key !== SCRIPTED_API_KEY) {
      return reply(
        UPSTREAM.invalidApiKey,
        UPSTREAM.invalidApiKey.body.replace('<API_KEY>', key ?? ''),
      );
    }
    if (req.method === 'GET' && segment === 'metadata') return reply(UPSTREAM.metadata);
    if (req.method === 'POST' && segment === undefined) {
      const body = JSON.parse(req.body) as {
        order_id: string;
        amount: number;
        currency: string;
        country: string;
        provider: string;
        metadata?: Record<string, unknown>;
      };
      if (!body.metadata?.bankAccountName) return reply(UPSTREAM.createValidation);
      const payout: Held = {
        id: randomBytes(4).toString('hex'),
        orderId: body.order_id,
        amount: Number(body.amount),
        currency: body.currency,
        country: body.country,
        pspName: body.provider,
      };
      held.push(payout);
      return reply(UPSTREAM.createOk, createdBody(payout));
    }
    if (req.method === 'GET' && segment === undefined) {
      const orderId = url.searchParams.get('merchantOrderId');
      const records = held.filter((h) => orderId === null || h.orderId === orderId);
      return reply(
        UPSTREAM.list,
        envelope(
          `{ "next_page_cursor": null, "records": [ ${records.map(recordOf).join(', ')} ] }`,
        ),
      );
    }
    const payout = held.find((h) => h.id === segment);
    if (req.method === 'GET' && payout) {
      return reply(check ? UPSTREAM.checkStatus : UPSTREAM.list, envelope(recordOf(payout)));
    }
    return { status: 404, body: '{ "response": { "code": 404, "message": "Not Found" } }' };
  });
}
