import type { StaffNotificationDto } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../testing/axeViolations.js';
import { createFakeApi, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

function notification(overrides: Partial<StaffNotificationDto> = {}): StaffNotificationDto {
  return {
    id: 'n_1',
    kind: 'payout_awaiting_approval',
    target_id: 'p_1',
    title: 'Payout of 15000.00 EUR awaits approval',
    body: 'To Jan Peeters (card …1111), created by Fin Ance; rule "Above 10,000".',
    link_path: '/payouts/p_1',
    created_at: '2026-11-20T09:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

const ITEMS = [
  notification(),
  notification({
    id: 'n_2',
    kind: 'policy_change_proposed',
    target_id: 'pr_1',
    title: 'An approval policy change awaits review',
    body: 'Proposed by Ada Admin.',
    link_path: '/approval-policies',
    created_at: '2026-11-20T08:00:00.000Z',
    read_at: '2026-11-20T08:30:00.000Z',
  }),
];

describe('the notification bell', () => {
  it('names the unread count and lists items newest first, unread in bold, with links', async () => {
    const { api } = createFakeApi({ staffNotifications: ITEMS });
    const { user } = renderApp({ api, path: '/payouts' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/payouts/p_1',
      '/approval-policies',
    ]);
    expect(links[0]).toHaveAccessibleName(/^Payout of 15000.00 EUR awaits approval ?\(unread\)$/);
    // Unread in bold.
    expect(links[0]!.querySelector('strong')).toHaveTextContent(/^Payout of 15000\.00 EUR/);
    expect(links[1]!.querySelector('strong')).toBeNull();
    expect(within(dialog).getByText(/Jan Peeters \(card …1111\)/)).toBeInTheDocument();
  });

  it('marks all as read and the count drops to 0', async () => {
    const { api, calls } = createFakeApi({ staffNotifications: ITEMS });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(calls.markNotificationsRead).toEqual([{ all: true }]);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
  });

  it('marks an item read when it is followed', async () => {
    const { api, calls } = createFakeApi({ staffNotifications: ITEMS });
    const { user, router } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /15000\.00 EUR/ }));
    expect(calls.markNotificationsRead).toEqual([{ ids: ['n_1'] }]);
    expect(router.state.location.pathname).toBe('/payouts/p_1');
  });

  it('changes the e-mail digest setting', async () => {
    const { api, calls } = createFakeApi({ user: SUPPORT_USER });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    const group = await screen.findByRole('group', { name: 'E-mail me' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Immediately' })).toBeChecked(),
    );
    await user.click(within(group).getByRole('radio', { name: 'Hourly digest' }));
    expect(calls.updateNotificationSettings).toEqual(['hourly']);
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Hourly digest' })).toBeChecked(),
    );
    expect(screen.getByText('Nothing waits for you.')).toBeInTheDocument();
  });

  it('says when e-mail is off on the server', async () => {
    const { api } = createFakeApi({
      notificationSettings: { digest: 'immediate', email_enabled: false },
    });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText(/E-mail is off on this server/)).toBeInTheDocument();
  });

  it('finds nothing to fix (axe) with the popover open', async () => {
    const { api } = createFakeApi({ staffNotifications: ITEMS });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const group = await screen.findByRole('group', { name: 'E-mail me' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Immediately' })).toBeChecked(),
    );
    expect(await axeViolations()).toEqual([]);
  });
});
