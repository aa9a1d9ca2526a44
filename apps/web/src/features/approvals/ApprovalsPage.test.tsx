import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApprovalItem } from '../../testing/buildApprovalItem.js';
import { buildBatch } from '../../testing/buildBatch.js';
import { ADMIN_USER, apiError, createFakeApi, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

// The first render of the app (lazy page, MUI) is slow in jsdom on a shared machine.
const SLOW = { timeout: 20_000 };

function inbox() {
  return [
    buildApprovalItem({ id: 'p1', order_id: 'PO-1', amount: '20000.00', age_seconds: 3 * 3600 }),
    buildApprovalItem({
      id: 'p2',
      order_id: 'PO-2',
      amount: '150000.00',
      rule: { name: 'Above 100,000', count: 2, roles: ['finance', 'admin'] },
      approvals: [
        {
          by: { id: 'u_8', email: 'f2@example.com', name: 'Fiona Second' },
          at: '2026-11-20T10:00:00.000Z',
        },
      ],
      waiting_for: 1,
    }),
    buildApprovalItem({
      id: 'p3',
      order_id: 'PO-3',
      actionable: false,
      not_actionable_reason: 'created_by_you',
      not_actionable_message: 'You created this payout: someone else must approve it.',
    }),
    buildApprovalItem({
      id: 'p4',
      order_id: 'PO-4',
      rule: { name: 'Above 100,000', count: 2, roles: ['finance', 'admin'] },
      approvals: [
        {
          by: { id: 'u_3', email: 'ada@example.com', name: 'Ada Admin' },
          at: '2026-11-20T10:00:00.000Z',
        },
      ],
      actionable: false,
      not_actionable_reason: 'already_approved',
      not_actionable_message:
        'You approved it already: it waits for 1 more approval by someone else.',
    }),
  ];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the approvals inbox', () => {
  it('lists what waits with rule, approvals so far, and why a row is not mine', SLOW, async () => {
    const { api } = createFakeApi({ user: ADMIN_USER, approvalInbox: inbox() });
    renderApp({ api, path: '/approvals' });
    const table = await screen.findByRole('table', { name: 'Payouts awaiting approval' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'PO-1',
      'PO-2',
      'PO-3',
      'PO-4',
    ]);
    expect(within(table).getByRole('link', { name: 'PO-1' })).toHaveAttribute(
      'href',
      '/payouts/p1',
    );
    expect(rows[0]).toHaveTextContent('€20,000.00');
    expect(rows[0]).toHaveTextContent('Olga Other');
    expect(rows[0]).toHaveTextContent('3 h');
    expect(rows[0]).toHaveTextContent('Jane Doe · ****6769');
    expect(rows[0]).toHaveTextContent('0 of 1 approval');
    expect(rows[1]).toHaveTextContent('1 of 2 approvalsFiona Second');
    expect(rows[1]).toHaveTextContent('Above 100,000');
    expect(screen.getByRole('checkbox', { name: 'Select PO-1' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select PO-2' })).toBeInTheDocument();
    // Not mine: the reason instead of a checkbox.
    expect(screen.queryByRole('checkbox', { name: 'Select PO-3' })).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('You created this payout');
    expect(rows[3]).toHaveTextContent('You approved it already');
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject selected' })).toBeDisabled();
  });

  it(
    'on a phone shows cards, the amount and the recipient first, and decides as on a desk',
    SLOW,
    async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }));
      const { api, calls } = createFakeApi({ user: ADMIN_USER, approvalInbox: inbox() });
      const { user } = renderApp({ api, path: '/approvals' });
      const cards = await screen.findByRole('list', { name: 'Payouts awaiting approval' });
      expect(screen.queryByRole('table', { name: 'Payouts awaiting approval' })).toBeNull();
      const first = within(cards).getAllByRole('listitem')[0]!;
      const lines = within(first)
        .getAllByRole('paragraph')
        .map((p) => p.textContent);
      expect(lines[0]).toBe('€20,000.00');
      expect(lines[1]).toMatch(/^\S/);
      // Not mine to decide: no checkbox, the reason instead.
      const mine = within(cards).getAllByRole('listitem')[2]!;
      expect(within(mine).queryByRole('checkbox')).toBeNull();
      expect(within(mine).getByText(/You created this payout/)).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      await user.click(screen.getByRole('button', { name: 'Approve selected' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve 2 payouts' });
      await user.click(within(dialog).getByRole('button', { name: 'Approve 2 payouts' }));
      await waitFor(() =>
        expect(calls.decideApprovals).toEqual([{ decision: 'approve', payout_ids: ['p1', 'p2'] }]),
      );
    },
  );

  it('says when nothing waits', SLOW, async () => {
    const { api } = createFakeApi({ approvalInbox: [] });
    renderApp({ api, path: '/approvals' });
    expect(await screen.findByText('No payout waits for your approval')).toBeInTheDocument();
  });

  it('approves the selected payouts together and says what became of each', SLOW, async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalInbox: inbox(),
      decideApprovals: (body) =>
        Promise.resolve({
          results: [
            { payout_id: body.payout_ids[0]!, outcome: 'sent' },
            { payout_id: body.payout_ids[1]!, outcome: 'waiting', waiting_for: 1 },
          ],
        }),
    });
    const { user } = renderApp({ api, path: '/approvals' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select PO-1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select PO-2' })).toBeChecked();
    // How many and how much, summed exactly per currency.
    expect(screen.getByText('2 selected · €170,000.00')).toBeInTheDocument();
    const listReads = calls.approvalsList;
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    // Nothing is sent before the confirmation says how many and how much.
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 payouts' });
    expect(dialog).toHaveTextContent('2 payouts for €170,000.00.');
    expect(calls.decideApprovals).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2 payouts' }));
    const results = await screen.findByRole('list', { name: 'Results' });
    expect(calls.decideApprovals).toEqual([{ decision: 'approve', payout_ids: ['p1', 'p2'] }]);
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['PO-1: Approved and sent', 'PO-2: Approved: waiting for 1 more approval']);
    // The inbox (and its badge) are read again after a decision.
    await waitFor(() => expect(calls.approvalsList).toBeGreaterThan(listReads));
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
  });

  it('shows a refusal with its reason next to the ones that went through', SLOW, async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      approvalInbox: inbox(),
      decideApprovals: () =>
        Promise.resolve({
          results: [
            { payout_id: 'p1', outcome: 'sent' },
            {
              payout_id: 'p2',
              outcome: 'refused',
              problem: {
                type: 'urn:payouts:problem:conflict',
                code: 'conflict',
                status: 409,
                title: 'Conflict with the current state',
                detail: 'This payout is no longer awaiting approval (it is rejected).',
              },
            },
          ],
        }),
    });
    const { user } = renderApp({ api, path: '/approvals' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select PO-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PO-2' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await user.click(await screen.findByRole('button', { name: 'Approve 2 payouts' }));
    const results = await screen.findByRole('list', { name: 'Results' });
    expect(results).toHaveTextContent(
      'PO-2: Refused: This payout is no longer awaiting approval (it is rejected).',
    );
    expect(screen.getByText('1 of 2 decided, 1 refused')).toBeInTheDocument();
  });

  it('asks one reason before rejecting the selected payouts', SLOW, async () => {
    // The server's inbox after the decision no longer holds them.
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalInbox: [inbox(), inbox().slice(2)],
    });
    const { user } = renderApp({ api, path: '/approvals' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select PO-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PO-2' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 payouts' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Say why they are rejected.')).toBeInTheDocument();
    expect(calls.decideApprovals).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), '  Duplicate batch ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const results = await screen.findByRole('list', { name: 'Results' });
    expect(calls.decideApprovals).toEqual([
      { decision: 'reject', payout_ids: ['p1', 'p2'], reason: 'Duplicate batch' },
    ]);
    expect(results).toHaveTextContent('PO-1: Rejected');
    expect(results).toHaveTextContent('PO-2: Rejected');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Decided payouts leave the inbox.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'PO-1' })).not.toBeInTheDocument(),
    );
  });

  it('says nothing was decided when the whole request fails', SLOW, async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      approvalInbox: inbox(),
      decideApprovals: () =>
        Promise.reject(apiError('validation_failed', 'Some fields are invalid.')),
    });
    const { user } = renderApp({ api, path: '/approvals' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select PO-1' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 payout' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nothing was decided: Some fields are invalid.',
    );
    // Still selected, to try again.
    expect(screen.getByRole('checkbox', { name: 'Select PO-1', hidden: true })).toBeChecked();
  });

  it('shows in the menu how many the server says await my approval', SLOW, async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalInbox: inbox(),
      summary: () =>
        Promise.resolve({
          awaiting_my_approval: 2,
          batches_awaiting_my_approval: 0,
          needs_attention: 0,
        }),
    });
    const { user } = renderApp({ api, path: '/approvals' });
    await screen.findByRole('table', { name: 'Payouts awaiting approval' });
    await waitFor(() => expect(calls.summary).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: /^Open menu/ }));
    const entry = await screen.findByRole('link', { name: /^Approvals/ });
    expect(entry).toHaveTextContent('Approvals2 awaiting your approval');
  });

  it(
    'lists the batches awaiting approval beside the payouts, and counts them in the menu',
    SLOW,
    async () => {
      const mine = buildBatch({
        status: 'awaiting_approval',
        file_name: 'sellers-dec.csv',
        can_decide: true,
        cannot_decide_reason: null,
      });
      const own = buildBatch({
        status: 'awaiting_approval',
        file_name: 'own.csv',
        can_decide: false,
        cannot_decide_reason: 'You uploaded this batch: someone else must approve it.',
      });
      const { api, calls } = createFakeApi({
        user: ADMIN_USER,
        approvalInbox: inbox(),
        batches: [mine, own],
        summary: () =>
          Promise.resolve({
            awaiting_my_approval: 2,
            batches_awaiting_my_approval: 1,
            needs_attention: 0,
          }),
      });
      const { user } = renderApp({ api, path: '/approvals' });
      const table = await screen.findByRole('table', { name: 'Batches' });
      expect(calls.listBatches).toContainEqual({ cursor: undefined, status: 'awaiting_approval' });
      const rows = within(table).getAllByRole('row');
      expect(rows[1]).toHaveTextContent('sellers-dec.csv');
      expect(
        within(rows[1]!).getByRole('link', { name: 'Open it to approve or reject' }),
      ).toHaveAttribute('href', `/batches/${mine.id}`);
      expect(rows[2]).toHaveTextContent('You uploaded this batch: someone else must approve it.');
      await user.click(screen.getByRole('button', { name: /^Open menu/ }));
      expect(screen.getByRole('button', { name: /^Open menu/ })).toHaveAccessibleName(
        'Open menu (2 payouts and 1 batch await your approval)',
      );
      const entry = await screen.findByRole('link', { name: /^Approvals/ });
      expect(entry).toHaveTextContent('Approvals3 awaiting your approval');
    },
  );

  it('shows no badge when the server counts nothing mine to decide on', SLOW, async () => {
    const { api, calls } = createFakeApi({ user: ADMIN_USER, approvalInbox: [inbox()[2]!] });
    const { user } = renderApp({ api, path: '/approvals' });
    await screen.findByRole('table', { name: 'Payouts awaiting approval' });
    await waitFor(() => expect(calls.summary).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: /^Open menu/ }));
    const entry = await screen.findByRole('link', { name: /^Approvals/ });
    expect(entry).toHaveTextContent(/^Approvals$/);
  });

  it('is not offered to support, who approves nothing', SLOW, async () => {
    const { api, calls } = createFakeApi({ user: SUPPORT_USER, approvalInbox: inbox() });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: /^Open menu/ }));
    await screen.findByRole('link', { name: /^Payouts/ });
    expect(screen.queryByRole('link', { name: /^Approvals/ })).not.toBeInTheDocument();
    expect(calls.summary).toBe(0);
  });
});
