import type { PayoutDto } from '@payouts/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { ADMIN_USER, createFakeApi, FINANCE_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const SLOW = { timeout: 20_000 };
const unknown = (id: string, over: Partial<PayoutDto> = {}) =>
  buildPayout({
    id,
    order_id: `PO-${id}`,
    status: 'unknown',
    orchestrator_id: null,
    orchestrator_status: null,
    needs_attention: true,
    attention_reason: 'unresolved',
    ...over,
  });
const proposedBy = (user: typeof FINANCE_USER) => ({
  reason: 'Not in the PSP portal',
  requested_by: { id: user.id, email: user.email, name: user.name },
  requested_at: '2026-11-20T10:00:00.000Z',
  confirmed_by: null,
});

describe('unknown payouts waiting for a person, beside the approvals', () => {
  it('proposes several with one reason, and confirms only the proposals of others', async () => {
    const items = [
      unknown('u1'),
      unknown('u2', { mark_failed: proposedBy(FINANCE_USER) }),
      unknown('u3', { mark_failed: proposedBy(ADMIN_USER) }),
    ];
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      list: () => Promise.resolve({ items, next_cursor: null }),
      resolveMany: (body) =>
        Promise.resolve({
          results: body.payout_ids.map((id) => ({
            payout_id: id,
            outcome: 'done' as const,
            status:
              body.action === 'confirm_mark_failed' ? ('failed' as const) : ('unknown' as const),
          })),
        }),
    });
    const { user } = renderApp({ api, path: '/approvals' });
    const panel = await screen.findByRole(
      'region',
      { name: 'Unknown outcome, waiting for a person' },
      SLOW,
    );
    expect(within(panel).getByText('You proposed marking it failed')).toBeInTheDocument();
    for (const order of ['PO-u1', 'PO-u2', 'PO-u3']) {
      await user.click(within(panel).getByRole('checkbox', { name: `Select ${order}` }));
    }
    // u1 has no proposal; u2 was proposed by someone else; u3 by me (the admin): not mine to confirm.
    expect(within(panel).getByRole('button', { name: 'Propose: mark failed (1)' })).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Confirm: mark failed (1)' }));
    expect(calls.resolveMany).toEqual([{ action: 'confirm_mark_failed', payout_ids: ['u2'] }]);
    expect(await within(panel).findByText('PO-u2: marked failed')).toBeInTheDocument();
    // The list asked is the payouts handed to a person.
    expect(calls.list).toContainEqual(
      expect.objectContaining({ status: 'unknown', needs_attention: '1' }),
    );
  });

  it('is not there when nothing waits for a person', async () => {
    const { api } = createFakeApi({ user: ADMIN_USER });
    renderApp({ api, path: '/approvals' });
    await screen.findByRole('heading', { name: 'Approvals' }, SLOW);
    expect(
      screen.queryByRole('region', { name: 'Unknown outcome, waiting for a person' }),
    ).toBeNull();
  });
});
