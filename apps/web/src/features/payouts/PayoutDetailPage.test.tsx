import type { PayoutDetail } from '@payouts/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { apiError, createFakeApi, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const payout = buildPayout({
  id: 'pay_42',
  order_id: 'PO-20261120-ABCDEF',
  status: 'declined',
  orchestrator_status: 'declined',
  orchestrator_id: 'orc-777',
  psp_transaction_id: 'psp-888',
  decline_code: 'insufficient_funds',
  decline_reason: 'The card has insufficient funds',
  payout_method_type: 'credit_card',
  metadata: {
    creditCardNumber: '411111******1111',
    cardHolderName: 'Jane Doe',
    // A server mistake: a whole account number must still not reach the screen.
    bankAccountNumber: 'BE71096123456769',
    expiryMonth: 12,
  },
  is_test: true,
});

const detail: PayoutDetail = {
  payout,
  events: [
    {
      id: 'e2',
      type: 'submitted',
      at: '2026-11-20T10:00:01.000Z',
      actor: 'system',
      data: { orchestrator_id: 'orc-777' },
    },
    {
      id: 'e1',
      type: 'created',
      at: '2026-11-20T10:00:00.000Z',
      actor: 'fin@example.com',
      data: {},
    },
    {
      id: 'e3',
      type: 'notification',
      at: '2026-11-20T10:03:00.000Z',
      actor: 'orchestrator',
      data: { status: 'declined' },
    },
  ],
};

describe('PayoutDetailPage', () => {
  it('shows the masked recipient, the ids, the decline and the timeline in order', async () => {
    const { api } = createFakeApi({ get: () => Promise.resolve(detail) });
    renderApp({ api, path: '/payouts/pay_42' });
    await screen.findByText('Payout PO-20261120-ABCDEF');
    expect(screen.getByText('Test payout')).toBeInTheDocument();
    expect(
      screen.getByText('Declined (insufficient_funds): The card has insufficient funds'),
    ).toBeInTheDocument();
    expect(screen.getByText('orc-777')).toBeInTheDocument();
    expect(screen.getByText('psp-888')).toBeInTheDocument();

    expect(screen.getByText('Card number').nextElementSibling).toHaveTextContent(
      '411111******1111',
    );
    expect(screen.getByText('Name on card').nextElementSibling).toHaveTextContent('Jane Doe');
    expect(screen.getByText('Account number').nextElementSibling).toHaveTextContent('****6769');
    expect(document.body.textContent).not.toContain('BE71096123456769');

    // The timeline loads beside the page.
    const items = await screen.findAllByRole('listitem');
    const events = items.map((li) => li.querySelector('p')?.textContent);
    expect(events).toEqual([
      'Created',
      'Sent to the orchestrator',
      'Notification from the orchestrator',
    ]);
    const who = screen
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')?.parentElement);
    expect(who[0]).toHaveTextContent(/· fin@example\.com$/);
    expect(who[1]).toHaveTextContent(/· the back-office$/);
    expect(who[2]).toHaveTextContent(/· the orchestrator$/);
  });

  it("names each recipient detail as the payout's PSP titles it in the wizard", async () => {
    const { api } = createFakeApi({
      get: () => Promise.resolve(detail),
      providers: {
        [`${payout.country}/${payout.currency}`]: [
          {
            name: payout.provider,
            title: 'The PSP',
            payout_method_type: 'credit_card',
            fields: [{ name: 'cardHolderName', title: 'Cardholder (as embossed)' }],
          },
        ],
      },
    });
    renderApp({ api, path: '/payouts/pay_42' });
    const title = await screen.findByText('Cardholder (as embossed)');
    expect(title.nextElementSibling).toHaveTextContent('Jane Doe');
    // A field this PSP does not list keeps its known title.
    expect(screen.getByText('Card number')).toBeInTheDocument();
    expect(screen.queryByText('Name on card')).toBeNull();
  });

  it('says why an unknown payout waits for a person, with its lookups as one line per answer', async () => {
    const lookup = (id: string, at: string, data: Record<string, unknown>) => ({
      id,
      type: 'lookup',
      at,
      actor: 'system',
      data: { source: 'lookup', ...data },
    });
    const unknown: PayoutDetail = {
      payout: {
        ...payout,
        status: 'unknown',
        orchestrator_status: null,
        orchestrator_id: null,
        decline_code: null,
        decline_reason: null,
        needs_attention: true,
        attention_reason: 'unresolved',
      },
      events: [
        detail.events[1]!,
        lookup('l1', '2026-11-20T10:00:11.000Z', { found: false, records: 0 }),
        lookup('l2', '2026-11-20T10:00:31.000Z', { found: false, records: 0 }),
        lookup('l3', '2026-11-20T10:01:11.000Z', { found: null, error: 'timeout' }),
        lookup('l4', '2026-11-20T10:02:31.000Z', { found: false, records: 24 }),
        {
          id: 'n1',
          type: 'needs_resolution',
          at: '2026-11-20T10:02:31.000Z',
          actor: 'system',
          data: { reason: 'unresolved', lookups: 4 },
        },
      ],
    };
    const { api } = createFakeApi({ get: () => Promise.resolve(unknown) });
    renderApp({ api, path: '/payouts/pay_42' });
    await screen.findByText(/Needs a person: the orchestrator did not answer/);
    expect(screen.getByText(/It is never sent again on a guess/)).toBeInTheDocument();
    const items = (await screen.findAllByRole('listitem')).map((li) => li.textContent);
    expect(items).toHaveLength(5);
    expect(items[1]).toMatch(
      /^Looked up at the orchestrator \(2 times\).* to .*Not found: no record with this order ID$/,
    );
    expect(items[2]).toMatch(/The lookup failed \(timeout\)$/);
    expect(items[3]).toMatch(/Not found: none of the 24 records returned has this order ID$/);
    expect(items[4]).toMatch(/^Handed to a person/);
  });

  it('checks the status on request and shows the new state', async () => {
    let checked = false;
    const pending = {
      ...payout,
      status: 'pending' as const,
      decline_code: null,
      decline_reason: null,
    };
    const { api, calls } = createFakeApi({
      user: SUPPORT_USER,
      get: () =>
        Promise.resolve(
          checked
            ? {
                payout: { ...pending, status: 'approved', orchestrator_status: 'approved' },
                events: [
                  ...detail.events,
                  {
                    id: 'e4',
                    type: 'status_check',
                    at: '2026-11-20T10:05:00.000Z',
                    actor: 'sup@example.com',
                    data: { status: 'approved' },
                  },
                ],
              }
            : { ...detail, payout: pending },
        ),
      checkStatus: () => {
        checked = true;
        return Promise.resolve({ ...pending, status: 'approved', orchestrator_status: 'approved' });
      },
    });
    const { user } = renderApp({ api, path: '/payouts/pay_42' });
    await screen.findByText('Pending');
    await user.click(screen.getByText('Check status'));
    await screen.findByText('Paid out');
    expect(checked).toBe(true);
    expect(calls.checkStatus).toEqual(['pay_42']);
    expect(await screen.findByText('Status checked')).toBeInTheDocument();
    expect(screen.getByText(/sup@example\.com/)).toBeInTheDocument();
  });

  it('says so plainly when the payout does not exist', async () => {
    const { api } = createFakeApi({
      get: () => Promise.reject(apiError('not_found', 'No such payout.', { status: 404 })),
    });
    renderApp({ api, path: '/payouts/nope' });
    await waitFor(() =>
      expect(screen.getByText('There is no payout with this id.')).toBeInTheDocument(),
    );
  });

  it('links a payout made to a saved beneficiary to it', async () => {
    const paid = buildPayout({ beneficiary_id: '0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7d' });
    const { api } = createFakeApi({ get: () => Promise.resolve({ payout: paid, events: [] }) });
    renderApp({ api, path: `/payouts/${paid.id}` });
    expect(await screen.findByRole('link', { name: 'Open the saved beneficiary' })).toHaveAttribute(
      'href',
      '/beneficiaries/0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7d',
    );
  });
});
