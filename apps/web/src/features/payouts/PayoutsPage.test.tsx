import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { apiError, createFakeApi, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { SEARCH_MATCHES } from './PayoutsEmpty.js';

/** Menus in a drawer or dialog are slow in jsdom on a busy machine. */
const SLOW = { timeout: 60_000 };

const CORRIDORS = [
  { country: 'BE', currency: 'EUR' },
  { country: 'JP', currency: 'JPY' },
  { country: 'US', currency: 'USD' },
];

/** Opens the filter drawer (loaded on first open). */
async function openFilters(user: { click: (element: Element) => Promise<void> }): Promise<void> {
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  await screen.findByRole('heading', { name: 'Filters' });
}

function searchOf(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

// The page's lazy parts (filter drawer, chips), loaded once up front.
beforeAll(() => import('./payoutListExtras.js'), 30_000);

describe('PayoutsPage', () => {
  it(
    'reads its filters, sort and search from the URL and asks the API for exactly those',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({ corridors: CORRIDORS });
      renderApp({
        api,
        path: '/payouts?status=pending,approved&currency=EUR&country=BE&q=jane&sort=amount&order=asc&amount_min=10.5&payout_method_type=bank_account&provider=acme_pay',
      });
      await screen.findByText('No payout matches “jane” with 6 filters on.');
      expect(calls.list.at(-1)).toMatchObject({
        status: 'pending,approved',
        currency: 'EUR',
        country: 'BE',
        q: 'jane',
        sort: 'amount',
        order: 'asc',
        amount_min: '10.5',
        payout_method_type: 'bank_account',
        provider: 'acme_pay',
        limit: '25',
      });
      // The filters in force as chips above the list; the search stays a field.
      expect(await screen.findByText('Status: Pending, Paid out')).toBeInTheDocument();
      expect(screen.getByText('Type: Bank account')).toBeInTheDocument();
      expect(screen.getByText('Amount from 10.5')).toBeInTheDocument();
      expect(screen.getByText('PSP: acme_pay')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters (6)' })).toBeInTheDocument();
      expect(screen.getByLabelText('Search')).toHaveValue('jane');
      // It says what the search matches (decision 037), in short, and in full when it found none.
      expect(screen.getByLabelText('Search')).toHaveAttribute(
        'placeholder',
        'Order ID, e-mail, name, PSP or orchestrator ID, last 4 digits',
      );
      expect(screen.getByText(SEARCH_MATCHES)).toBeInTheDocument();
    },
  );

  it(
    'writes filter changes back to the URL, keeping the others, and clears them all',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({ corridors: CORRIDORS });
      const { router, user } = renderApp({ api, path: '/payouts?q=jane&sort=amount' });
      await screen.findByText('No payout matches “jane”.');
      await openFilters(user);

      await user.click(screen.getByText('Status: Any'));
      await user.click(await screen.findByText('Declined'));
      await user.click(screen.getByText('Pending'));
      await user.keyboard('{Escape}');
      // Statuses are kept in the product's order, whatever the order they were ticked in.
      await waitFor(() => expect(searchOf(router).get('status')).toBe('pending,declined'));
      expect(searchOf(router).get('q')).toBe('jane');
      expect(searchOf(router).get('sort')).toBe('amount');

      await user.click(screen.getByText('Currency: Any'));
      await user.click(await screen.findByText('JPY · Japanese Yen'));
      await waitFor(() => expect(searchOf(router).get('currency')).toBe('JPY'));
      await waitFor(() =>
        expect(calls.list.at(-1)).toMatchObject({ currency: 'JPY', status: 'pending,declined' }),
      );

      // Amounts as the user's locale writes them; anything else is named and not applied.
      await user.clear(screen.getByLabelText('Amount to'));
      await user.type(screen.getByLabelText('Amount to'), '1,000.5{Enter}');
      await waitFor(() => expect(searchOf(router).get('amount_max')).toBe('1000.5'));
      await user.clear(screen.getByLabelText('Amount from'));
      await user.type(screen.getByLabelText('Amount from'), '1,0,0{Enter}');
      expect(
        await screen.findByText(
          'Not an amount: digits, with your grouping and decimal separators, e.g. 1,250.50',
        ),
      ).toBeInTheDocument();
      expect(searchOf(router).get('amount_min')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Show payouts' }));
      await user.click(await screen.findByRole('button', { name: 'Clear all' }));
      await waitFor(() => expect(router.state.location.search).toBe('?sort=amount'));
      expect(screen.getByLabelText('Search')).toHaveValue('');
    },
  );

  it(
    'lists test payouts badged by default, and hides them or shows only them on request',
    SLOW,
    async () => {
      const real = buildPayout({ order_id: 'PO-1' });
      const lab = buildPayout({ order_id: 'LAB-1', is_test: true });
      const { api, calls } = createFakeApi({
        corridors: CORRIDORS,
        list: (query) =>
          Promise.resolve({
            items: query.is_test === '1' ? [lab] : query.is_test === '0' ? [real] : [real, lab],
            next_cursor: null,
          }),
      });
      const { router, user } = renderApp({ api, path: '/payouts' });
      await screen.findByText('LAB-1');
      expect(screen.getByText('PO-1')).toBeInTheDocument();
      expect(calls.list.at(-1)).not.toHaveProperty('is_test');
      expect(calls.list.at(-1)).not.toHaveProperty('include_test');
      expect(screen.getByText('Test')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');

      await openFilters(user);
      await user.click(screen.getByRole('button', { name: 'Test payouts: All' }));
      await user.click(screen.getByRole('menuitemradio', { name: 'Hidden' }));
      await waitFor(() => expect(searchOf(router).get('is_test')).toBe('0'));
      await waitFor(() => expect(screen.queryByText('LAB-1')).not.toBeInTheDocument());
      expect(calls.list.at(-1)).toMatchObject({ is_test: '0' });
      expect(screen.getByText('PO-1')).toBeInTheDocument();
      expect(screen.queryByText('Test')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Test payouts: Hidden' }));
      await user.click(screen.getByRole('menuitemradio', { name: 'Only' }));
      await waitFor(() => expect(searchOf(router).get('is_test')).toBe('1'));
      await screen.findByText('LAB-1');
      await waitFor(() => expect(screen.queryByText('PO-1')).not.toBeInTheDocument());
      expect(calls.list.at(-1)).toMatchObject({ is_test: '1' });
      expect(screen.getByRole('button', { name: 'Test payouts: Only' })).toBeInTheDocument();
    },
  );

  it(
    'offers the PSPs and decline codes that exist as choices, with their counts',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({
        filterOptions: () =>
          Promise.resolve({
            providers: [
              { id: 'acme_pay', title: 'Acme Pay', count: 1234 },
              { id: 'old_psp', title: null, count: 3 },
            ],
            decline_codes: [
              { code: 'insufficient_funds', reason: 'Insufficient funds', count: 12 },
            ],
          }),
      });
      const { router, user } = renderApp({ api, path: '/payouts?decline_code=from_a_link' });
      await screen.findByText(/No payouts match these filters/);
      await openFilters(user);
      await user.click(screen.getByRole('button', { name: 'PSP: Any' }));
      expect(await screen.findByText('1,234 payouts')).toBeInTheDocument();
      await user.click(screen.getByRole('menuitemradio', { name: /Acme Pay/ }));
      await waitFor(() => expect(searchOf(router).get('provider')).toBe('acme_pay'));
      await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ provider: 'acme_pay' }));
      // The value in force stays a choice even when the ledger no longer has it.
      await user.click(screen.getByRole('button', { name: 'Decline code: from_a_link' }));
      expect(await screen.findByText('Insufficient funds · 12 payouts')).toBeInTheDocument();
      await user.click(screen.getByRole('menuitemradio', { name: /insufficient_funds/ }));
      await waitFor(() => expect(searchOf(router).get('decline_code')).toBe('insufficient_funds'));
    },
  );

  it('opens a shared "only test payouts" link with the filter set', async () => {
    const { api, calls } = createFakeApi({ corridors: CORRIDORS });
    renderApp({ api, path: '/payouts?is_test=1' });
    expect(
      await screen.findByRole('button', { name: 'Remove the filter: test payouts only' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ is_test: '1' }));
  });

  it('sets the created range from a preset in the user’s time zone', async () => {
    const { api, calls } = createFakeApi();
    const { router, user } = renderApp({ api, path: '/payouts' });
    await screen.findByText('No payouts yet.');
    await openFilters(user);
    await user.click(screen.getByText('Last 7 days'));
    await waitFor(() => expect(searchOf(router).get('created_from')).not.toBeNull());
    const from = searchOf(router).get('created_from')!;
    const to = searchOf(router).get('created_to')!;
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    expect(days).toBe(6);
    expect(screen.getByText('Last 7 days')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(calls.list.at(-1)?.created_from).toBe(new Date(`${from}T00:00:00`).toISOString()),
    );
    expect(calls.list.at(-1)?.created_to).toBe(new Date(`${to}T23:59:59.999`).toISOString());
  });

  it('shows amounts exactly, formatted for their currency, and each status as a labelled chip', async () => {
    const items = [
      buildPayout({ amount: '1234.5', currency: 'EUR', status: 'pending' }),
      buildPayout({ amount: '1250', currency: 'JPY', status: 'declined', country: 'JP' }),
      buildPayout({
        amount: '0.12345678',
        currency: 'BTC',
        status: 'approved',
        payout_method_type: 'crypto',
      }),
      // 17 significant digits: a double would print ...012,345.67 wrong.
      buildPayout({ amount: '123456789012345.67', currency: 'USD', status: 'awaiting_approval' }),
    ];
    const { api } = createFakeApi({ list: () => Promise.resolve({ items, next_cursor: null }) });
    renderApp({ api });
    await screen.findByText('€1,234.50');
    const table = screen.getByRole('table', { name: 'Payouts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('¥1,250')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('0.12345678 BTC')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('$123,456,789,012,345.67')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Declined')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: items[0]!.order_id })).toHaveAttribute(
      'href',
      `/payouts/${items[0]!.id}`,
    );
  });

  it('sorts by amount when its header is clicked, then flips the direction', async () => {
    const item = buildPayout();
    const { api } = createFakeApi({
      list: () => Promise.resolve({ items: [item], next_cursor: null }),
    });
    const { router, user } = renderApp({ api });
    await screen.findByText(item.order_id);
    await user.click(screen.getByText('Amount'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount'));
    await user.click(screen.getByText('Amount'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount&order=asc'));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('pages forward by cursor and back through the cursors it has seen', async () => {
    const pages: Record<
      string,
      { items: ReturnType<typeof buildPayout>[]; next_cursor: string | null }
    > = {
      first: { items: [buildPayout({ order_id: 'PO-FIRST' })], next_cursor: 'c2' },
      c2: { items: [buildPayout({ order_id: 'PO-SECOND' })], next_cursor: 'c3' },
      c3: { items: [buildPayout({ order_id: 'PO-THIRD' })], next_cursor: null },
    };
    const { api, calls } = createFakeApi({
      list: (query) => Promise.resolve(pages[query.cursor ?? 'first']!),
    });
    const { user } = renderApp({ api });
    await screen.findByText('PO-FIRST');
    expect(screen.getByText('Previous')).toBeDisabled();
    await user.click(screen.getByText('Next'));
    await screen.findByText('PO-SECOND');
    await user.click(screen.getByText('Next'));
    await screen.findByText('PO-THIRD');
    expect(screen.getByText('Next')).toBeDisabled();
    await user.click(screen.getByText('Previous'));
    await screen.findByText('PO-SECOND');
    expect(calls.list.map((q) => q.cursor)).toEqual([undefined, 'c2', 'c3']);
  });

  it('says when nothing is found whether a search, filters or both are on, with a way out of each', async () => {
    const { api, calls } = createFakeApi({ corridors: CORRIDORS });
    const { router, user } = renderApp({ api, path: '/payouts?q=4242&status=failed&country=BE' });
    await screen.findByText('No payout matches “4242” with 2 filters on.');
    await user.click(screen.getByRole('button', { name: 'Search without filters' }));
    await screen.findByText('No payout matches “4242”.');
    expect(searchOf(router).toString()).toBe('q=4242');
    expect(calls.list.at(-1)).toMatchObject({ q: '4242' });
    expect(calls.list.at(-1)).not.toHaveProperty('status');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByText('No payouts yet.');
    expect(searchOf(router).toString()).toBe('');
  });

  it('offers the export of exactly the filtered list', async () => {
    const { api } = createFakeApi();
    renderApp({ api, path: '/payouts?status=failed&country=BE' });
    await screen.findByText('No payouts match these filters (2 filters on).');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/payouts/export.csv');
    expect(href.searchParams.get('status')).toBe('failed');
    expect(href.searchParams.get('country')).toBe('BE');
    expect(href.searchParams.get('cursor')).toBeNull();
    expect(link).toHaveAttribute('download');
  });

  it('totals the whole filtered set per currency, exactly, with more currencies on demand', async () => {
    const { api, calls } = createFakeApi({
      list: () => Promise.resolve({ items: [buildPayout()], next_cursor: 'next' }),
      totals: () =>
        Promise.resolve({
          count: 12_345,
          by_currency: [
            { currency: 'EUR', count: 10_000, amount: '1234567.5' },
            { currency: 'JPY', count: 2_000, amount: '1500000' },
            { currency: 'BTC', count: 200, amount: '0.00000001' },
            { currency: 'GBP', count: 100, amount: '10.00' },
            { currency: 'USD', count: 45, amount: '123456789012345.67' },
          ],
        }),
    });
    const { user } = renderApp({ api, path: '/payouts?status=approved&q=jane&sort=amount' });
    const totals = await screen.findByRole('status', { name: 'Totals' });
    expect(within(totals).getByText('12,345 payouts match')).toBeInTheDocument();
    expect(within(totals).getByText('€1,234,567.50')).toBeInTheDocument();
    expect(within(totals).getByText('¥1,500,000')).toBeInTheDocument();
    expect(within(totals).getByText('0.00000001 BTC')).toBeInTheDocument();
    expect(within(totals).queryByText('$123,456,789,012,345.67')).toBeNull();
    await user.click(within(totals).getByRole('button', { name: '+ 1 more currency' }));
    expect(within(totals).getByText('$123,456,789,012,345.67')).toBeInTheDocument();
    // The filters and the search, not the order or the page.
    expect(calls.totals.at(-1)).toEqual({ status: 'approved', q: 'jane' });
  });

  it('says when a search matches too many payouts to total', async () => {
    const { api } = createFakeApi({
      list: () => Promise.resolve({ items: [buildPayout()], next_cursor: null }),
      totals: () =>
        Promise.reject(
          apiError(
            'query_too_broad',
            'Too many payouts match to total them in time: narrow the search or the filters.',
            { status: 422 },
          ),
        ),
    });
    renderApp({ api, path: '/payouts?amount_min=1' });
    expect(
      await screen.findByText(
        'Totals: Too many payouts match to total them in time: narrow the search or the filters.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the error with a retry, and loads again on retry', async () => {
    let fail = true;
    const { api } = createFakeApi({
      list: () =>
        fail
          ? Promise.reject(
              apiError('orchestrator_unavailable', 'The database is unavailable.', { status: 503 }),
            )
          : Promise.resolve({ items: [buildPayout({ order_id: 'PO-BACK' })], next_cursor: null }),
    });
    const { user } = renderApp({ api });
    expect(await screen.findByText(/The database is unavailable\./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry'));
    expect(await screen.findByText('PO-BACK')).toBeInTheDocument();
  });

  it('offers "New payout" to finance but not to support', async () => {
    const finance = createFakeApi();
    const first = renderApp({ api: finance.api });
    await screen.findByText('No payouts yet.');
    expect(screen.getByRole('link', { name: 'New payout' })).toHaveAttribute(
      'href',
      '/payouts/new',
    );
    first.unmount();

    const support = createFakeApi({ user: SUPPORT_USER });
    renderApp({ api: support.api });
    await screen.findByText('No payouts yet.');
    expect(screen.queryByRole('link', { name: 'New payout' })).not.toBeInTheDocument();
  });

  it('lists the payouts to one beneficiary from its link, with a removable filter', async () => {
    const id = '0b7a3c1e-9f2d-4c6b-8a1e-2d3f4a5b6c7d';
    const { api, calls } = createFakeApi({ corridors: CORRIDORS });
    const { router, user } = renderApp({ api, path: `/payouts?beneficiary_id=${id}` });
    await screen.findByText('No payouts match these filters (1 filter on).');
    expect(calls.list.at(-1)).toMatchObject({ beneficiary_id: id });
    expect(screen.getByRole('link', { name: 'Open the beneficiary' })).toHaveAttribute(
      'href',
      `/beneficiaries/${id}`,
    );
    await user.click(
      screen.getByRole('button', { name: 'Remove the filter: paid to one beneficiary' }),
    );
    await waitFor(() => expect(searchOf(router).get('beneficiary_id')).toBeNull());
    await waitFor(() => expect(calls.list.at(-1)).not.toHaveProperty('beneficiary_id'));
  });
});
