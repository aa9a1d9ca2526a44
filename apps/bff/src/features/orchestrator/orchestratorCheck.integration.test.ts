import { createOrchestratorClient } from '@payouts/orchestrator-client';
import { createSandbox, type Sandbox } from '@payouts/orchestrator-sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { readLiveTestOrchestrator } from '../../config.js';
import { corridorsOfSandbox } from '../../sandboxWiring.js';
import {
  formatCheck,
  runOrchestratorCheck,
  type OrchestratorCheckInput,
} from './orchestratorCheck.js';

const sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

const okFetch: typeof fetch = () => Promise.resolve(new Response('{}', { status: 200 }));

async function check(
  profile: 'default' | 'bridgerpay',
  over: Partial<OrchestratorCheckInput> & { password?: string } = {},
) {
  const sandbox = await createSandbox({ profile, logger: false, controlApi: false });
  sandboxes.push(sandbox);
  const { password, ...rest } = over;
  const client = createOrchestratorClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.credentials.apiKey,
    userName: sandbox.credentials.userName,
    password: password ?? sandbox.credentials.password,
    timeoutMs: 2000,
  });
  const lines = await runOrchestratorCheck({
    client,
    target: 'sandbox',
    corridors: corridorsOfSandbox(sandbox),
    notificationUrl: 'http://127.0.0.1:1/api/orchestrator/notifications/t',
    refusesDuplicateOrderId: false,
    createTestPayout: false,
    fetch: okFetch,
    now: () => new Date(),
    ...rest,
  });
  await client.close();
  return { sandbox, lines, ...formatCheck(lines) };
}

describe('npm run orchestrator:check', () => {
  it('against the default profile: usable, every corridor read, no payout sent', async () => {
    const { sandbox, lines, usable, text } = await check('default');
    expect(usable).toBe(true);
    expect(text).toContain('ok    logged in');
    expect(text).toContain('ok    BE/EUR: credit_card northwind_pay; bank_account northwind_pay');
    expect(lines.filter((l) => l.level === 'fail')).toEqual([]);
    expect(sandbox.inspect.createCalls()).toEqual([]);
  });

  it('against the bridgerpay profile: the e-wallet PSP named, the rest of its corridor read', async () => {
    const { text, usable } = await check('bridgerpay');
    expect(usable).toBe(true);
    expect(text).toContain('WARN  BE/EUR: skrill_wallets left out: type not supported: ewallet');
    expect(text).toContain('ok    BE/EUR: credit_card northwind_pay; bank_account northwind_pay');
  });

  it('sends one test payout only when asked, and reports its status', async () => {
    const { sandbox, text } = await check('default', { createTestPayout: true });
    expect(sandbox.inspect.createCalls()).toHaveLength(1);
    expect(text).toMatch(/ok {4}test payout LAB-\S+ created: \S+ \(\w+\)/);
  });

  it('is not usable with wrong credentials or a notification URL that is refused', async () => {
    const refused = await check('default', { password: 'wrong-password' });
    expect(refused.usable).toBe(false);
    expect(refused.text).toContain('FAIL  login refused');
    const notFound = await check('default', {
      fetch: () => Promise.resolve(new Response('', { status: 404 })),
    });
    expect(notFound.usable).toBe(false);
    expect(notFound.text).toContain('FAIL  notification URL answered 404');
  });
});

// Opt-in: the same checks against a real orchestrator (e.g. BridgerPay's sandbox), never a payout.
const live = readLiveTestOrchestrator();
describe.skipIf(!live)('the live orchestrator (ORCHESTRATOR_LIVE_TEST_URL)', () => {
  it('logs in, reads the metadata of its corridors and a page of payouts', async () => {
    const client = createOrchestratorClient({
      baseUrl: live!.baseUrl,
      apiKey: live!.apiKey,
      userName: live!.userName,
      password: live!.password,
      timeoutMs: 15_000,
    });
    const lines = await runOrchestratorCheck({
      client,
      target: live!.baseUrl,
      corridors: live!.corridors.split(',').map((pair) => {
        const [country = '', currency = ''] = pair.split(':');
        return { country, currency };
      }),
      notificationUrl: 'http://127.0.0.1:1/',
      refusesDuplicateOrderId: false,
      createTestPayout: false,
      fetch: okFetch,
      now: () => new Date(),
    });
    await client.close();
    const { text, usable } = formatCheck(lines);
    console.log(text);
    expect(usable, text).toBe(true);
  }, 60_000);
});
