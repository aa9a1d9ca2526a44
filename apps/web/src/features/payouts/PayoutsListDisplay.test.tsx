import { LOCALE_STORAGE_KEY } from '../../components/displayPreferences.js';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { createFakeApi } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

/** Menus in a drawer or dialog are slow in jsdom on a busy machine. */
const SLOW = { timeout: 60_000 };

function searchOf(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

function headers(): string[] {
  const table = screen.getByRole('table', { name: 'Payouts' });
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.replace(/ \(sorted.*\)$/, '') ?? '');
}

function listOf(items: ReturnType<typeof buildPayout>[]) {
  return createFakeApi({ list: () => Promise.resolve({ items, next_cursor: null }) });
}

/** A phone-sized window for `useNarrowScreen` (jsdom has no layout, so matchMedia is faked). */
function narrowWindow(narrow: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

// The page's lazy parts, loaded once up front so the first test does not wait on the transform.
beforeAll(() => import('./payoutListExtras.js'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payouts list: chips and links from the overview', () => {
  it(
    'shows each filter as a chip that removes it, and "Clear all" removes them all',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi();
      const { router, user } = renderApp({
        api,
        path: '/payouts?status=declined&decline_code=do_not_honor&needs_attention=1&q=jane',
      });
      const chip = await screen.findByRole('button', {
        name: 'Remove the filter: decline code: do_not_honor',
      });
      expect(calls.list.at(-1)).toMatchObject({ decline_code: 'do_not_honor', status: 'declined' });
      expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument();

      await user.click(chip);
      await waitFor(() => expect(searchOf(router).get('decline_code')).toBeNull());
      expect(searchOf(router).get('status')).toBe('declined');
      await waitFor(() => expect(calls.list.at(-1)).not.toHaveProperty('decline_code'));

      await user.click(screen.getByRole('button', { name: 'Clear all' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
    },
  );

  it('takes an hour bucket as exact instants, sends them unchanged and shows them readably', async () => {
    const { api, calls } = createFakeApi();
    renderApp({
      api,
      path: '/payouts?created_from=2026-11-25T14:00:00.000Z&created_to=2026-11-25T14:59:59.999Z',
    });
    await waitFor(() =>
      expect(calls.list.at(-1)).toMatchObject({
        created_from: '2026-11-25T14:00:00.000Z',
        created_to: '2026-11-25T14:59:59.999Z',
      }),
    );
    const chip = await screen.findByRole('button', { name: /^Remove the filter: created / });
    // Shown in the user's zone with the zone named, not as ISO text.
    expect(chip).toHaveTextContent(
      /^Created Nov 25, 2026, \d\d:00 [AP]M \S+ – Nov 25, 2026, \d\d:59 [AP]M \S+$/,
    );
    expect(chip.textContent).not.toContain('T14');
  });
});

describe('the payouts list: columns, density, ids and times', () => {
  it('hides, shows and reorders columns from the chooser, and remembers them', SLOW, async () => {
    const payout = buildPayout({ orchestrator_id: 'orc_XYZ' });
    const { api } = listOf([payout]);
    const first = renderApp({ api });
    await screen.findByText(payout.order_id);
    expect(headers()).toEqual([
      'Created',
      'Order ID',
      'Recipient',
      'Amount',
      'Status',
      'PSP',
      'Type',
      'Country',
    ]);
    const { user } = first;
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns and density' });
    // The order id cannot be hidden.
    expect(
      within(dialog).getByRole('checkbox', { name: 'Order ID (always shown)' }),
    ).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Country' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Orchestrator ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Order ID up' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Compact' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(headers()).toEqual([
        'Order ID',
        'Created',
        'Recipient',
        'Amount',
        'Status',
        'PSP',
        'Type',
        'Orchestrator ID',
      ]),
    );
    expect(screen.getByText('orc_XYZ')).toBeInTheDocument();
    first.unmount();

    // Remembered (localStorage) on the next visit.
    renderApp({ api });
    await screen.findByText(payout.order_id);
    expect(headers()[0]).toBe('Order ID');
    expect(headers()).toContain('Orchestrator ID');
    expect(headers()).not.toContain('Country');
    expect(JSON.parse(window.localStorage.getItem('payouts.list.display')!)).toMatchObject({
      density: 'compact',
    });
  });

  it('copies an id to the clipboard and says so', SLOW, async () => {
    const payout = buildPayout({ order_id: 'PO-COPY-1' });
    const { api } = listOf([payout]);
    const { user } = renderApp({ api });
    await user.click(await screen.findByRole('button', { name: 'Copy order ID PO-COPY-1' }));
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toBe('PO-COPY-1');
    expect(await screen.findByText('Copied order ID PO-COPY-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy order ID PO-COPY-1' })).toHaveAttribute(
      'title',
      'Copied',
    );
  });

  it('shows times relative to now with the exact time in the user’s zone and format', async () => {
    // The user picked British formats (the account menu): day first, 24-hour clock.
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en-GB');
    const created = new Date(Date.now() - 3 * 60_000).toISOString();
    const payout = buildPayout({ created_at: created, is_demo: true });
    const { api } = listOf([payout]);
    renderApp({ api });
    const time = await screen.findByText('3 min ago', { exact: false });
    const element = time.closest('time')!;
    expect(element).toHaveAttribute('dateTime', created);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(element.getAttribute('title')).toMatch(
      new RegExp(`^\\d\\d \\w{3} \\d{4}, .* \\(${zone}\\)$`),
    );
    // The exact time is in the accessible text too, not only on hover.
    expect(element).toHaveTextContent(element.getAttribute('title')!);
    expect(screen.getByText('Demo')).toBeInTheDocument();
  });

  it('shows cards instead of a table on a phone, linking to the detail', async () => {
    narrowWindow(true);
    const payout = buildPayout({ order_id: 'PO-PHONE-1', amount: '10', currency: 'EUR' });
    const { api } = listOf([payout]);
    renderApp({ api });
    await screen.findByRole('link', { name: 'PO-PHONE-1' });
    const cards = screen.getByRole('list', { name: 'Payouts' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getAllByRole('listitem')[0]!;
    expect(within(card).getByRole('link', { name: 'PO-PHONE-1' })).toHaveAttribute(
      'href',
      `/payouts/${payout.id}`,
    );
    expect(within(card).getByText('€10.00')).toBeInTheDocument();
    expect(within(card).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(card).getByText('Paid out')).toBeInTheDocument();
    expect(within(card).getByText('Acme Pay')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
  });
});
