import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrchestratorExchange } from '../OrchestratorClient.js';
import { standalone } from '../testing/assertNoSecrets.js';
import {
  cardDeposit,
  cardPayout,
  startSandboxFixture,
  type SandboxFixture,
} from '../testing/sandboxFixture.js';

/* `onExchange`: what the lab shows of a call, with nothing an admin must not see. */

let f: SandboxFixture;

beforeAll(async () => {
  f = await startSandboxFixture();
});
afterAll(async () => {
  await f.close();
});

function secretsOf(f: SandboxFixture): string[] {
  const c = f.sandbox.credentials;
  return [c.apiKey, c.password, c.cashierKey, ...f.sandbox.inspect.issuedTokens()];
}

describe('onExchange', () => {
  it('reports a created payout as sent (card masked 6+4) with the reply, status and time', async () => {
    const seen: OrchestratorExchange[] = [];
    const payout = cardPayout();
    const created = await f.client.createPayout(payout, { onExchange: (x) => seen.push(x) });
    expect(seen).toHaveLength(1);
    const [x] = seen;
    expect(x).toMatchObject({
      method: 'POST',
      path: '/v2/{api_key}/payouts',
      httpStatus: 200,
      requestBody: {
        order_id: payout.order_id,
        provider: 'lumen_cards',
        amount: 42.1,
        metadata: {
          creditCardNumber: '411111******1111',
          creditCardToken: '',
          cardHolderName: 'ADA LOVELACE',
        },
      },
      responseBody: { result: { id: created.id } },
    });
    expect(x!.durationMs).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(seen);
    expect(text).not.toContain('4111111111111111');
    for (const secret of secretsOf(f)) expect(text).not.toContain(secret);
  });

  it('reports a refusal with its status and the query in the path', async () => {
    const seen: OrchestratorExchange[] = [];
    await f.fail(
      f.client.createPayout(cardPayout({ metadata: { email: 'nope' } }), {
        onExchange: (x) => seen.push(x),
      }),
    );
    expect(seen[0]).toMatchObject({ httpStatus: 400, responseBody: expect.any(Object) });

    const metadata: OrchestratorExchange[] = [];
    await f.client.getPayoutProviders(
      { country: 'US', currency: 'USD' },
      { onExchange: (x) => metadata.push(x) },
    );
    expect(metadata[0]).toMatchObject({
      method: 'GET',
      path: '/v2/{api_key}/payouts/metadata?country=US&currency=USD',
      requestBody: null,
      httpStatus: 200,
    });
  });

  it('reports a call that got no answer with a null status, and never breaks the call', async () => {
    const seen: OrchestratorExchange[] = [];
    f.sandbox.faults.add({ route: 'metadata', kind: 'reset', times: 1 });
    await f.fail(
      f.client.getPayoutProviders(
        { country: 'US', currency: 'USD' },
        { onExchange: (x) => seen.push(x) },
      ),
    );
    f.sandbox.faults.clear();
    expect(seen[0]).toMatchObject({ httpStatus: null, responseBody: null });

    const providers = await f.client.getPayoutProviders(
      { country: 'US', currency: 'USD' },
      {
        onExchange: () => {
          throw new Error('observer failure');
        },
      },
    );
    expect(providers.providers.length).toBeGreaterThan(0);
  });
});

describe.each(['default', 'bridgerpay'] as const)(
  'onExchange of a deposit (%s profile)',
  (profile) => {
    let g: SandboxFixture;
    beforeAll(async () => {
      // No random faults: this is about what the exchange shows, not the fault model.
      g = await startSandboxFixture({
        profile,
        ...(profile === 'bridgerpay' ? { commitThenTimeoutRate: 0, offListStatusRate: 0 } : {}),
      });
    });
    afterAll(async () => {
      await g.close();
    });

    it('leaves the CVV out and redacts the cashier key', async () => {
      const seen: OrchestratorExchange[] = [];
      const deposit = cardDeposit(g.sandbox.credentials.cashierKey);
      await g.client.createCardDeposit(deposit, { onExchange: (x) => seen.push(x) });
      const body = seen[0]!.requestBody as Record<string, unknown>;
      expect(body).not.toHaveProperty('cvv2');
      expect(body).toMatchObject({
        credit_card_number: '411111******1111',
        cashier_key: '[redacted]',
        order_id: deposit.order_id,
      });
      expect(seen[0]!.path).toBe('/mpi/v2/{api_key}/deposit/credit-card');
      expect(seen[0]!.responseBody).toEqual(expect.any(Object));
      const text = JSON.stringify(seen);
      expect(text).not.toMatch(standalone(deposit.cvv2));
      for (const secret of secretsOf(g)) expect(text).not.toContain(secret);
    });
  },
);
