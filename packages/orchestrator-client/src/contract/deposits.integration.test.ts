import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrchestratorCallInfo } from '../OrchestratorClient.js';
import { JWT, leakedSecrets, standalone } from '../testing/assertNoSecrets.js';
import {
  cardDeposit,
  startSandboxFixture,
  type SandboxFixture,
} from '../testing/sandboxFixture.js';

/*
 * The server-to-server card deposit endpoints (MPI family, always /mpi/v2): fingerprint,
 * routed and single-PSP deposits, the 3-D Secure challenge, the lookup, and their errors.
 */

const CVV = '9173';
let f: SandboxFixture;
let cashier: string;

beforeAll(async () => {
  f = await startSandboxFixture();
  cashier = f.sandbox.credentials.cashierKey;
});
afterAll(async () => {
  await f.close();
});

async function answerChallenge(mpiUrl: string, outcome: 'approve' | 'fail'): Promise<string> {
  const page = await fetch(mpiUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`value="${outcome}"`);
  const answer = await fetch(mpiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
  });
  return answer.text();
}

describe('getFingerprint', () => {
  it('returns the iframe content when the PSP that takes the card wants device data', async () => {
    const { html } = await f.client.getFingerprint({
      country: 'DE',
      currency: 'EUR',
      cardBin: '411111',
    });
    expect(html).toContain('<');
    expect(html).toContain('northwind_pay');
  });

  it("returns '' when the PSP needs no fingerprint", async () => {
    expect(
      await f.client.getFingerprint({ country: 'US', currency: 'USD', cardBin: '555555' }),
    ).toEqual({ html: '' });
  });

  it('maps "no PSP takes this card" (400, result null) to rejected', async () => {
    const err = await f.fail(
      f.client.getFingerprint({ country: 'JP', currency: 'JPY', cardBin: '411111' }),
    );
    expect(err.kind).toBe('rejected');
    expect(err.upstreamMessage).toContain('No PSP takes this card');
  });

  it('uses the /mpi/v2 route whatever the payout API version', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({ apiVersion: 'v1' }, calls);
    await client.getFingerprint({ country: 'US', currency: 'USD', cardBin: '555555' });
    expect(calls.map((c) => c.path)).toEqual(['/v1/auth/login', '/mpi/v2/{api_key}/fingerprint']);
  });
});

describe('createCardDeposit', () => {
  it('routes an approved deposit and looks it up', async () => {
    const request = cardDeposit(cashier, { amount: '19.990' });
    const result = await f.client.createCardDeposit(request);
    expect(result).toMatchObject({
      status: 'approved',
      mpi_url: null,
      decline_code: null,
      decline_reason: null,
    });
    const found = await f.client.getDeposit(result.id);
    expect(found).toMatchObject({
      id: result.id,
      psp_name: 'northwind_pay',
      merchant_order_id: request.order_id,
      amount: '19.99',
      currency: 'EUR',
      status: 'approved',
      last_four_digits: '1111',
      card_type: 'visa',
    });
    expect(found.processing_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });

  it('reports a declined card with code and reason', async () => {
    const result = await f.client.createCardDeposit(
      cardDeposit(cashier, { credit_card_number: '4000000000000002' }),
    );
    expect(result).toMatchObject({
      status: 'declined',
      decline_code: 'do_not_honor',
      decline_reason: 'Do not honor',
    });
    expect((await f.client.getDeposit(result.id)).status).toBe('declined');
  });

  it('goes in_process with an mpi_url; approving the challenge approves the deposit', async () => {
    const result = await f.client.createCardDeposit(
      cardDeposit(cashier, { credit_card_number: '4000000000003220' }),
    );
    expect(result.status).toBe('in_process');
    expect(result.mpi_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(await answerChallenge(result.mpi_url ?? '', 'approve')).toContain('Payment approved');
    expect((await f.client.getDeposit(result.id)).status).toBe('approved');
  });

  it('failing the challenge declines the deposit', async () => {
    const result = await f.client.createCardDeposit(
      cardDeposit(cashier, { credit_card_number: '4000000000003220' }),
    );
    await answerChallenge(result.mpi_url ?? '', 'fail');
    expect(await f.client.getDeposit(result.id)).toMatchObject({
      status: 'declined',
      decline_code: '3ds_failed',
    });
  });

  it('sends to one named PSP and MID with single_payment_mid_alias', async () => {
    const calls: OrchestratorCallInfo[] = [];
    const client = f.makeClient({}, calls);
    const request = cardDeposit(cashier, { single_payment_mid_alias: 'northwind-uk' });
    const result = await client.createCardDeposit(request, { pspName: 'northwind_pay' });
    expect(result.status).toBe('approved');
    expect(calls.at(-1)?.path).toBe('/mpi/v2/{api_key}/deposit/credit-card/northwind_pay');
    expect(f.sandbox.inspect.deposits().find((d) => d.id === result.id)).toMatchObject({
      mid_alias: 'northwind-uk',
      routed: false,
    });
  });

  it('needs the alias when the PSP has several MIDs (validation on that field)', async () => {
    const err = await f.fail(
      f.client.createCardDeposit(cardDeposit(cashier), { pspName: 'northwind_pay' }),
    );
    expect(err.kind).toBe('validation');
    expect(err.issues?.map((i) => i.field)).toEqual(['single_payment_mid_alias']);
  });

  it('does not send the alias on the routed endpoint', async () => {
    const result = await f.client.createCardDeposit(
      cardDeposit(cashier, { single_payment_mid_alias: 'northwind-uk' }),
    );
    expect(f.sandbox.inspect.deposits().find((d) => d.id === result.id)).toMatchObject({
      routed: true,
      mid_alias: 'northwind-eu-main',
    });
  });

  it('maps the field list of a refused deposit to validation', async () => {
    const err = await f.fail(
      f.client.createCardDeposit(cardDeposit('no-such-cashier', { cvv2: '12', ddc: {} })),
    );
    expect(err.kind).toBe('validation');
    expect(err.outcomeUnknown).toBe(false);
    expect(err.issues?.map((i) => i.field).sort()).toEqual(['cashier_key', 'cvv2', 'ddc']);
  });

  it('maps a duplicate order_id to conflict', async () => {
    const request = cardDeposit(cashier);
    await f.client.createCardDeposit(request);
    const err = await f.fail(f.client.createCardDeposit(request));
    expect(err.kind).toBe('conflict');
    expect(err.outcomeUnknown).toBe(false);
  });

  it('maps a 500 on a deposit to unavailable with an unknown outcome', async () => {
    f.sandbox.faults.add({ kind: 'http_500_after_commit', route: 'deposit', times: 1 });
    const request = cardDeposit(cashier);
    const err = await f.fail(f.client.createCardDeposit(request));
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(true);
    expect(
      f.sandbox.inspect.deposits().filter((d) => d.order_id === request.order_id),
    ).toHaveLength(1);
  });

  it('maps an unknown deposit id to not_found', async () => {
    const err = await f.fail(f.client.getDeposit('no-such-deposit'));
    expect(err.kind).toBe('not_found');
    expect(err.httpStatus).toBe(404);
  });

  it('leaks no key, token, password, card number or CVV in any error produced above', () => {
    expect(f.errors.length).toBeGreaterThanOrEqual(6);
    const { apiKey, password } = f.sandbox.credentials;
    expect(
      leakedSecrets(f.errors, [
        apiKey,
        password,
        JWT,
        '4111111111111111',
        '4000000000003220',
        standalone(CVV),
      ]),
    ).toEqual([]);
  });
});
