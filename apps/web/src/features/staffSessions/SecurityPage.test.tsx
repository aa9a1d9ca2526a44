import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, createFakeApi, FINANCE_USER } from '../../testing/fakeApi.js';
import { buildStaffSession } from '../../testing/fakeStaffSessionsApi.js';
import { renderApp } from '../../testing/renderApp.js';

const SESSIONS = [
  buildStaffSession({
    id: 's_here',
    current: true,
    device: 'Firefox on macOS',
    ip: '198.51.100.1',
  }),
  buildStaffSession({ id: 's_phone', device: 'Safari on iOS', ip: '203.0.113.9' }),
  buildStaffSession({ id: 's_old', device: 'Chrome on Windows', ip: null }),
];

describe('SecurityPage', () => {
  it('is reached from the account menu and lists the sessions, marking this device', async () => {
    const { api } = createFakeApi({ user: FINANCE_USER, mySessions: SESSIONS });
    const { user, router } = renderApp({ api, path: '/payouts' });

    await user.click(await screen.findByRole('button', { name: 'Account: Fiona Finance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Security' }));
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');

    const table = await screen.findByRole('table', { name: 'Your sessions' });
    const here = within(table).getByRole('row', { name: /Firefox on macOS/ });
    expect(within(here).getByText('This device')).toBeInTheDocument();
    expect(within(here).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(table).getByRole('button', {
        name: 'End the session on Safari on iOS from 203.0.113.9',
      }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('button', {
        name: 'End the session on Chrome on Windows from an unknown address',
      }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('ends one session after confirming, and all the others', async () => {
    const { api, calls } = createFakeApi({ mySessions: SESSIONS });
    const { user } = renderApp({ api, path: '/security' });

    await user.click(
      await screen.findByRole('button', {
        name: 'End the session on Safari on iOS from 203.0.113.9',
      }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.endMySession).toEqual([]);

    await user.click(
      screen.getByRole('button', { name: 'End the session on Safari on iOS from 203.0.113.9' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The session on Safari on iOS has ended.',
    );
    expect(calls.endMySession).toEqual(['s_phone']);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('1 other session has ended.')).toBeInTheDocument();
    expect(calls.endOtherSessions).toBe(1);
    await waitFor(() => expect(screen.queryByText('Chrome on Windows')).not.toBeInTheDocument());
    expect(screen.getByText('Firefox on macOS')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'End all other sessions' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('shows a failure to end plainly and keeps the session listed', async () => {
    const { api } = createFakeApi({
      mySessions: SESSIONS,
      endMySession: () =>
        Promise.reject(apiError('not_found', 'No such session.', { status: 404 })),
    });
    const { user } = renderApp({ api, path: '/security' });

    await user.click(
      await screen.findByRole('button', {
        name: 'End the session on Safari on iOS from 203.0.113.9',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/The session could not be ended/);
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const { api } = createFakeApi();
    api.staffSessions.list = () =>
      Promise.reject(apiError('network_error', 'Offline.', { status: 0 }));
    renderApp({ api, path: '/security' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sessions could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
