import type { PayoutViewDto, PayoutViewState } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { ADMIN_USER, createFakeApi, FINANCE_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { datePresetRange } from '../payouts/datePresets.js';

/** Menus in a drawer or dialog are slow in jsdom on a busy machine. */
const SLOW = { timeout: 60_000 };

const STATE: PayoutViewState = {
  filters: { status: 'declined', decline_code: 'do_not_honor' },
  range: { relative: 'last7' },
  sort: 'amount',
  order: 'asc',
  columns: ['order_id', 'amount', 'decline_reason'],
  density: 'compact',
};

let sequence = 0;
function buildView(overrides: Partial<PayoutViewDto> = {}): PayoutViewDto {
  sequence += 1;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: `View ${sequence}`,
    state: STATE,
    shared: false,
    owner: { id: FINANCE_USER.id, name: FINANCE_USER.name, email: FINANCE_USER.email },
    mine: true,
    is_default: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function searchOf(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

function headers(): string[] {
  return within(screen.getByRole('table', { name: 'Payouts' }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.replace(/ \(sorted.*\)$/, '') ?? '');
}

const items = [buildPayout({ order_id: 'PO-V-1', decline_reason: 'Do not honour' })];

async function openViews(user: { click: (element: Element) => Promise<void> }) {
  await user.click(screen.getByRole('button', { name: /^View/ }));
  return screen.findByRole('menu');
}

// The page's lazy parts, loaded once up front so the first test does not wait on the transform.
beforeAll(() => import('../payouts/payoutListExtras.js'), 30_000);

describe('saved views', () => {
  it(
    'picks a view: its filters, sort, columns and density, its relative range for today',
    SLOW,
    async () => {
      const view = buildView({ name: 'Declines this week' });
      const { api, calls } = createFakeApi({
        payoutViews: [view],
        list: () => Promise.resolve({ items, next_cursor: null }),
      });
      const { router, user } = renderApp({ api, path: '/payouts?q=jane' });
      await screen.findByText('PO-V-1');
      const menu = await openViews(user);
      await user.click(await within(menu).findByRole('menuitem', { name: /Declines this week/ }));

      const { from, to } = datePresetRange('last7', new Date());
      await waitFor(() => expect(searchOf(router).get('created_from')).toBe(from));
      expect(searchOf(router).get('created_to')).toBe(to);
      expect(searchOf(router).get('decline_code')).toBe('do_not_honor');
      expect(searchOf(router).get('q')).toBeNull();
      expect(searchOf(router).get('sort')).toBe('amount');
      await waitFor(() => expect(headers()).toEqual(['Order ID', 'Amount', 'Decline reason']));
      expect(screen.getByText('Do not honour')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'View: Declines this week' })).toBeInTheDocument();
      await waitFor(() =>
        expect(calls.list.at(-1)).toMatchObject({
          status: 'declined',
          decline_code: 'do_not_honor',
        }),
      );
      // A view's columns are not the user's own: they stay as they were.
      expect(window.localStorage.getItem('payouts.list.display')).toBeNull();
    },
  );

  it(
    'opens a plain /payouts with the default view, and a link with filters as it is',
    SLOW,
    async () => {
      const view = buildView({ name: 'Mine', state: { ...STATE, range: null } });
      const options = {
        payoutViews: [view],
        defaultPayoutViewId: view.id,
        list: () => Promise.resolve({ items, next_cursor: null }),
      };
      const plain = createFakeApi(options);
      const first = renderApp({ api: plain.api, path: '/payouts' });
      await waitFor(() => expect(searchOf(first.router).get('decline_code')).toBe('do_not_honor'));
      // The list waited for the default: no request for the unfiltered list went out.
      await waitFor(() => expect(plain.calls.list.length).toBeGreaterThan(0));
      expect(plain.calls.list.every((q) => q.decline_code === 'do_not_honor')).toBe(true);
      first.unmount();

      const linked = createFakeApi(options);
      const second = renderApp({ api: linked.api, path: '/payouts?status=failed' });
      await screen.findByText('PO-V-1');
      expect(searchOf(second.router).get('status')).toBe('failed');
      expect(searchOf(second.router).get('decline_code')).toBeNull();
    },
  );

  it('saves the list as a view, and shows a name conflict in the dialog', SLOW, async () => {
    const { api, calls } = createFakeApi({
      payoutViews: [buildView({ name: 'Taken' })],
      list: () => Promise.resolve({ items, next_cursor: null }),
    });
    const { user } = renderApp({ api, path: '/payouts?status=failed&sort=amount' });
    await screen.findByText('PO-V-1');
    const menu = await openViews(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    // Finance may not share.
    expect(within(dialog).queryByLabelText('Share with everyone')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You already have a view of that name.'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Failures');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.createPayoutView.at(-1)).toEqual({
      name: 'Failures',
      state: {
        filters: { status: 'failed' },
        range: null,
        sort: 'amount',
        order: 'desc',
        columns: [
          'created_at',
          'order_id',
          'recipient',
          'amount',
          'status',
          'provider',
          'payout_method_type',
          'country',
        ],
        density: 'standard',
      },
    });
    expect(await screen.findByRole('button', { name: 'View: Failures' })).toBeInTheDocument();
  });

  it('shows the limit of 20 views in the save dialog, and admins may share', SLOW, async () => {
    const own = Array.from({ length: 20 }, (_, i) =>
      buildView({
        name: `Admin view ${i + 1}`,
        owner: { id: ADMIN_USER.id, name: ADMIN_USER.name, email: ADMIN_USER.email },
      }),
    );
    const { api } = createFakeApi({
      user: ADMIN_USER,
      payoutViews: own,
      list: () => Promise.resolve({ items, next_cursor: null }),
    });
    const { user } = renderApp({ api, path: '/payouts?status=failed' });
    await screen.findByText('PO-V-1');
    const menu = await openViews(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByText(/You have 20 of 20 views/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Share with everyone')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/the most allowed: delete one first/),
    ).toBeInTheDocument();
  });

  it(
    'renames, sets and clears the default, and deletes after confirming; shared views of others are read-only',
    SLOW,
    async () => {
      const mine = buildView({ name: 'Old name' });
      const shared = buildView({
        name: 'Team view',
        shared: true,
        owner: { id: ADMIN_USER.id, name: ADMIN_USER.name, email: ADMIN_USER.email },
      });
      const { api, calls } = createFakeApi({
        payoutViews: [mine, shared],
        list: () => Promise.resolve({ items, next_cursor: null }),
      });
      const { user } = renderApp({ api, path: '/payouts?status=failed' });
      await screen.findByText('PO-V-1');
      let menu = await openViews(user);
      expect(
        within(menu).getByRole('menuitem', { name: /Team view.*Shared by Ada Admin/ }),
      ).toBeInTheDocument();
      await user.click(within(menu).getByRole('menuitem', { name: 'Manage views…' }));
      const manage = await screen.findByRole('dialog', { name: 'Manage views' });
      const team = within(manage).getByRole('listitem', { name: 'Team view' });
      expect(within(team).getByText(/read-only/)).toBeInTheDocument();
      expect(within(team).queryByRole('button', { name: /Rename|Delete/ })).not.toBeInTheDocument();

      await user.click(within(manage).getByRole('button', { name: 'Rename Old name' }));
      const rename = await screen.findByRole('dialog', { name: 'Rename “Old name”' });
      await user.clear(within(rename).getByLabelText('Name'));
      await user.type(within(rename).getByLabelText('Name'), 'New name');
      await user.click(within(rename).getByRole('button', { name: 'Rename' }));
      const manageAgain = await screen.findByRole('dialog', { name: 'Manage views' });
      await within(manageAgain).findByRole('listitem', { name: 'New name' });
      expect(calls.updatePayoutView).toEqual([{ id: mine.id, body: { name: 'New name' } }]);

      await user.click(
        within(manageAgain).getByRole('button', { name: 'Set Team view as default' }),
      );
      await within(manageAgain).findByText(/Your default/);
      expect(calls.setDefaultPayoutView).toEqual([shared.id]);
      await user.click(within(manageAgain).getByRole('button', { name: 'Clear default' }));
      await waitFor(() => expect(calls.setDefaultPayoutView).toEqual([shared.id, null]));

      await user.click(within(manageAgain).getByRole('button', { name: 'Delete New name' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete “New name”?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      const after = await screen.findByRole('dialog', { name: 'Manage views' });
      await waitFor(() =>
        expect(within(after).queryByRole('listitem', { name: 'New name' })).not.toBeInTheDocument(),
      );
      expect(calls.removePayoutView).toEqual([mine.id]);
      await user.click(within(after).getByRole('button', { name: 'Close' }));
      menu = await openViews(user);
      expect(within(menu).queryByRole('menuitem', { name: /New name/ })).not.toBeInTheDocument();
    },
  );
});
