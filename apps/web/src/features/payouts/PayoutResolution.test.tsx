import type { PayoutDetail, PayoutDto } from '@payouts/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { ADMIN_USER, createFakeApi, FINANCE_USER, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { nextOrderId } from './PayoutResolution.js';

const unknown = buildPayout({
  id: 'pay_unknown',
  order_id: 'PO-UNKNOWN-1',
  status: 'unknown',
  orchestrator_status: null,
  orchestrator_id: null,
  needs_attention: true,
  attention_reason: 'unresolved',
});
const proposal = {
  reason: 'Not in the PSP portal',
  requested_by: { id: FINANCE_USER.id, email: FINANCE_USER.email, name: FINANCE_USER.name },
  requested_at: '2026-11-20T10:30:00.000Z',
  confirmed_by: null,
};
const detailOf = (payout: PayoutDto): PayoutDetail => ({ payout, events: [] });

describe('settling an unknown payout by hand', () => {
  it('offers "found" and "mark failed"; sends what the person typed', async () => {
    let current: PayoutDto = unknown;
    const { api, calls } = createFakeApi({
      get: () => Promise.resolve(detailOf(current)),
      resolve: () => Promise.resolve((current = { ...unknown, mark_failed: proposal })),
    });
    const { user } = renderApp({ api, path: '/payouts/pay_unknown' });
    await user.click(await screen.findByRole('button', { name: 'Not sent: mark failed…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not sent: mark it failed?' });
    // A reason is required before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(within(dialog).getByText('Enter reason.')).toBeInTheDocument();
    expect(calls.resolve).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), '  Not in the PSP portal ');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(calls.resolve).toEqual([
      {
        id: 'pay_unknown',
        action: { action: 'propose_mark_failed', reason: 'Not in the PSP portal' },
      },
    ]);
    expect(
      await screen.findByText(/proposed marking it failed/, { exact: false }),
    ).toBeInTheDocument();
    // The proposer cannot confirm their own proposal: only withdraw it.
    expect(screen.queryByRole('button', { name: 'Confirm: mark failed' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw…' })).toBeInTheDocument();
  });

  it('lets a second person confirm, and says who proposed it and why', async () => {
    let current: PayoutDto = { ...unknown, mark_failed: proposal };
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      get: () => Promise.resolve(detailOf(current)),
      resolve: () =>
        Promise.resolve(
          (current = {
            ...unknown,
            status: 'failed',
            mark_failed: {
              ...proposal,
              confirmed_by: { id: ADMIN_USER.id, email: ADMIN_USER.email, name: ADMIN_USER.name },
            },
          }),
        ),
    });
    const { user } = renderApp({ api, path: '/payouts/pay_unknown' });
    expect(await screen.findByText(/Not in the PSP portal/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm: mark failed' }));
    expect(calls.resolve).toEqual([
      { id: 'pay_unknown', action: { action: 'confirm_mark_failed' } },
    ]);
    expect(
      await screen.findByRole('button', { name: 'Send again as a new payout…' }),
    ).toBeInTheDocument();
  });

  it('shows support nothing to do, and links the orchestrator id a person found', async () => {
    const { api } = createFakeApi({
      user: SUPPORT_USER,
      get: () => Promise.resolve(detailOf(unknown)),
    });
    renderApp({ api, path: '/payouts/pay_unknown' });
    await screen.findByText(/Needs a person/);
    expect(screen.queryByRole('button', { name: 'Found at the PSP…' })).not.toBeInTheDocument();
  });

  it('proposes the next order id when sending again', () => {
    expect(nextOrderId('PO-1')).toBe('PO-1-R2');
    expect(nextOrderId('PO-1-R2')).toBe('PO-1-R3');
    expect(nextOrderId('x'.repeat(64))).toHaveLength(64);
  });
});
