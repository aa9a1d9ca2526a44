/**
 * axe over every page, and over the dialogs they open (axeViolations audits the open modal), in
 * happy-dom. The browser journeys run axe with contrast.
 */
import { screen, within } from '@testing-library/react';
import { DEMO_APPROVAL_POLICY } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testing/axeViolations.js';
import { buildApprovalItem } from '../testing/buildApprovalItem.js';
import { buildApprovalPolicies, buildPolicyProposal } from '../testing/buildApprovalPolicies.js';
import { buildBatch, buildBatchRow } from '../testing/buildBatch.js';
import { buildBeneficiary, buildBeneficiaryChange } from '../testing/buildBeneficiary.js';
import { buildPayout } from '../testing/buildPayout.js';
import { buildStaffUser } from '../testing/buildStaffUser.js';
import { ACME_OPTIONS, ADMIN_USER, createFakeApi } from '../testing/fakeApi.js';
import { buildFactor } from '../testing/fakeSecurityApi.js';
import { buildStaffSession } from '../testing/fakeStaffSessionsApi.js';
import { renderApp } from '../testing/renderApp.js';

describe('accessibility (axe)', () => {
  it('finds nothing to fix on the payouts list', async () => {
    const { api } = createFakeApi({
      list: () =>
        Promise.resolve({
          items: [
            buildPayout({ status: 'pending', is_test: true }),
            buildPayout({ needs_attention: true }),
          ],
          next_cursor: 'c2',
        }),
    });
    renderApp({ api, path: '/payouts?status=pending' });
    await screen.findAllByText('€1,250.50');
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the first step of the wizard', async () => {
    const { api } = createFakeApi();
    renderApp({ api, path: '/payouts/new' });
    await screen.findByLabelText(/^Country/);
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the payout lab with a PSP section', async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      providers: {
        'BE/EUR': [
          {
            name: 'acme_pay',
            title: 'Acme Pay',
            payout_method_type: 'bank_account',
            fields: [{ name: 'iban', title: 'IBAN' }],
          },
        ],
      },
    });
    renderApp({ api, path: '/lab' });
    await screen.findByLabelText(/^IBAN/);
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the sign-in page', async () => {
    const { api } = createFakeApi({ user: null });
    renderApp({ api, path: '/sign-in' });
    await screen.findByLabelText(/^Password/);
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the security page, with a confirmation open', async () => {
    const { api } = createFakeApi({
      mySessions: [
        buildStaffSession({ id: 's_here', current: true, device: 'Firefox on macOS' }),
        buildStaffSession({ id: 's_phone', device: 'Safari on iOS', ip: null }),
      ],
    });
    const { user } = renderApp({ api, path: '/security' });
    await screen.findByRole('table', { name: 'Your sessions' });
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await screen.findByRole('dialog', { name: 'End all other sessions?' });
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix in the second factor section, recovery codes shown', async () => {
    const { api } = createFakeApi({
      factors: [buildFactor()],
      factorLocks: [{ method: 'recovery_code', locked_until: '2026-11-25T14:05:00.000Z' }],
    });
    const { user } = renderApp({ api, path: '/security' });
    await screen.findByRole('table', { name: 'Your second factors' });
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Generate new recovery codes' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate' }),
    );
    await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(await axeViolations()).toEqual([]);
  });

  it("finds nothing to fix on a user's sessions dialog", async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      users: [buildStaffUser()],
      userSessions: { u_9: [buildStaffSession()] },
    });
    const { user } = renderApp({ api, path: '/users' });
    await user.click(await screen.findByRole('button', { name: 'Sessions of Fiona Finance' }));
    await screen.findByRole('table', { name: 'Sessions of Fiona Finance' });
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the approvals inbox, with a row selected and results shown', async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      approvalInbox: [
        buildApprovalItem({ order_id: 'PO-A1' }),
        buildApprovalItem({ order_id: 'PO-A2' }),
        buildApprovalItem({
          order_id: 'PO-A3',
          actionable: false,
          not_actionable_reason: 'created_by_you',
          not_actionable_message: 'You created this payout: someone else must approve it.',
        }),
      ],
    });
    const { user } = renderApp({ api, path: '/approvals' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select PO-A1' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await screen.findByRole('dialog', { name: 'Approve 1 payout' });
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Approve 1 payout' }));
    await screen.findByRole('list', { name: 'Results' });
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the sign-in page with single sign-on and break-glass open', async () => {
    const { api } = createFakeApi({
      user: null,
      authOptions: { password: 'break_glass', oidc: { name: 'Acme Login' }, demo_mailbox: false },
    });
    const { user } = renderApp({ api, path: '/sign-in?error=no_role' });
    await user.click(await screen.findByRole('button', { name: 'Break-glass sign-in' }));
    await screen.findByLabelText(/^Password/);
    expect(await axeViolations()).toEqual([]);
  });

  it('finds nothing to fix on the verify step and the set-up page', async () => {
    const security = {
      auth_method: 'oidc',
      second_factor: 'verify',
      methods: ['totp', 'passkey', 'recovery_code'],
      step_up: true,
      step_up_until: null,
      step_up_minutes: 10,
    } as const;
    const verify = createFakeApi({ security: { ...security, methods: [...security.methods] } });
    const first = renderApp({ api: verify.api, path: '/payouts' });
    await screen.findByLabelText('Authenticator code');
    expect(await axeViolations()).toEqual([]);
    first.unmount();

    const enrol = createFakeApi({
      security: { ...security, second_factor: 'enrol', methods: [] },
    });
    const { user } = renderApp({ api: enrol.api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Add authenticator app' }));
    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(await axeViolations()).toEqual([]);
  });

  // Both palettes: the colour scheme is a class on <html> (CSS variables), as the theme menu sets it.
  describe.each(['light', 'dark'])('the beneficiaries pages in the %s theme', (mode) => {
    const b = buildBeneficiary({
      status: 'pending_change',
      pending_change: buildBeneficiaryChange({
        proposed_by: { id: 'u_9', email: 'x@example.com', name: 'Finn' },
      }),
      unusable_reason: 'The PSP no longer offers bank accounts in BE/EUR.',
    });

    it('finds nothing to fix on the list', async () => {
      document.documentElement.className = mode;
      const { api } = createFakeApi({ beneficiaries: [b] });
      renderApp({ api, path: '/beneficiaries' });
      await screen.findByText(b.display_name);
      expect(await axeViolations()).toEqual([]);
    });

    it('finds nothing to fix on the detail', async () => {
      document.documentElement.className = mode;
      const { api } = createFakeApi({ beneficiaries: [b] });
      renderApp({ api, path: `/beneficiaries/${b.id}` });
      await screen.findByRole('button', { name: 'Approve change' });
      expect(await axeViolations()).toEqual([]);
    });

    it('finds nothing to fix on the create form', async () => {
      document.documentElement.className = mode;
      const { api } = createFakeApi();
      renderApp({ api, path: '/beneficiaries/new' });
      await screen.findByLabelText(/^Reference/);
      expect(await axeViolations()).toEqual([]);
    });

    it('finds nothing to fix on the edit page', async () => {
      document.documentElement.className = mode;
      const { api } = createFakeApi({
        beneficiaries: [b],
        providers: {
          'BE/EUR': [
            {
              name: 'beta_bank',
              title: 'Beta Bank',
              payout_method_type: 'bank_account',
              fields: [
                { name: 'bankAccountName', title: 'Account holder name' },
                { name: 'bankAccountNumber', title: 'IBAN' },
              ],
            },
          ],
        },
      });
      renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
      await screen.findByLabelText(/^IBAN/);
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('the approval policies page', () => {
    const withPending = () =>
      buildApprovalPolicies({
        pending: buildPolicyProposal(),
        history: [
          buildPolicyProposal({
            id: 'pp_0',
            status: 'rejected',
            decided_by: { id: 'u_4', email: 'alan@example.com', name: 'Alan Admin' },
            decided_at: '2026-11-23T10:00:00.000Z',
            reason: 'Too lax.',
          }),
        ],
      });

    it(
      'finds nothing to fix with a pending proposal and a dry-run result',
      { timeout: 60_000 },
      async () => {
        document.documentElement.className = 'light';
        const { api } = createFakeApi({
          user: ADMIN_USER,
          approvalPolicies: withPending(),
          filterOptions: () => Promise.resolve(ACME_OPTIONS),
        });
        const { user } = renderApp({ api, path: '/approval-policies' });
        await screen.findByRole('button', { name: 'Approve change' });
        const form = screen.getByRole('form', { name: 'Try a payout' });
        await user.type(within(form).getByLabelText(/^Amount/), '12500');
        await within(form).findByRole('option', { name: 'Acme Pay (acme)' });
        await user.selectOptions(within(form).getByLabelText(/^PSP/), 'acme');
        await user.click(within(form).getByRole('button', { name: 'Try it' }));
        await within(form).findByText(/applies:/);
        expect(await axeViolations()).toEqual([]);
      },
    );

    it('finds nothing to fix in the editor, errors shown', { timeout: 60_000 }, async () => {
      document.documentElement.className = 'dark';
      // Two rules, not the demo's six: every rule has a select of all currencies, and axe in
      // jsdom is slow on a large page.
      const { api } = createFakeApi({
        user: ADMIN_USER,
        approvalPolicies: buildApprovalPolicies({
          active: {
            ...buildApprovalPolicies().active,
            policy: { rules: DEMO_APPROVAL_POLICY.rules.slice(-2) },
          },
        }),
      });
      const { user } = renderApp({ api, path: '/approval-policies' });
      await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
      await user.click(screen.getByRole('button', { name: 'Add rule' }));
      await screen.findByText('Name the rule.');
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('the batch pages', () => {
    const rows = [
      buildBatchRow({ row: 1 }),
      buildBatchRow({
        row: 2,
        state: 'invalid',
        cells: { ...buildBatchRow().cells, iban: 'BAD' },
        errors: [{ column: 'iban', message: 'iban is not valid.' }],
      }),
    ];

    it('finds nothing to fix on the list', async () => {
      document.documentElement.className = 'light';
      const { api } = createFakeApi({ batches: [buildBatch({ file_name: 'june.csv' })] });
      renderApp({ api, path: '/batches' });
      await screen.findByRole('link', { name: 'june.csv' });
      expect(await axeViolations()).toEqual([]);
    });

    it('finds nothing to fix on the new batch page, template step', async () => {
      document.documentElement.className = 'dark';
      const { api } = createFakeApi({
        providers: {
          'BE/EUR': [
            {
              name: 'beta_bank',
              title: 'Beta Bank',
              payout_method_type: 'bank_account',
              fields: [{ name: 'bankAccountName', title: 'Account holder name' }],
            },
          ],
        },
      });
      const { user } = renderApp({ api, path: '/batches/new' });
      await user.click(await screen.findByRole('combobox', { name: /^Corridor/ }));
      await user.click(await screen.findByRole('option', { name: 'Belgium · EUR' }));
      await user.click(await screen.findByRole('combobox', { name: /^Payout method type/ }));
      await user.click(await screen.findByRole('option', { name: /bank/i }));
      await screen.findByRole('link', { name: 'Download template' });
      expect(await axeViolations()).toEqual([]);
    });

    it("finds nothing to fix on a draft's preview with invalid cells", async () => {
      document.documentElement.className = 'light';
      const batch = buildBatch({
        counts: { ...buildBatch().counts, rows: 2, valid: 1, invalid: 1 },
      });
      const { api } = createFakeApi({ batches: [batch], batchRows: { [batch.id]: rows } });
      renderApp({ api, path: `/batches/${batch.id}` });
      await screen.findByRole('grid');
      expect(await axeViolations()).toEqual([]);
    });

    it('finds nothing to fix on a sent batch awaiting approval', async () => {
      document.documentElement.className = 'dark';
      const batch = buildBatch({
        status: 'awaiting_approval',
        approval: {
          rule: { id: 'r1', name: 'Batches' },
          required: 1,
          roles: ['admin'],
          approvals: [],
          rejected: null,
        },
        can_decide: true,
      });
      const { api } = createFakeApi({
        user: ADMIN_USER,
        batches: [batch],
        batchRows: {
          [batch.id]: [
            buildBatchRow({ state: 'created', payout_id: 'p1', payout_status: 'failed' }),
          ],
        },
      });
      renderApp({ api, path: `/batches/${batch.id}` });
      await screen.findByRole('button', { name: 'Approve batch' });
      await screen.findByRole('grid');
      expect(await axeViolations()).toEqual([]);
    });
  });

  // The overview: cards, charts and a chart's table. Once: jsdom paints nothing, so the
  // dark theme adds nothing here (the browser journey checks both).
  describe('overview', () => {
    // Five charts' SVG for axe to walk: about 10 s alone, more on a busy machine.
    it('finds nothing to fix on the overview', { timeout: 60_000 }, async () => {
      globalThis.ResizeObserver ??= class {
        observe(): void {}
        unobserve(): void {}
        disconnect(): void {}
      };
      const amount = (currency: string, count: number, value: string) => ({
        currency,
        count,
        amount: value,
      });
      const { api } = createFakeApi({
        summary: () =>
          Promise.resolve({
            awaiting_my_approval: 2,
            batches_awaiting_my_approval: 0,
            needs_attention: 1,
          }),
        overviewSummary: (q) =>
          Promise.resolve({
            from: q.from,
            to: q.to,
            previous_from: q.from,
            previous_to: q.from,
            statuses: [
              {
                status: 'approved',
                current: [amount('EUR', 2, '20.5')],
                previous: [amount('EUR', 1, '10')],
              },
              { status: 'declined', current: [amount('EUR', 1, '5')], previous: [] },
            ],
            totals: {
              current: [amount('EUR', 3, '25.5')],
              previous: [amount('EUR', 1, '10')],
            },
          }),
        overviewTimeseries: (q) =>
          Promise.resolve({
            bucket: 'day',
            tz: q.tz ?? 'UTC',
            buckets: [q.from],
            series: [{ currency: 'EUR', count: [3], amount: ['25.5'], failed: [1], unknown: [0] }],
          }),
        overviewProviders: () =>
          Promise.resolve({
            rows: [
              {
                provider: 'acme_pay',
                provider_title: 'Acme Pay',
                payout_method_type: 'bank_account',
                total: 3,
                final: 3,
                approved: 2,
                declined: 1,
                failed: 0,
                success_rate: 0.6667,
                median_seconds_to_final: 42,
              },
            ],
          }),
        overviewDeclines: () =>
          Promise.resolve({
            total_declined: 1,
            rows: [
              { decline_code: 'R05', decline_reason: 'Insufficient funds', count: 1, share: 1 },
            ],
          }),
      });
      const { user } = renderApp({ api, path: '/' });
      await screen.findByRole('region', { name: 'Paid out' });
      // The charts are a lazy chunk of their own: the cards may show first.
      const declines = (
        await screen.findByRole('heading', { name: 'Top decline reasons' })
      ).closest('section')!;
      await user.click(within(declines).getByRole('button', { name: 'Show as table' }));
      await within(declines).findByRole('table');
      expect(await axeViolations()).toEqual([]);
    });
  });
});
