/**
 * @vitest-environment jsdom
 * The console embeds the fingerprint page in an iframe: happy-dom refuses to load one.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DepositTransaction } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { RequireSession } from '../../app/RequireSession.js';
import { ADMIN_USER, createFakeApi } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { DepositConsolePage } from './DepositConsolePage.js';

const TRANSACTION: DepositTransaction = {
  id: 'dep_1',
  psp_name: 'acme_cards',
  country: 'BE',
  email: 'jane@example.com',
  transaction_id: 'tx_1',
  psp_order_id: null,
  merchant_order_id: 'DEP-1',
  amount: '25.00',
  currency: 'EUR',
  decline_reason: null,
  decline_code: null,
  card_type: 'VISA',
  last_four_digits: '1111',
  processing_date: null,
  payment_method: 'credit_card',
  status: 'in_process',
};

function postMessage(data: unknown, source: Window | null): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

describe('DepositConsolePage', () => {
  it('takes ddc only from its fingerprint frame, sends to the chosen MID and follows 3D Secure until final', async () => {
    const opened: string[] = [];
    let lookups = 0;
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      depositOptions: {
        psps: [
          {
            name: 'acme_cards',
            title: 'Acme Cards',
            mids: ['eu-main', 'eu-backup'],
            needs_fingerprint: true,
          },
        ],
        corridors: [{ country: 'BE', currency: 'EUR' }],
      },
      sendDeposit: () =>
        Promise.resolve({
          result: {
            id: 'dep_1',
            status: 'in_process',
            mpi_url: 'https://sandbox.test/3ds/dep_1',
            decline_code: null,
            decline_reason: null,
          },
          exchange: {
            request: {
              method: 'POST',
              path: '/mpi/v2/{api_key}/deposit/credit-card/acme_cards',
              body: {},
            },
            response: { http_status: 200, body: {} },
            duration_ms: 30,
          },
          duration_ms: 30,
        }),
      deposit: () => {
        lookups += 1;
        return Promise.resolve({
          ...TRANSACTION,
          status: lookups >= 2 ? 'approved' : 'in_process',
        });
      },
    });
    const routes = [
      {
        path: '/',
        element: <RequireSession />,
        children: [
          {
            path: 'lab/deposits',
            element: (
              <DepositConsolePage
                fingerprintTimeoutMs={60_000}
                pollIntervalMs={20}
                openWindow={(url) => opened.push(url)}
                now={() => new Date('2026-11-20T09:00:00Z')}
              />
            ),
          },
        ],
      },
    ];
    const { user } = renderApp({ api, path: '/lab/deposits', routes });

    // Typed in one go (as a browser's autofill would): sixteen fields key by key are slow in jsdom.
    const fill = (label: RegExp, value: string) => {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    };
    await screen.findByRole('heading', { name: 'Card deposit console' });
    await waitFor(() => expect(screen.getByLabelText(/^Corridor/)).toHaveTextContent('EUR'));
    fill(/^Amount/, '25.00');
    fill(/^First name/, 'Jane');
    fill(/^Last name/, 'Doe');
    fill(/^E-mail/, 'jane@example.com');
    fill(/^Phone/, '+32470123456');
    fill(/^Address/, 'Rue Neuve 1');
    fill(/^City/, 'Brussels');
    fill(/^Postal code/, '1000');
    fill(/^Name on card/, 'Jane Doe');
    fill(/^Card number/, '4111 1111 1111 1111');
    fill(/^Expiry month/, '12');
    fill(/^Expiry year/, '2030');
    fill(/^CVV/, '123');
    const cvv = screen.getByLabelText(/^CVV/);
    expect(cvv).toHaveAttribute('type', 'password');
    expect(cvv).toHaveAttribute('autocomplete', 'cc-csc');
    // Left, the card number shows as 6 + 4 only.
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('411111******1111');

    await user.click(screen.getByRole('button', { name: 'Collect fingerprint' }));
    const frame = screen.getByTitle<HTMLIFrameElement>('Card fingerprint (device data collection)');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    expect(frame.getAttribute('src')).toBe(
      '/api/lab/fingerprint?country=BE&currency=EUR&card_bin=411111',
    );

    // Anyone else's message is ignored: another window, or ours.
    postMessage({ fingerprint: { acme_cards: 'forged' } }, window);
    postMessage({ fingerprint: { acme_cards: 'forged' } }, null);
    expect(screen.getByText('Collecting the device fingerprint…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send deposit' })).toBeDisabled();

    postMessage({ fingerprint: { acme_cards: 'dev-1' } }, frame.contentWindow);
    expect(await screen.findByText('Fingerprint collected for: acme_cards.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('One PSP and MID'));
    await user.click(screen.getByLabelText(/^MID alias/));
    await user.click(await screen.findByRole('option', { name: 'eu-backup' }));
    await user.click(screen.getByRole('button', { name: 'Send deposit' }));

    await waitFor(() => expect(calls.sendDeposit).toHaveLength(1));
    expect(calls.sendDeposit[0]).toMatchObject({
      mode: 'single',
      psp_name: 'acme_cards',
      single_payment_mid_alias: 'eu-backup',
      deposit: {
        country: 'BE',
        currency: 'EUR',
        amount: '25.00',
        credit_card_number: '4111111111111111',
        expire_month: 12,
        expire_year: 2030,
        cvv2: '123',
        ddc: { acme_cards: 'dev-1' },
      },
    });
    expect(opened).toEqual(['https://sandbox.test/3ds/dep_1']);
    expect(screen.getByRole('link', { name: 'Open the 3D Secure page' })).toHaveAttribute(
      'href',
      'https://sandbox.test/3ds/dep_1',
    );
    expect(await screen.findByText('Final status: approved.')).toBeInTheDocument();
    expect(calls.deposit.every((id) => id === 'dep_1')).toBe(true);
    // The CVV is not kept once sent.
    expect(screen.getByLabelText(/^CVV/)).toHaveValue('');
  });

  it('prefills the BFF’s test customer for the corridor: with a card typed, the fingerprint follows', async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      depositOptions: {
        psps: [{ name: 'acme_cards', title: 'Acme Cards', mids: ['us'], needs_fingerprint: true }],
        corridors: [{ country: 'US', currency: 'USD' }],
      },
      depositTestData: (corridor) =>
        Promise.resolve({
          first_name: 'Jane',
          last_name: 'Doe',
          email: 'jane.doe@example.com',
          phone: corridor.country === 'US' ? '+12133734253' : '+32470123456',
          address1: '1 Test Street',
          city: 'Los Angeles',
          zip_code: '90012',
          state: 'CA',
          amount: '25.00',
          card_holder_name: 'Jane Doe',
          expire_month: '12',
          expire_year: '2028',
        }),
    });
    const routes = [
      {
        path: '/',
        element: <RequireSession />,
        children: [
          {
            path: 'lab/deposits',
            element: <DepositConsolePage now={() => new Date('2026-11-20T09:00:00Z')} />,
          },
        ],
      },
    ];
    const { user } = renderApp({ api, path: '/lab/deposits', routes });
    await waitFor(() => expect(screen.getByLabelText(/^Corridor/)).toHaveTextContent('USD'));
    await user.click(screen.getByRole('button', { name: 'Prefill test data' }));
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Jane'));
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+12133734253');
    expect(screen.getByLabelText(/^Expiry year/)).toHaveValue('2028');
    // The card is the admin's to type (no card number ships in the SPA or comes from the BFF).
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('');
    fireEvent.change(screen.getByLabelText(/^Card number/), {
      target: { value: '4111 1111 1111 1111' },
    });
    fireEvent.change(screen.getByLabelText(/^CVV/), { target: { value: '123' } });
    await user.click(screen.getByRole('button', { name: 'Collect fingerprint' }));
    expect(await screen.findByTitle('Card fingerprint (device data collection)')).toHaveAttribute(
      'src',
      '/api/lab/fingerprint?country=US&currency=USD&card_bin=411111',
    );
  });
});
