import {
  ORCHESTRATOR_PAYOUT_STATUSES,
  PAYOUT_METHOD_TYPES,
  type Corridor,
  type PayoutRequest,
} from '@payouts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import type { OrchestratorClient } from '../OrchestratorClient.js';

/** One orchestrator the client contract runs against: the sandbox (each profile) or a script. */
export interface ContractTarget {
  client: OrchestratorClient;
  /** A client whose API key the target does not know. */
  wrongKeyClient: OrchestratorClient;
  corridor: Corridor;
  /** A bank payout the target accepts, with a new order id each call. */
  bankPayout(): PayoutRequest;
  /** What the target does with an order id it already holds. */
  reusedOrderId: 'refused' | 'second_payout';
  close(): Promise<void>;
}

const REPORTED = [...ORCHESTRATOR_PAYOUT_STATUSES, 'unrecognized'];
const DECIMAL = /^-?\d+(\.\d+)?$/;

async function failure(call: Promise<unknown>): Promise<OrchestratorError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OrchestratorError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with an OrchestratorError');
}

/** The lookup the reconciler makes, polled: lists may lag behind creates. */
async function lookUp(client: OrchestratorClient, orderId: string, atLeast: number) {
  const until = Date.now() + 10_000;
  for (;;) {
    const page = await client.listPayouts({ merchantOrderId: orderId });
    if (page.records.length >= atLeast || Date.now() > until) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What the back-office relies on from any orchestrator, as one suite that runs against every
 * target: the sandbox's default profile, its `bridgerpay` profile, and a server replaying the
 * documented BridgerPay bodies (decision 039). A target that passes it can carry our payouts; the
 * sandbox passing it alone proves nothing about the real service, hence the script.
 */
export function describeClientContract(name: string, start: () => Promise<ContractTarget>): void {
  describe(`the client contract against ${name}`, () => {
    let t: ContractTarget;
    beforeAll(async () => {
      t = await start();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reads a corridor’s metadata: supported providers with named fields, the rest left out with a reason', async () => {
      const { providers, unsupported } = await t.client.getPayoutProviders(t.corridor);
      expect(providers.length).toBeGreaterThan(0);
      for (const p of providers) {
        expect(p.name).toMatch(/\S/);
        expect(PAYOUT_METHOD_TYPES).toContain(p.payout_method_type);
        for (const field of p.fields) {
          expect(typeof field.name).toBe('string');
          expect(typeof field.title).toBe('string');
        }
      }
      for (const u of unsupported) expect(u.reason).toMatch(/\S/);
    });

    it('creates a payout: an orchestrator id, a status it reported (or unrecognized), a decimal amount or none', async () => {
      const request = t.bankPayout();
      const created = await t.client.createPayout(request);
      expect(created.id).toMatch(/\S/);
      expect(REPORTED).toContain(created.status);
      expect(created.status_raw).toMatch(/\S/);
      if (created.amount !== null) expect(created.amount).toMatch(DECIMAL);
      if (created.processing_date !== null) {
        expect(new Date(created.processing_date).toISOString()).toBe(created.processing_date);
      }
    });

    it('finds a payout by its order id (lists may lag) and reads it by id and by a status check', async () => {
      const request = t.bankPayout();
      const created = await t.client.createPayout(request);
      const page = await lookUp(t.client, request.order_id, 1);
      expect(page.unreadable).toEqual([]);
      expect(page.records.map((r) => [r.id, r.merchant_order_id])).toEqual([
        [created.id, request.order_id],
      ]);
      const [record] = page.records;
      expect(record?.amount).toMatch(DECIMAL);
      expect(Number(record?.amount)).toBe(Number(request.amount));
      expect(record?.currency).toBe(request.currency);
      for (const read of [
        await t.client.getPayout(created.id),
        await t.client.checkPayoutStatus(created.id),
      ]) {
        expect(read.id).toBe(created.id);
        expect(REPORTED).toContain(read.status);
        expect(new Date(read.processing_date).toISOString()).toBe(read.processing_date);
      }
    });

    it('answers a reused order id as the target declares, and the lookup by order id shows every payout it made', async () => {
      const request = t.bankPayout();
      await t.client.createPayout(request);
      await lookUp(t.client, request.order_id, 1);
      if (t.reusedOrderId === 'refused') {
        const error = await failure(t.client.createPayout(request));
        expect(error.outcomeUnknown).toBe(false);
        expect((await lookUp(t.client, request.order_id, 1)).records).toHaveLength(1);
      } else {
        // Why the back-office never re-sends an order id blind (decision 039): it pays twice.
        await t.client.createPayout(request);
        expect((await lookUp(t.client, request.order_id, 2)).records).toHaveLength(2);
      }
    });

    it('maps a refused payout body to a validation error naming each field, and creates nothing', async () => {
      const request = t.bankPayout();
      const { email: _email, ...metadata } = request.metadata;
      const error = await failure(
        t.client.createPayout({ ...request, metadata: { ...metadata, bankAccountName: '' } }),
      );
      expect(error).toMatchObject({ kind: 'validation', httpStatus: 400, outcomeUnknown: false });
      expect(error.issues?.map((i) => i.field)).toContain('metadata.bankAccountName');
      expect((await t.client.listPayouts({ merchantOrderId: request.order_id })).records).toEqual(
        [],
      );
    });

    it('maps an API key the orchestrator does not know to an auth error that does not echo the key', async () => {
      const error = await failure(t.wrongKeyClient.getPayoutProviders(t.corridor));
      expect(error.kind).toBe('auth');
      expect(JSON.stringify(error)).not.toContain('wrong-key-');
      expect(error.message).not.toContain('wrong-key-');
    });
  });
}
