import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildApprovalPolicies,
  buildPolicyProposal,
  OTHER_ADMIN,
  SAMPLE_POLICY,
} from '../../testing/buildApprovalPolicies.js';
import {
  ACME_OPTIONS,
  ADMIN_USER,
  apiError,
  createFakeApi,
  FINANCE_USER,
} from '../../testing/fakeApi.js';
import { fill } from '../../testing/fill.js';
import { renderApp } from '../../testing/renderApp.js';

const PATH = '/approval-policies';
// The editor renders every rule's fields; jsdom is slow at that on a busy machine.
const SLOW = { timeout: 120_000 };
const ME = { id: ADMIN_USER.id, email: ADMIN_USER.email, name: ADMIN_USER.name };

function rowTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td, th'), (c) => c.textContent ?? ''));
}

describe('ApprovalPoliciesPage', () => {
  it('shows finance the active policy in words, the pending proposal, and nothing to change', async () => {
    const { api } = createFakeApi({
      user: FINANCE_USER,
      approvalPolicies: buildApprovalPolicies({ pending: buildPolicyProposal() }),
    });
    renderApp({ api, path: PATH });
    const table = await screen.findByRole('table', { name: 'Active policy rules' });
    expect(rowTexts(table)).toEqual([
      ['1', 'BTC above 0.5', 'BTC, above 0.5 BTC', '1 approver: finance or admin'],
      ['2', 'ETH above 5', 'ETH, above 5 ETH', '1 approver: finance or admin'],
      ['3', 'USDT above 10000', 'USDT, above 10000 USDT', '1 approver: finance or admin'],
      ['4', 'Above 100,000', 'above 100000 (any currency)', '2 approvers: finance or admin'],
      ['5', 'Above 10,000', 'above 10000 (any currency)', '1 approver: finance or admin'],
      ['6', 'Everything else', 'Every other payout (the default)', 'No approval'],
    ]);
    expect(screen.getByText(/^Version 1, in force since .*from configuration/)).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending proposal' });
    expect(within(pending).getByText(/Proposed by Alan Admin/)).toBeInTheDocument();
    expect(
      within(pending).getByText('Note: Fewer approvals for mid-sized payouts.'),
    ).toBeInTheDocument();
    expect(
      within(pending).getByText('Rule "Above 20,000": amount above changed from 10000 to 20000.'),
    ).toBeInTheDocument();
    expect(within(pending).getByText(/An admin other than the proposer/)).toBeInTheDocument();
    // Raising the threshold lets mid-sized payouts through with no approval: it will wait.
    expect(
      within(pending).getByText(
        /^It lets some payouts through with less approval \(a card payout of 10000\.000000000000000001 .* would need/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose a change' })).not.toBeInTheDocument();
    expect(screen.getByText(/History \(0 decided proposals\)/)).toBeInTheDocument();
  });

  it(
    'lets an admin propose a change: checked live, the changes in words, then submitted',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({ user: ADMIN_USER });
      const { user } = renderApp({ api, path: PATH });
      await user.click(await screen.findByRole('button', { name: 'Propose a change' }));

      const rule5 = screen.getByRole('group', { name: 'Rule 5' });
      const above = within(rule5).getByLabelText('Amount above');
      await user.clear(above);
      await fill(user, above, '20000');
      const changes = screen.getByRole('region', { name: 'Changes' });
      expect(
        within(changes).getByText('Rule "Above 10,000": amount above changed from 10000 to 20000.'),
      ).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Add rule' }));
      const rule6 = screen.getByRole('group', { name: 'Rule 6' });
      const rule7 = screen.getByRole('group', { name: 'Rule 7' });
      expect(within(rule6).getByText('Name the rule.')).toBeInTheDocument();
      expect(
        within(rule7).getByText(
          'This rule can never apply: rule 6 before it matches every payout.',
        ),
      ).toBeInTheDocument();
      expect(
        within(rule7).queryByRole('button', { name: 'Remove rule 7' }),
      ).not.toBeInTheDocument();

      await fill(user, within(rule6).getByLabelText(/^Rule name/), 'Wallets');
      await fill(user, within(rule6).getByLabelText('Amount above'), '500');
      expect(within(rule6).getByText(/Say which currency this amount is in/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit proposal' }));
      expect(await screen.findByText('Fix the problem marked above first.')).toBeInTheDocument();
      expect(calls.proposePolicy).toEqual([]);

      await user.clear(within(rule6).getByLabelText('Amount above'));
      const types = within(rule6).getByLabelText('Payout types');
      expect(types).toHaveAttribute('multiple');
      await user.selectOptions(types, ['crypto']);
      await user.selectOptions(within(rule6).getByLabelText('Approvers'), '2');
      await user.click(within(rule6).getByLabelText('Finance may approve'));
      expect(within(rule7).queryByText(/can never apply/)).not.toBeInTheDocument();
      expect(
        within(changes).getByText(
          'Rule "Wallets" added as rule 6: type Crypto wallet: 2 approvers (Admin).',
        ),
      ).toBeInTheDocument();
      await fill(user, screen.getByRole('textbox', { name: 'Note' }), 'Two admins.');
      await user.click(screen.getByRole('button', { name: 'Submit proposal' }));

      await waitFor(() => expect(calls.proposePolicy).toHaveLength(1));
      const body = calls.proposePolicy[0]!;
      expect(body.note).toBe('Two admins.');
      expect(body.policy.rules.map((r) => r.id)).toEqual([
        'crypto-btc',
        'crypto-eth',
        'crypto-usdt',
        'above-100000',
        'above-10000',
        'wallets',
        'default',
      ]);
      expect(body.policy.rules[4]?.conditions).toEqual({ currency: '*', amount_above: '20000' });
      expect(body.policy.rules[5]).toEqual({
        id: 'wallets',
        name: 'Wallets',
        conditions: { payout_method_types: ['crypto'] },
        approvals: { count: 2, roles: ['admin'] },
      });

      const pending = await screen.findByRole('region', { name: 'Pending proposal' });
      expect(
        within(pending).getByText(
          'You proposed it: it waits for another admin to approve or reject it.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Propose a change' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Propose a change' })).toHaveAccessibleDescription(
        /already waiting for a decision/,
      );
    },
  );

  it(
    'moves and removes rules, and shows the server’s 422 at the field it points to',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({
        user: ADMIN_USER,
        proposePolicy: () =>
          Promise.reject(
            apiError('validation_failed', 'The policy has errors.', {
              errors: [{ pointer: '/policy/rules/0/name', message: 'The BFF refuses this name.' }],
            }),
          ),
      });
      const { user } = renderApp({ api, path: PATH });
      await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
      await user.click(screen.getByRole('button', { name: 'Move rule 4 down' }));
      expect(
        within(screen.getByRole('group', { name: 'Rule 4' })).getByLabelText(/^Rule name/),
      ).toHaveValue('Above 10,000');
      // Now the two-approver rule comes after the one it covers: it can never apply.
      expect(
        within(screen.getByRole('group', { name: 'Rule 5' })).getByText(
          /This rule can never apply: rule 4 \("Above 10,000"\)/,
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove rule 5' }));
      expect(screen.getAllByRole('group', { name: /^Rule \d$/ })).toHaveLength(5);
      const changes = screen.getByRole('region', { name: 'Changes' });
      expect(within(changes).getByText(/^Rule "Above 100,000" removed/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Submit proposal' }));
      await waitFor(() => expect(calls.proposePolicy).toHaveLength(1));
      const name = within(screen.getByRole('group', { name: 'Rule 1' })).getByLabelText(
        /^Rule name/,
      );
      expect(await screen.findByText('The BFF refuses this name.')).toBeInTheDocument();
      expect(name).toHaveAccessibleDescription('The BFF refuses this name.');
      expect(name).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it(
    'keeps the draft and shows the refusal when another proposal came first (409)',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({
        user: ADMIN_USER,
        proposePolicy: () =>
          Promise.reject(
            apiError('conflict', 'Another proposal is waiting for a decision.', { status: 409 }),
          ),
      });
      const { user } = renderApp({ api, path: PATH });
      await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
      const rule6 = screen.getByRole('group', { name: 'Rule 6' });
      await user.selectOptions(within(rule6).getByLabelText('Approvers'), '1');
      expect(
        within(rule6).getByText('Choose who may approve: finance, admin or both.'),
      ).toBeInTheDocument();
      await user.click(within(rule6).getByLabelText('Finance may approve'));
      await user.click(screen.getByRole('button', { name: 'Submit proposal' }));
      expect(
        await screen.findByText(/^Another proposal is waiting for a decision\./),
      ).toBeInTheDocument();
      expect(calls.proposePolicy[0]?.policy.rules[5]?.approvals).toEqual({
        count: 1,
        roles: ['finance'],
      });
      expect(screen.getByRole('group', { name: 'Rule 6' })).toBeInTheDocument();
    },
  );

  it('lets another admin approve the pending change, which becomes the active policy', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalPolicies: buildApprovalPolicies({ pending: buildPolicyProposal() }),
    });
    const { user } = renderApp({ api, path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Approve change' }));
    await waitFor(() => expect(calls.approvePolicyProposal).toEqual(['pp_1']));
    expect(
      await screen.findByText(
        /^Version 2, in force since .*proposed by Alan Admin, approved by Ada Admin\.$/,
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Active policy rules' });
    expect(within(table).getByText('Above 20,000')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending proposal' })).not.toBeInTheDocument();
    expect(screen.getByText(/History \(1 decided proposal\)/)).toBeInTheDocument();
    expect(screen.getByText('Approved by Ada Admin on', { exact: false })).toBeInTheDocument();
  });

  it('shows a scheduled change that weakens the policy, and lets any admin cancel it', async () => {
    const scheduled = buildPolicyProposal({
      id: 'pp_scheduled',
      status: 'scheduled',
      decided_by: ME,
      decided_at: '2026-11-24T10:00:00.000Z',
      effective_at: '2026-11-25T10:00:00.000Z',
      weakening: 'a card payout of 15000 EUR would need no approval instead of 1 approver',
    });
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalPolicies: buildApprovalPolicies({ scheduled }),
      rejectPolicyProposal: (id, reason) =>
        Promise.resolve({
          ...scheduled,
          id,
          status: 'rejected',
          reason,
          cancelled_by: ME,
          cancelled_at: '2026-11-24T11:00:00.000Z',
        }),
    });
    const { user } = renderApp({ api, path: PATH });
    const region = await screen.findByRole('region', { name: /^Takes effect / });
    expect(
      within(region).getByText(/a card payout of 15000 EUR would need no approval/),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Cancel this change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this change?' });
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Not during the audit');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() =>
      expect(calls.rejectPolicyProposal).toEqual([
        { id: 'pp_scheduled', reason: 'Not during the audit' },
      ]),
    );
  });

  it('lets another admin reject the pending change, only with a reason', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalPolicies: buildApprovalPolicies({ pending: buildPolicyProposal() }),
    });
    const { user } = renderApp({ api, path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Reject change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Too lax for mid-sized payouts');
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    await waitFor(() =>
      expect(calls.rejectPolicyProposal).toEqual([
        { id: 'pp_1', reason: 'Too lax for mid-sized payouts' },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Pending proposal' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/reason: Too lax for mid-sized payouts/)).toBeInTheDocument();
    expect(screen.getByText(/^Version 1,/)).toBeInTheDocument();
  });

  it('shows the proposer Withdraw instead of approve, and the server’s refusal if they try', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      approvalPolicies: buildApprovalPolicies({
        pending: buildPolicyProposal({ proposed_by: ME }),
      }),
    });
    const { user } = renderApp({ api, path: PATH });
    const pending = await screen.findByRole('region', { name: 'Pending proposal' });
    expect(
      within(pending).queryByRole('button', { name: 'Approve change' }),
    ).not.toBeInTheDocument();
    expect(within(pending).getByText(/waits for another admin/)).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your proposal?' });
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Wrong threshold');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(calls.rejectPolicyProposal).toEqual([{ id: 'pp_1', reason: 'Wrong threshold' }]),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Propose a change' })).toBeEnabled(),
    );
    expect(OTHER_ADMIN.id).not.toBe(ME.id);
  });

  it('tries a payout against the active policy and says why earlier rules did not apply', async () => {
    const { api, calls } = createFakeApi({
      user: FINANCE_USER,
      filterOptions: () => Promise.resolve(ACME_OPTIONS),
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'NL', currency: 'EUR' },
      ],
    });
    const { user } = renderApp({ api, path: PATH });
    const form = await screen.findByRole('form', { name: 'Try a payout' });
    await fill(user, within(form).getByLabelText(/^Amount/), '12500');
    // PSP and country are picked from what exists: the configured PSPs, the corridors' countries.
    const psp = within(form).getByLabelText(/^PSP/);
    await within(form).findByRole('option', { name: 'Acme Pay (acme)' });
    expect(
      within(psp)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pick a PSP', 'Acme Pay (acme)']);
    expect(
      within(within(form).getByLabelText(/^Country/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Belgium (BE)', 'Netherlands (NL)']);
    await user.selectOptions(psp, 'acme');
    await user.click(within(form).getByRole('button', { name: 'Try it' }));
    const result = within(form).getByRole('status');
    expect(
      await within(result).findByText(
        'Rule 5 "Above 10,000" applies: 1 approver (finance or admin).',
      ),
    ).toBeInTheDocument();
    expect(
      within(result).getByText(
        'Rule 1 "BTC above 0.5" did not apply: The currency is EUR, not BTC.',
      ),
    ).toBeInTheDocument();
    expect(
      within(result).getByText(
        'Rule 4 "Above 100,000" did not apply: The amount 12500 is not above 100000.',
      ),
    ).toBeInTheDocument();
    // Finance may not call the BFF's dry run (admins only): the same engine runs here.
    expect(calls.dryRunPolicy).toEqual([]);
    await user.selectOptions(within(form).getByLabelText(/^PSP/), '');
    await user.click(within(form).getByRole('button', { name: 'Try it' }));
    expect(await within(form).findByText('Pick the PSP.')).toBeInTheDocument();
  });

  it('tries a payout against the draft while editing', SLOW, async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      filterOptions: () => Promise.resolve(ACME_OPTIONS),
    });
    const { user } = renderApp({ api, path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
    const above = within(screen.getByRole('group', { name: 'Rule 5' })).getByLabelText(
      'Amount above',
    );
    await user.clear(above);
    await fill(user, above, '20000');
    const form = screen.getByRole('form', { name: 'Try a payout' });
    expect(within(form).getByLabelText('Policy to try')).toHaveValue('draft');
    await fill(user, within(form).getByLabelText(/^Amount/), '12500');
    await fill(user, within(form).getByLabelText(/^Days since/), '3');
    await within(form).findByRole('option', { name: 'Acme Pay (acme)' });
    await user.selectOptions(within(form).getByLabelText(/^PSP/), 'acme');
    await user.click(within(form).getByRole('button', { name: 'Try it' }));
    expect(
      await within(form).findByText('Rule 6 "Everything else" applies: no approval.'),
    ).toBeInTheDocument();
    expect(calls.dryRunPolicy[0]?.policy?.rules[4]?.conditions.amount_above).toBe('20000');
    expect(calls.dryRunPolicy[0]?.payout.beneficiary_changed_days_ago).toBe(3);

    await user.selectOptions(within(form).getByLabelText('Policy to try'), 'active');
    await user.click(within(form).getByRole('button', { name: 'Try it' }));
    expect(
      await within(form).findByText(
        'Rule 5 "Above 10,000" applies: 1 approver (finance or admin).',
      ),
    ).toBeInTheDocument();
    expect(calls.dryRunPolicy[1]?.policy).toBeUndefined();
    expect(SAMPLE_POLICY.rules[4]?.conditions.amount_above).toBe('10000');
  });

  it(
    'edits "part of a batch", says it in words, tries it with the checkbox and proposes it',
    SLOW,
    async () => {
      const { api, calls } = createFakeApi({
        user: ADMIN_USER,
        filterOptions: () => Promise.resolve(ACME_OPTIONS),
      });
      const { user } = renderApp({ api, path: PATH });
      await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
      const rule5 = screen.getByRole('group', { name: 'Rule 5' });
      const batch = within(rule5).getByLabelText('Part of a batch');
      expect(batch).toHaveValue('any');
      expect(
        within(batch)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any', 'Part of a batch', 'Not part of a batch']);
      await user.selectOptions(batch, 'yes');
      const changes = screen.getByRole('region', { name: 'Changes' });
      expect(
        within(changes).getByText('Rule "Above 10,000": now only for payouts part of a batch.'),
      ).toBeInTheDocument();

      const form = screen.getByRole('form', { name: 'Try a payout' });
      await fill(user, within(form).getByLabelText(/^Amount/), '12500');
      await within(form).findByRole('option', { name: 'Acme Pay (acme)' });
      await user.selectOptions(within(form).getByLabelText(/^PSP/), 'acme');
      await user.click(within(form).getByRole('button', { name: 'Try it' }));
      expect(
        await within(form).findByText('Rule 6 "Everything else" applies: no approval.'),
      ).toBeInTheDocument();
      expect(
        within(form).getByText(
          'Rule 5 "Above 10,000" did not apply: The payout is not part of a batch.',
        ),
      ).toBeInTheDocument();
      expect(calls.dryRunPolicy[0]?.payout.in_batch).toBe(false);

      await user.click(within(form).getByRole('checkbox', { name: 'Part of a batch' }));
      await user.click(within(form).getByRole('button', { name: 'Try it' }));
      expect(
        await within(form).findByText(
          'Rule 5 "Above 10,000" applies: 1 approver (finance or admin).',
        ),
      ).toBeInTheDocument();
      expect(calls.dryRunPolicy[1]?.payout.in_batch).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Submit proposal' }));
      await waitFor(() => expect(calls.proposePolicy).toHaveLength(1));
      expect(calls.proposePolicy[0]?.policy.rules[4]?.conditions).toEqual({
        currency: '*',
        amount_above: '10000',
        in_batch: true,
      });
    },
  );
});
