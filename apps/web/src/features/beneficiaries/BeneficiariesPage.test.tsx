import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBeneficiary } from '../../testing/buildBeneficiary.js';
import { createFakeApi, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const CORRIDORS = [
  { country: 'BE', currency: 'EUR' },
  { country: 'JP', currency: 'JPY' },
];

function searchOf(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

describe('BeneficiariesPage', () => {
  it('reads search and filters from the URL and asks the API for exactly those', async () => {
    const { api, calls } = createFakeApi({ corridors: CORRIDORS });
    renderApp({
      api,
      path: '/beneficiaries?q=6769&country=BE&currency=EUR&payout_method_type=bank_account&provider=beta_bank&status=pending_change,archived',
    });
    await screen.findByText('No beneficiaries match these filters.');
    expect(calls.listBeneficiaries.at(-1)).toEqual({
      q: '6769',
      country: 'BE',
      currency: 'EUR',
      payout_method_type: 'bank_account',
      provider: 'beta_bank',
      status: 'pending_change,archived',
      limit: '25',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('6769');
    expect(screen.getByText('Status: Pending change, Archived')).toBeInTheDocument();
  });

  it('writes search and filters to the URL, shows status chips and the unusable reason', async () => {
    const ok = buildBeneficiary({ display_name: 'Jane Seller' });
    const broken = buildBeneficiary({
      display_name: 'Old Wallet Co',
      status: 'pending_change',
      unusable_reason: 'Beta Bank no longer offers bank accounts in Belgium (BE/EUR).',
    });
    // What the server finds for the search and filter: only Jane.
    const { api, calls } = createFakeApi({
      corridors: CORRIDORS,
      listBeneficiaries: (query) =>
        Promise.resolve({
          items: query.q === 'jane' && query.status === 'active' ? [ok] : [ok, broken],
          next_cursor: null,
        }),
    });
    const { router, user } = renderApp({ api, path: '/beneficiaries' });

    const row = (await screen.findByText('Old Wallet Co')).closest('tr')!;
    expect(within(row).getByText('Pending change')).toBeInTheDocument();
    expect(
      within(row).getByText(/Unusable: Beta Bank no longer offers bank accounts/),
    ).toBeInTheDocument();
    expect(within(row).getByText('BE68****0001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jane Seller' })).toHaveAttribute(
      'href',
      `/beneficiaries/${ok.id}`,
    );

    await user.type(screen.getByLabelText('Search'), 'jane{Enter}');
    await waitFor(() => expect(searchOf(router).get('q')).toBe('jane'));
    await user.click(screen.getByText('Status: Any'));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Active' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(searchOf(router).get('status')).toBe('active'));
    await waitFor(() =>
      expect(calls.listBeneficiaries.at(-1)).toMatchObject({ q: 'jane', status: 'active' }),
    );
    expect(await screen.findByText('Jane Seller')).toBeInTheDocument();
    expect(screen.queryByText('Old Wallet Co')).not.toBeInTheDocument();
  });

  it('pages with the server cursor, and starts again when the filters change', async () => {
    const first = buildBeneficiary({ display_name: 'Aaron' });
    const second = buildBeneficiary({ display_name: 'Zoe' });
    const { api, calls } = createFakeApi({
      corridors: CORRIDORS,
      listBeneficiaries: (query) =>
        Promise.resolve(
          query.cursor === 'c2'
            ? { items: [second], next_cursor: null }
            : { items: [first], next_cursor: 'c2' },
        ),
    });
    const { user } = renderApp({ api, path: '/beneficiaries?country=BE' });
    await screen.findByText('Aaron');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Zoe');
    expect(calls.listBeneficiaries.at(-1)).toMatchObject({ country: 'BE', cursor: 'c2' });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Aaron');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('offers "New beneficiary" to finance but not to support, who reads the list', async () => {
    const { api } = createFakeApi({ user: SUPPORT_USER, beneficiaries: [buildBeneficiary()] });
    renderApp({ api, path: '/beneficiaries' });
    await screen.findByText(/Acme Seller/);
    expect(screen.queryByRole('link', { name: /New beneficiary/ })).not.toBeInTheDocument();

    const finance = createFakeApi();
    renderApp({ api: finance.api, path: '/beneficiaries' });
    expect(await screen.findByRole('link', { name: /New beneficiary/ })).toHaveAttribute(
      'href',
      '/beneficiaries/new',
    );
  });
});
