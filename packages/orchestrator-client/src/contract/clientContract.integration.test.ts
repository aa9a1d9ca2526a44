import { createOrchestratorClient } from '../createOrchestratorClient.js';
import { describeClientContract, type ContractTarget } from '../testing/clientContract.js';
import { bankPayout, startSandboxFixture } from '../testing/sandboxFixture.js';
import {
  SCRIPTED_API_KEY,
  startScriptedBridgerPay,
} from '../testing/upstream/scriptedBridgerPay.js';

/*
 * One contract, three orchestrators: the sandbox as we built it, the sandbox behaving as
 * BridgerPay documents (a reused order id accepted, lists that lag), and a scripted server that
 * answers only with BridgerPay's documented bodies.
 */

const BE = { country: 'BE', currency: 'EUR' };
const beBankPayout = () =>
  bankPayout({
    country: 'BE',
    amount: '125.40',
    metadata: {
      ...bankPayout().metadata,
      bankCode: 'GKCCBEBB',
      bankAccountNumber: 'BE68539007547034',
    },
  });

async function sandboxTarget(profile: 'default' | 'bridgerpay'): Promise<ContractTarget> {
  const f = await startSandboxFixture({
    profile,
    // Lag, but no random faults: this suite is about the replies, not the fault model.
    ...(profile === 'bridgerpay'
      ? { listLagMs: 300, commitThenTimeoutRate: 0, offListStatusRate: 0 }
      : {}),
  });
  return {
    client: f.client,
    wrongKeyClient: f.makeClient({ apiKey: 'wrong-key-0001' }),
    corridor: BE,
    bankPayout: beBankPayout,
    reusedOrderId: profile === 'default' ? 'refused' : 'second_payout',
    close: () => f.close(),
  };
}

describeClientContract('the sandbox (default profile)', () => sandboxTarget('default'));
describeClientContract('the sandbox (bridgerpay profile)', () => sandboxTarget('bridgerpay'));
describeClientContract('BridgerPay’s documented replies, scripted', async () => {
  const fake = await startScriptedBridgerPay();
  const make = (apiKey: string) =>
    createOrchestratorClient({
      baseUrl: fake.url,
      apiKey,
      userName: 'merchant',
      password: 'scripted-password',
      timeoutMs: 2000,
    });
  const client = make(SCRIPTED_API_KEY);
  const wrongKeyClient = make('wrong-key-0002');
  return {
    client,
    wrongKeyClient,
    corridor: BE,
    bankPayout: () => ({ ...beBankPayout(), provider: 'psp_name1' }),
    reusedOrderId: 'second_payout',
    async close() {
      await Promise.all([client.close(), wrongKeyClient.close()]);
      await fake.close();
    },
  };
});
