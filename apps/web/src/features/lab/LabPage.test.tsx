import { screen, waitFor, within } from '@testing-library/react';
import { type LabPayoutReply, type PayoutProvider, type PayoutRequest } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { ADMIN_USER, createFakeApi } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const PROVIDERS: PayoutProvider[] = [
  {
    name: 'acme_pay',
    title: 'Acme Pay',
    payout_method_type: 'bank_account',
    fields: [{ name: 'customerFirstName', title: 'First name' }],
  },
  {
    name: 'zap',
    title: 'Zap',
    payout_method_type: 'credit_card',
    fields: [{ name: 'customerFirstName', title: 'First name' }],
  },
];

function testPayout(query: { provider: string; payout_method_type: string }): PayoutRequest {
  return {
    order_id: `LAB-${query.provider}`,
    provider: query.provider,
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount: '10.00',
    payout_method_type: query.payout_method_type as PayoutRequest['payout_method_type'],
    metadata: { customerFirstName: 'Jane' },
  };
}

function reply(body: PayoutRequest, refused: boolean): LabPayoutReply {
  return {
    payout: buildPayout({
      order_id: body.order_id,
      status: refused ? 'failed' : 'pending',
      is_test: true,
    }),
    exchange: {
      request: { method: 'POST', path: '/payouts/{api_key}', body },
      response: { http_status: refused ? 400 : 200, body: { refused } },
      duration_ms: refused ? 40 : 25,
    },
    ...(refused
      ? {
          problem: {
            type: 'urn:payouts:problem:orchestrator_rejected',
            title: 'Refused',
            status: 422,
            detail: 'The PSP refused the card.',
            instance: '/api/lab/payouts',
            code: 'orchestrator_rejected',
            requestId: 'req_test',
          },
        }
      : {}),
  };
}

describe('LabPage', () => {
  it('runs one test payout per enabled (PSP, type), one after the other, with progress and pass/fail', async () => {
    let release: () => void = () => undefined;
    const firstSent = new Promise<void>((resolve) => {
      release = resolve;
    });
    let n = 0;
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      providers: { 'BE/EUR': PROVIDERS },
      testData: (query) => Promise.resolve(testPayout(query)),
      sendPayout: async (body) => {
        n += 1;
        // The first one waits, so the page can be seen half-way.
        if (n === 1) await firstSent;
        return reply(body, body.provider === 'zap');
      },
      // Accepted as pending, then paid out: a pass only once it is final.
      get: (id) => Promise.resolve({ payout: buildPayout({ id, status: 'approved' }), events: [] }),
    });
    const { user } = renderApp({ api, path: '/lab' });
    await screen.findByRole('heading', { name: 'Payout lab' });
    const runAll = await screen.findByRole('button', { name: /^Run all for / });
    await waitFor(() => expect(runAll).toBeEnabled());

    await user.click(runAll);
    const progress = await screen.findByRole('progressbar', { name: 'Run all progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0 of 2 sent…')).toBeInTheDocument();
    // Sequential: the second is not sent before the first is answered.
    expect(calls.sendPayout).toHaveLength(1);

    release();
    expect(
      await screen.findByText('Done: 1 passed, 1 failed.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    const table = screen.getByRole('table', { name: 'Run all results' });
    const acme = within(table).getByRole('row', { name: /Acme Pay/ });
    expect(within(acme).getByText('Pass')).toBeInTheDocument();
    expect(within(acme).getByText('200')).toBeInTheDocument();
    const zap = within(table).getByRole('row', { name: /Zap/ });
    expect(within(zap).getByText('Fail')).toBeInTheDocument();
    expect(within(zap).getByText('The PSP refused the card.')).toBeInTheDocument();

    expect(calls.testData.map((q) => [q.provider, q.payout_method_type])).toEqual([
      ['acme_pay', 'bank_account'],
      ['zap', 'credit_card'],
    ]);
    // A fresh idempotency key per test payout.
    const keys = calls.sendPayout.map((c) => c.key);
    expect(new Set(keys).size).toBe(2);
  });

  it('runs over every corridor, naming each row’s corridor', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
      ],
      providers: { 'BE/EUR': PROVIDERS.slice(0, 1), 'US/USD': PROVIDERS.slice(1) },
      testData: (query) => Promise.resolve(testPayout(query)),
      sendPayout: (body) => Promise.resolve(reply(body, false)),
      get: (id) => Promise.resolve({ payout: buildPayout({ id, status: 'approved' }), events: [] }),
    });
    const { user } = renderApp({ api, path: '/lab' });
    const every = await screen.findByRole('button', { name: 'Run all over every corridor' });
    await waitFor(() => expect(every).toBeEnabled());
    await user.click(every);
    expect(
      await screen.findByText('Done: 2 passed, 0 failed.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Run all results' });
    expect(within(table).getByRole('row', { name: /Belgium · EUR.*Acme Pay/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /United States · USD.*Zap/ }),
    ).toBeInTheDocument();
    expect(calls.testData.map((q) => [q.country, q.provider])).toEqual([
      ['BE', 'acme_pay'],
      ['US', 'zap'],
    ]);
  });

  it('prefills test data into the PSP section and shows the exchange of a sent test payout', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      providers: { 'BE/EUR': PROVIDERS },
      testData: (query) => Promise.resolve(testPayout(query)),
      sendPayout: (body) => Promise.resolve(reply(body, false)),
    });
    const { user } = renderApp({ api, path: '/lab' });
    const prefill = await screen.findByRole('button', { name: 'Prefill test data' });
    await waitFor(() => expect(prefill).toBeEnabled());
    // The first type offered (card payouts) and its first PSP are chosen to begin with.
    await user.click(prefill);
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Jane'));
    expect(screen.getByLabelText('Order ID')).toHaveValue('LAB-zap');

    await user.click(screen.getByRole('button', { name: 'Send test payout' }));
    const result = await screen.findByRole('region', { name: /Result/ });
    expect(within(result).getByText('25 ms')).toBeInTheDocument();
    expect(within(result).getByLabelText('Request body as sent')).toHaveTextContent(
      '"order_id": "LAB-zap"',
    );
    expect(calls.sendPayout[0]?.body).toMatchObject({
      order_id: 'LAB-zap',
      provider: 'zap',
      payout_method_type: 'credit_card',
      amount: '10.00',
      metadata: { customerFirstName: 'Jane' },
    });
  });
});
