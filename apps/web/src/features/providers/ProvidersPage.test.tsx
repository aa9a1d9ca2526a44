import type { ProviderMatrix } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, createFakeApi } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const CAUSE =
  'Its “Payouts” feature is not enabled in its credentials, or it does not serve BE/EUR.';

function matrix(fetchedAt: string): ProviderMatrix {
  return {
    psps: [
      { name: 'acme_pay', title: 'Acme Pay' },
      { name: 'zap', title: 'Zap' },
    ],
    payout_method_types: ['bank_account'],
    corridors: [
      {
        country: 'BE',
        currency: 'EUR',
        fetched_at: fetchedAt,
        cells: [
          {
            psp: 'acme_pay',
            payout_method_type: 'bank_account',
            status: 'enabled',
            likely_cause: null,
            cause: null,
            fields: [
              { name: 'iban', title: 'IBAN' },
              { name: 'customerFirstName', title: 'First name' },
            ],
          },
          {
            psp: 'zap',
            payout_method_type: 'bank_account',
            status: 'missing',
            likely_cause: CAUSE,
            cause: 'corridor_not_served',
            fields: [],
          },
        ],
        unsupported: [
          {
            name: 'wallet_co',
            title: 'Wallet Co',
            payout_method_type: 'ewallet',
            reason: 'type not supported: ewallet',
          },
        ],
        metadata_version: {
          version: 2,
          since: '2026-11-20T08:00:00.000Z',
          changes: [
            { kind: 'psp_removed', psp: 'zap', payout_method_type: 'bank_account' },
            {
              kind: 'field_added',
              psp: 'acme_pay',
              payout_method_type: 'bank_account',
              field: 'iban',
            },
          ],
        },
      },
    ],
  };
}

describe('ProvidersPage', () => {
  it('shows each cell enabled or missing with its likely cause, and an enabled PSP’s fields read-only', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      matrix: (refresh) =>
        Promise.resolve(matrix(refresh ? '2026-11-20T10:30:00.000Z' : '2026-11-20T09:00:00.000Z')),
    });
    const { user } = renderApp({ api, path: '/providers' });

    const corridor = await screen.findByRole('region', { name: /Belgium · EUR/ });
    expect(within(corridor).getByText('Corridor not served')).toBeInTheDocument();
    expect(within(corridor).getByText(CAUSE)).toBeInTheDocument();
    // A PSP whose payout type we cannot use is named, and the corridor still works.
    expect(
      within(corridor).getByText('Wallet Co: type not supported: ewallet'),
    ).toBeInTheDocument();
    const fetched = within(corridor).getByText(/^Fetched at/).textContent;

    await user.click(
      within(corridor).getByRole('button', {
        name: /Acme Pay, Bank account, Belgium · EUR: enabled/,
      }),
    );
    const fields = await screen.findByRole('region', { name: /Fields Acme Pay asks for/ });
    const iban = within(fields).getByLabelText(/^IBAN/);
    expect(iban).toBeDisabled();
    expect(within(fields).getByLabelText(/^First name/)).toBeDisabled();
    expect(calls.matrix).toEqual([{ refresh: false }]);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.matrix).toEqual([{ refresh: false }, { refresh: true }]));
    await waitFor(() =>
      expect(within(corridor).getByText(/^Fetched at/).textContent).not.toBe(fetched),
    );
  });

  it('filters by corridor, PSP and cause, and shows every corridor on one row when compact', async () => {
    const wide = matrix('2026-11-20T09:00:00.000Z');
    const be = wide.corridors[0]!;
    wide.corridors.push({
      ...be,
      country: 'US',
      currency: 'USD',
      cells: [
        { ...be.cells[0]!, status: 'missing', likely_cause: 'x', cause: 'payouts_off', fields: [] },
        { ...be.cells[1]!, status: 'enabled', likely_cause: null, cause: null, fields: [] },
      ],
      metadata_version: null,
      unsupported: [],
    });
    const { api } = createFakeApi({ user: ADMIN_USER, matrix: () => Promise.resolve(wide) });
    const { user, router } = renderApp({ api, path: '/providers' });
    await screen.findByRole('region', { name: /Belgium · EUR/ });
    expect(screen.getByRole('region', { name: /United States · USD/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Compact' }));
    const table = await screen.findByRole('table', { name: 'PSPs per corridor' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(
      within(table).getByRole('button', {
        name: /Zap, Bank account, United States · USD: enabled/,
      }),
    );
    expect(await screen.findByRole('region', { name: /Fields Zap asks for/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cells: All' }));
    expect(
      await screen.findByRole('menuitemradio', { name: /Corridor not served\s*1 cells/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('menuitemradio', { name: /Payouts feature off/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(new URLSearchParams(router.state.location.search).get('cell')).toBe('payouts_off');
    expect(
      within(table).getByRole('img', {
        name: 'Acme Pay, Bank account, United States · USD: Payouts feature off for this PSP',
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'PSP: All' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Zap' }));
    expect(await screen.findByText('No corridor and PSP match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Cells: Payouts feature off/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Corridor not served/ }));
    const compact = await screen.findByRole('table', { name: 'PSPs per corridor' });
    expect(
      within(compact)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Corridor', 'Zap']);
  });
});
