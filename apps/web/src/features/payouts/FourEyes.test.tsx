import type { PayoutDetail, PayoutDto } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MuiRoot } from '../../app/theme/MuiRoot.js';
import { ResultStep } from '../payoutWizard/ResultStep.js';
import { axeViolations } from '../../testing/axeViolations.js';
import { buildPayout } from '../../testing/buildPayout.js';
import {
  ADMIN_USER,
  apiError,
  createFakeApi,
  FINANCE_USER,
  SUPPORT_USER,
} from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { reasonProblem } from './PayoutReasonDialog.js';

const CREATOR = { id: 'u_9', email: 'other@example.com', name: 'Otto Other' };

function awaiting(overrides: Partial<PayoutDto> = {}): PayoutDto {
  return buildPayout({
    id: 'pay_big',
    order_id: 'PO-BIG-1',
    amount: '25000.00',
    status: 'awaiting_approval',
    orchestrator_status: null,
    orchestrator_id: null,
    psp_transaction_id: null,
    requires_approval: true,
    approval_threshold: '1000',
    created_by: CREATOR,
    ...overrides,
  });
}

function detailOf(payout: PayoutDto): PayoutDetail {
  return {
    payout,
    events: [
      {
        id: 'e1',
        type: 'created',
        at: '2026-11-20T10:00:00.000Z',
        actor: payout.created_by.email,
        data: {},
      },
      {
        id: 'e2',
        type: 'approval_requested',
        at: '2026-11-20T10:00:00.001Z',
        actor: 'system',
        data: { threshold: '1000' },
      },
    ],
  };
}

// axe and MUI's dialogs take seconds on a shared 2-core machine (up to ~25 s once, in jsdom).
const SLOW = { timeout: 60_000 };

describe('four eyes on the detail page', () => {
  it(
    'offers Approve and Reject to a second finance user, and approving shows the new status',
    SLOW,
    async () => {
      let current = awaiting();
      const { api, calls } = createFakeApi({
        get: () => Promise.resolve(detailOf(current)),
        approve: (id) => {
          current = awaiting({
            id,
            status: 'pending',
            approved_by: {
              id: FINANCE_USER.id,
              email: FINANCE_USER.email,
              name: FINANCE_USER.name,
            },
            approved_at: '2026-11-20T10:10:00.000Z',
          });
          return Promise.resolve(current);
        },
      });
      const { user } = renderApp({ api, path: '/payouts/pay_big' });
      await screen.findByText('Needs approval by a second person above €1,000.00');
      // The timeline and the approval controls are lazy chunks: on a cold worker they can come
      // after the summary.
      await screen.findByText('Approval by a second person requested');
      const approve = await screen.findByRole('button', { name: 'Approve' });
      expect(screen.queryByRole('button', { name: 'Cancel payout' })).not.toBeInTheDocument();
      // Nothing was sent, so there is no status to check at the orchestrator.
      expect(screen.queryByRole('button', { name: 'Check status' })).not.toBeInTheDocument();
      expect(await axeViolations()).toEqual([]);

      await user.click(approve);
      await screen.findByText(/^Approved by Fiona Finance/);
      expect(calls.approve).toEqual(['pay_big']);
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    },
  );

  it('rejects only with a reason of 1 to 500 characters, trimmed', SLOW, async () => {
    let current = awaiting();
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      get: () => Promise.resolve(detailOf(current)),
      reject: (id, reason) => {
        current = awaiting({
          id,
          status: 'rejected',
          rejected_by: { id: ADMIN_USER.id, email: ADMIN_USER.email, name: ADMIN_USER.name },
          rejected_at: '2026-11-20T10:10:00.000Z',
          rejection_reason: reason,
        });
        return Promise.resolve(current);
      },
    });
    const { user } = renderApp({ api, path: '/payouts/pay_big' });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
    expect(await axeViolations()).toEqual([]);

    const send = within(dialog).getByRole('button', { name: 'Reject payout' });
    await user.click(send);
    expect(within(dialog).getByText('Say why the payout is rejected.')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    await user.click(reason);
    await user.paste('   ');
    await user.click(send);
    expect(within(dialog).getByText('Say why the payout is rejected.')).toBeInTheDocument();
    expect(calls.reject).toEqual([]);

    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('At most 500 characters (now 501).')).toBeInTheDocument();
    await user.click(send);
    expect(calls.reject).toEqual([]);

    await user.clear(reason);
    await user.paste('  Beneficiary not on the approved list  ');
    await user.click(send);
    await waitFor(() =>
      expect(calls.reject).toEqual([
        { id: 'pay_big', reason: 'Beneficiary not on the approved list' },
      ]),
    );
    const outcome = await screen.findByText(/^Rejected by Ada Admin/);
    expect(outcome.closest('[role="alert"]')).toHaveTextContent(
      'Reason: Beneficiary not on the approved list',
    );
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('shows the BFF’s field problem in the dialog when it refuses the reason', SLOW, async () => {
    const { api } = createFakeApi({
      get: () => Promise.resolve(detailOf(awaiting())),
      reject: () =>
        Promise.reject(
          apiError('validation_failed', 'The request is not valid.', {
            errors: [{ pointer: '/reason', message: 'The reason must not be blank.' }],
          }),
        ),
    });
    const { user } = renderApp({ api, path: '/payouts/pay_big' });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await within(dialog).findByText('The reason must not be blank.')).toBeInTheDocument();
  });

  it(
    'tells the creator why they cannot approve, and lets them cancel with an optional reason',
    SLOW,
    async () => {
      let current = awaiting({
        created_by: { id: FINANCE_USER.id, email: FINANCE_USER.email, name: FINANCE_USER.name },
      });
      const { api, calls } = createFakeApi({
        get: () => Promise.resolve(detailOf(current)),
        cancel: (id, reason) => {
          current = {
            ...current,
            status: 'rejected',
            cancelled: true,
            rejected_by: current.created_by,
            rejected_at: '2026-11-20T10:10:00.000Z',
            rejection_reason: reason ?? null,
          };
          return Promise.resolve(current);
        },
      });
      const { user } = renderApp({ api, path: '/payouts/pay_big' });
      await screen.findByText('Waiting for a second person: you cannot approve your own payout.');
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
      expect(await axeViolations()).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Cancel payout' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel this payout?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
      await waitFor(() => expect(calls.cancel).toEqual([{ id: 'pay_big', reason: undefined }]));
      expect(await screen.findByText(/^Cancelled by Fiona Finance/)).toBeInTheDocument();
      expect(screen.getByText('No reason given. Nothing was sent to the orchestrator.'));
    },
  );

  it('shows support neither control, only what the payout waits for', SLOW, async () => {
    const { api } = createFakeApi({
      user: SUPPORT_USER,
      get: () => Promise.resolve(detailOf(awaiting())),
    });
    renderApp({ api, path: '/payouts/pay_big' });
    await screen.findByText(/^Waiting for a finance user or an admin/);
    for (const name of ['Approve', 'Reject', 'Cancel payout']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it(
    'shows the refusal and reads the payout again when someone was faster (409)',
    SLOW,
    async () => {
      let reads = 0;
      const approvedElsewhere = awaiting({
        status: 'pending',
        approved_by: CREATOR,
        approved_at: '2026-11-20T10:09:00.000Z',
      });
      const { api, calls } = createFakeApi({
        get: () => {
          reads += 1;
          return Promise.resolve(detailOf(reads === 1 ? awaiting() : approvedElsewhere));
        },
        approve: () =>
          Promise.reject(
            apiError('conflict', 'This payout is no longer awaiting approval.', { status: 409 }),
          ),
      });
      const { user } = renderApp({ api, path: '/payouts/pay_big' });
      await user.click(await screen.findByRole('button', { name: 'Approve' }));
      const problem = await screen.findByText('The payout could not be approved');
      expect(problem.closest('[role="alert"]')).toHaveTextContent(
        'This payout is no longer awaiting approval.',
      );
      await screen.findByText(/^Approved by Otto Other/);
      expect(calls.get.length).toBeGreaterThan(1);
    },
  );

  it(
    'shows the BFF’s words when the creator’s approval is refused (403 self_approval)',
    SLOW,
    async () => {
      const { api: mine } = createFakeApi({
        get: () => Promise.resolve(detailOf(awaiting())),
        approve: () =>
          Promise.reject(
            apiError('self_approval', 'A second person must approve this payout', { status: 403 }),
          ),
      });
      const { user } = renderApp({ api: mine, path: '/payouts/pay_big' });
      await user.click(await screen.findByRole('button', { name: 'Approve' }));
      expect(await screen.findByText(/^A second person must approve this payout/)).toBeVisible();
    },
  );

  it('names the new timeline events in words', SLOW, async () => {
    const payout = awaiting({ status: 'pending', approved_by: CREATOR });
    const { api } = createFakeApi({
      get: () =>
        Promise.resolve({
          payout,
          events: ['approved', 'rejected', 'cancelled', 'lookup', 'resubmitted'].map((type, i) => ({
            id: `e${i}`,
            type,
            at: `2026-11-20T10:0${i}:00.000Z`,
            actor: 'system',
            data: {},
          })),
        }),
    });
    renderApp({ api, path: '/payouts/pay_big' });
    await screen.findByText('Approved by a second person');
    for (const label of [
      'Rejected',
      'Cancelled by its creator',
      'Looked up at the orchestrator',
      'Sent again with the same order ID',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });

  it('checks reasons as the BFF does', () => {
    expect(reasonProblem('', true)).not.toBeNull();
    expect(reasonProblem(' \n ', true)).not.toBeNull();
    expect(reasonProblem('', false)).toBeNull();
    expect(reasonProblem(`  ${'x'.repeat(500)}  `, true)).toBeNull();
    expect(reasonProblem('x'.repeat(501), false)).not.toBeNull();
  });
});

describe('four eyes in the list and the menu', () => {
  it(
    'filters on "Needs my approval" and "Needs attention" through the URL, and marks the rows',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({
        list: () =>
          Promise.resolve({
            items: [
              awaiting({ id: 'p1', order_id: 'PO-OTHER' }),
              awaiting({
                id: 'p2',
                order_id: 'PO-MINE',
                created_by: { id: FINANCE_USER.id, email: FINANCE_USER.email, name: 'Fiona' },
              }),
              buildPayout({
                id: 'p3',
                order_id: 'PO-OLD',
                status: 'unknown',
                needs_attention: true,
              }),
            ],
            next_cursor: null,
          }),
      });
      const { user, router } = renderApp({ api, path: '/payouts' });
      const table = await screen.findByRole('table', { name: 'Payouts' });
      await within(table).findByText('PO-OTHER');
      const rowOf = (orderId: string) => within(table).getByText(orderId).closest('tr')!;
      expect(within(rowOf('PO-OTHER')).getByText('Needs your approval')).toBeInTheDocument();
      expect(within(rowOf('PO-MINE')).queryByText('Needs your approval')).not.toBeInTheDocument();
      expect(within(rowOf('PO-OLD')).getByRole('img', { name: /^Needs attention/ })).toBeVisible();
      expect(await axeViolations()).toEqual([]);

      // The four-eyes filters are in the filter drawer.
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      await screen.findByRole('heading', { name: 'Filters' });
      await user.click(screen.getByRole('button', { name: 'Needs my approval' }));
      await waitFor(() => expect(router.state.location.search).toBe('?needs_my_approval=1'));
      await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ needs_my_approval: '1' }));
      expect(screen.getByRole('button', { name: 'Needs my approval' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await user.click(screen.getByRole('button', { name: 'Needs attention' }));
      await waitFor(() =>
        expect(calls.list.at(-1)).toMatchObject({ needs_my_approval: '1', needs_attention: '1' }),
      );
    },
  );

  it('does not offer "Needs my approval" to support', SLOW, async () => {
    const { api, calls } = createFakeApi({ user: SUPPORT_USER });
    const { user } = renderApp({ api, path: '/payouts' });
    await screen.findByText('No payouts yet.');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('heading', { name: 'Filters' });
    expect(screen.queryByRole('button', { name: 'Needs my approval' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Needs attention' })).toBeInTheDocument();
    expect(calls.summary).toBe(0);
  });

  it(
    'counts the payouts awaiting my approval on the menu button and the Approvals entry',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({
        summary: () =>
          Promise.resolve({
            awaiting_my_approval: 2,
            batches_awaiting_my_approval: 0,
            needs_attention: 0,
          }),
      });
      const { user } = renderApp({ api, path: '/payouts' });
      const menu = await screen.findByRole(
        'button',
        { name: 'Open menu (2 payouts await your approval)' },
        { timeout: 10_000 },
      );
      expect(calls.summary).toBeGreaterThan(0);
      await user.click(menu);
      const entry = await screen.findByRole('link', { name: /^Approvals/ });
      expect(entry).toHaveTextContent('Approvals2 awaiting your approval');
      expect(await axeViolations()).toEqual([]);
    },
  );
});

describe('the wizard’s result for a payout above the threshold', () => {
  it('says it needs a second person instead of waiting for a status', SLOW, async () => {
    const { api } = createFakeApi({ get: () => Promise.resolve(detailOf(awaiting())) });
    renderApp({
      api,
      path: '/result',
      routes: [
        {
          path: '/result',
          element: (
            <MuiRoot>
              <ResultStep payoutId="pay_big" onAnother={() => {}} />
            </MuiRoot>
          ),
        },
      ],
    });
    await screen.findByText(/^Needs approval by a second person above €1,000.00/);
    expect(screen.getByText(/Nothing is sent until a second person approves it/)).toBeVisible();
    expect(screen.queryByLabelText('Waiting for the final status')).not.toBeInTheDocument();
  });
});
