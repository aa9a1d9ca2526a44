/**
 * @vitest-environment jsdom
 * axe with a dialog open: in happy-dom axe sees no open modal (it finds none on screen without
 * layout) and reports the page hidden behind it (aria-hidden-focus). Every other page is audited
 * in accessibility.test.tsx, in happy-dom.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testing/axeViolations.js';
import { buildApprovalItem } from '../testing/buildApprovalItem.js';
import { ADMIN_USER, createFakeApi } from '../testing/fakeApi.js';
import { buildFactor } from '../testing/fakeSecurityApi.js';
import { buildStaffSession } from '../testing/fakeStaffSessionsApi.js';
import { buildStaffUser } from '../testing/buildStaffUser.js';
import { renderApp } from '../testing/renderApp.js';

describe('accessibility (axe) with a dialog open', () => {
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
});
