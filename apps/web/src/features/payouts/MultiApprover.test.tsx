import type { PayoutDto, SessionUser } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MuiRoot } from '../../app/theme/MuiRoot.js';
import { buildPayout } from '../../testing/buildPayout.js';
import { ADMIN_USER, createFakeApi, FINANCE_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { ResultStep } from '../payoutWizard/ResultStep.js';

const CREATOR: SessionUser = {
  id: 'u_9',
  email: 'other@example.com',
  name: 'Otto Other',
  role: 'finance',
};

/** A payout of 60,000 EUR under a two-approver rule, created by Otto, nobody has approved yet. */
function twoApprover(overrides: Partial<PayoutDto> = {}): PayoutDto {
  return buildPayout({
    id: 'pay_two',
    order_id: 'PO-TWO-1',
    amount: '60000.00',
    status: 'awaiting_approval',
    orchestrator_status: null,
    orchestrator_id: null,
    psp_transaction_id: null,
    requires_approval: true,
    approval_threshold: '50000',
    approval_rule: {
      id: 'rule_eur_50k',
      name: 'EUR above 50000',
      approvals_required: 2,
      roles: ['finance', 'admin'],
    },
    approvals: [],
    created_by: { id: CREATOR.id, email: CREATOR.email, name: CREATOR.name },
    ...overrides,
  });
}

// MUI in jsdom is slow on a shared 2-core machine.
const SLOW = { timeout: 60_000 };

const person = (u: SessionUser) => ({ id: u.id, email: u.email, name: u.name });
/** Fiona approved first: it still waits for one more. */
const AFTER_FIRST = twoApprover({
  approvals: [{ by: person(FINANCE_USER), at: '2026-11-20T10:11:00.000Z', step: 1 }],
});
/** Ada approved second: it was sent. */
const AFTER_SECOND = twoApprover({
  status: 'pending',
  approvals: [
    ...AFTER_FIRST.approvals,
    { by: person(ADMIN_USER), at: '2026-11-20T10:12:00.000Z', step: 2 },
  ],
  approved_by: person(ADMIN_USER),
  approved_at: '2026-11-20T10:12:00.000Z',
});

describe('a payout under a two-approver rule', () => {
  it(
    'shows one approval from each of two different people, then that it was sent',
    SLOW,
    async () => {
      const first = createFakeApi({
        user: FINANCE_USER,
        payouts: [twoApprover()],
        approve: () => Promise.resolve(AFTER_FIRST),
      });
      const view = renderApp({ api: first.api, path: '/payouts/pay_two' });
      const { user } = view;
      await screen.findAllByText('Rule: EUR above 50000 · 0 of 2 approvals');
      expect(
        await screen.findByText(/Approve to add yours \(2 approvals still needed\)/),
      ).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText('Approved by you: 1 more approval needed.')).toBeVisible();
      expect(
        screen.getByText('You approved this payout; it waits for 1 more approval.'),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
      expect(
        screen.getAllByText(/^Rule: EUR above 50000 · 1 of 2 approvals: Fiona Finance /),
      ).not.toHaveLength(0);
      // Not "Approved by …, then sent": it still waits.
      expect(screen.queryByText(/then sent to the orchestrator/)).not.toBeInTheDocument();
      expect(first.calls.approve).toEqual(['pay_two']);

      view.unmount();

      // A second, different person completes it.
      const second = createFakeApi({
        user: ADMIN_USER,
        payouts: [AFTER_FIRST],
        approve: () => Promise.resolve(AFTER_SECOND),
      });
      const { user: admin } = renderApp({ api: second.api, path: '/payouts/pay_two' });
      await screen.findAllByText(/^Rule: EUR above 50000 · 1 of 2 approvals: Fiona Finance /);
      expect(
        screen.getByText(
          'Nothing has been sent yet. Approve to send it to the orchestrator, or reject it with a reason.',
        ),
      ).toBeInTheDocument();
      await admin.click(screen.getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText(/^Approved by Fiona Finance and Ada Admin/)).toHaveTextContent(
        /then sent to the orchestrator\.$/,
      );
      expect(screen.queryByText(/^Approved by you/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      expect(second.calls.approve).toEqual(['pay_two']);
    },
  );

  it('offers its creator no Approve, only Cancel', SLOW, async () => {
    const { api } = createFakeApi({ user: CREATOR, payouts: [twoApprover()] });
    renderApp({ api, path: '/payouts/pay_two' });
    await screen.findByText('Waiting for 2 more approvals: you cannot approve your own payout.');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel payout' })).toBeInTheDocument();
  });

  it('keeps the four-eyes words for its creator under a one-approver rule', SLOW, async () => {
    const oneApprover = twoApprover({
      approval_rule: {
        id: 'r1',
        name: 'EUR above 1000',
        approvals_required: 1,
        roles: ['finance'],
      },
    });
    const { api } = createFakeApi({ user: CREATOR, payouts: [oneApprover] });
    renderApp({ api, path: '/payouts/pay_two' });
    await screen.findByText('Waiting for a second person: you cannot approve your own payout.');
    expect(screen.getAllByText('Rule: EUR above 1000 · 0 of 1 approval')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it(
    'offers no Approve or Reject when the rule does not name the viewer’s role',
    SLOW,
    async () => {
      const adminsOnly = twoApprover({
        approval_rule: {
          id: 'rule_admins',
          name: 'Crypto above 1000',
          approvals_required: 1,
          roles: ['admin'],
        },
      });
      const { api } = createFakeApi({ user: FINANCE_USER, payouts: [adminsOnly] });
      renderApp({ api, path: '/payouts/pay_two' });
      await screen.findByText('Waiting for an admin other than its creator to approve it.');
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    },
  );

  it(
    'marks it in the list with the approvals still missing besides the viewer’s',
    SLOW,
    async () => {
      const { api } = createFakeApi({
        list: () =>
          Promise.resolve({
            items: [
              twoApprover(),
              twoApprover({
                id: 'pay_mine_done',
                order_id: 'PO-APPROVED-BY-ME',
                approvals: [
                  {
                    by: { id: FINANCE_USER.id, email: FINANCE_USER.email, name: FINANCE_USER.name },
                    at: '2026-11-20T10:02:00.000Z',
                    step: 1,
                  },
                ],
              }),
            ],
            next_cursor: null,
          }),
      });
      renderApp({ api, path: '/payouts' });
      const table = await screen.findByRole('table', { name: 'Payouts' });
      await within(table).findByText('PO-TWO-1');
      const rowOf = (orderId: string) => within(table).getByText(orderId).closest('tr')!;
      expect(within(rowOf('PO-TWO-1')).getByText('Needs your approval and 1 more')).toBeVisible();
      expect(
        within(rowOf('PO-APPROVED-BY-ME')).queryByText(/^Needs your approval/),
      ).not.toBeInTheDocument();
    },
  );

  it('says in the wizard’s result how many approvals it needs', SLOW, async () => {
    const { api } = createFakeApi({ payouts: [twoApprover()] });
    renderApp({
      api,
      path: '/result',
      routes: [
        {
          path: '/result',
          element: (
            <MuiRoot>
              <ResultStep payoutId="pay_two" onAnother={() => {}} />
            </MuiRoot>
          ),
        },
      ],
    });
    await screen.findByText(/Needs 2 approvals: nothing is sent until 2 people other than you/);
    expect(screen.getByText(/^Needs 2 more approvals \(rule: EUR above 50000\)/)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByLabelText('Waiting for the final status')).not.toBeInTheDocument(),
    );
  });
});
