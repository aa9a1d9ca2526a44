import type { StaffUserDto, UserChangeDto } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, apiError, createFakeApi } from '../../testing/fakeApi.js';
import { buildStaffSession } from '../../testing/fakeStaffSessionsApi.js';
import { buildStaffUser } from '../../testing/buildStaffUser.js';
import { renderApp } from '../../testing/renderApp.js';

const USERS: StaffUserDto[] = [
  {
    id: ADMIN_USER.id,
    email: ADMIN_USER.email,
    name: ADMIN_USER.name,
    role: 'admin',
    disabled: false,
    created_at: '2026-11-01T09:00:00.000Z',
    last_sign_in_at: '2026-11-20T08:00:00.000Z',
    invitation: null,
    pending_changes: [],
  },
  buildStaffUser(),
];

const CHANGE: UserChangeDto = {
  id: 'uc_1',
  kind: 'create',
  status: 'pending',
  user_id: null,
  email: 'grace@example.com',
  name: 'Grace Hopper',
  role: 'admin',
  from_role: null,
  proposed_by: { id: 'u_2', email: 'admin2@example.com', name: 'Alan Second' },
  proposed_at: '2026-11-20T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
  reason: null,
  can_approve: true,
  cannot_approve_reason: null,
};

describe('UsersPage: changes waiting for a second admin', () => {
  it('says a new admin account waits, lists what waits, and approves or rejects with a reason', async () => {
    const mine: UserChangeDto = {
      ...CHANGE,
      id: 'uc_2',
      kind: 'role',
      user_id: 'u_9',
      email: 'fin@example.com',
      name: null,
      role: 'admin',
      from_role: 'finance',
      proposed_by: { id: ADMIN_USER.id, email: ADMIN_USER.email, name: ADMIN_USER.name },
      can_approve: false,
      cannot_approve_reason: 'You proposed this account change: another admin must approve it.',
    };
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      users: [USERS[0]!, { ...USERS[1]!, pending_changes: [mine] }],
      userChanges: [CHANGE, mine],
      createUser: (input) =>
        Promise.resolve({ ...CHANGE, id: 'uc_3', email: input.email, name: input.name }),
    });
    const { user } = renderApp({ api, path: '/users' });

    const waiting = await screen.findByRole('list', { name: 'Account changes waiting' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining(
        'New Admin account for Grace Hopper (grace@example.com), asked by Alan Second',
      ),
      expect.stringContaining('fin@example.com: role Finance → Admin, asked by Ada Admin'),
    ]);
    expect(within(waiting).getByText(mine.cannot_approve_reason!)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Fiona Finance/ });
    expect(within(row).getByText('Waiting: role Finance → Admin')).toBeInTheDocument();

    await user.click(
      within(waiting).getByRole('button', { name: /^Approve: New Admin account for Grace/ }),
    );
    await waitFor(() => expect(calls.decideUserChange).toEqual([{ id: 'uc_1' }]));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'New Admin account for Grace Hopper (grace@example.com): approved.',
    );

    await user.click(within(waiting).getByRole('button', { name: /^Reject: fin@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this account change?' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Not needed');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.decideUserChange).toEqual([
        { id: 'uc_1' },
        { id: 'uc_2', reason: 'Not needed' },
      ]),
    );
  });
});

describe('UsersPage', () => {
  it('shows the last-admin refusal plainly and leaves the user as they were', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      users: USERS,
      updateUser: () =>
        Promise.reject(
          apiError('last_admin', 'At least one enabled admin must remain.', { status: 409 }),
        ),
    });
    const { user } = renderApp({ api, path: '/users' });

    await user.click(await screen.findByRole('button', { name: 'Disable Ada Admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is the last enabled admin: it cannot be disabled or demoted.',
    );
    expect(calls.updateUser).toEqual([{ id: ADMIN_USER.id, patch: { disabled: true } }]);
    const row = screen.getByRole('row', { name: /Ada Admin/ });
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });

  it('disables a user and invites one, who gets a link; no password is asked of the admin', async () => {
    const { api, calls } = createFakeApi({ user: ADMIN_USER, users: USERS });
    const { user } = renderApp({ api, path: '/users' });

    await user.click(await screen.findByRole('button', { name: 'Disable Fiona Finance' }));
    const row = await screen.findByRole('row', { name: /Fiona Finance/ });
    await waitFor(() => expect(within(row).getByText('Disabled')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Enable Fiona Finance' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    expect(within(dialog).queryByLabelText(/password/i)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(calls.createUser).toEqual([]);

    await user.click(within(dialog).getByLabelText(/^E-mail/));
    await user.paste('sam@example.com');
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Sam Support');
    expect(dialog).toHaveTextContent(
      'sam@example.com gets an e-mail with a link to choose their own password',
    );
    expect(dialog).toHaveTextContent('made once another admin approves it');
    await user.click(within(dialog).getByLabelText(/^Role/));
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    await waitFor(() =>
      expect(calls.createUser).toEqual([
        { email: 'sam@example.com', name: 'Sam Support', role: 'support' },
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sam Support is invited as Support: sam@example.com gets a link to choose a password, which works for 72 hours.',
    );
    const invited = await screen.findByRole('row', { name: /Sam Support/ });
    expect(invited).toHaveTextContent('Invited: the link works until');
    await user.click(
      within(invited).getByRole('button', { name: 'Send the invitation to Sam Support again' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new invitation is on its way to sam@example.com; earlier links no longer work.',
    );
    expect(calls.invite).toEqual(['u_new_3']);
    // An invited account has no password to reset; one with a password gets a link, confirmed first.
    expect(
      within(invited).queryByRole('button', { name: /password-reset link/ }),
    ).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'E-mail Ada Admin a password-reset link' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: 'E-mail Ada Admin a password-reset link?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${ADMIN_USER.email} gets a link to choose a new password, which works for 60 minutes`,
    );
    expect(calls.sendPasswordReset).toEqual([ADMIN_USER.id]);
  });

  it('says when e-mail is off, and keeps the dialog open with what was typed', async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      users: USERS,
      createUser: () =>
        Promise.reject(
          apiError(
            'mail_off',
            'New accounts get an e-mail with a link to set their password, and this back-office has no SMTP server (SMTP_URL). Set one up first.',
            { status: 409 },
          ),
        ),
    });
    const { user } = renderApp({ api, path: '/users' });
    await user.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.click(within(dialog).getByLabelText(/^E-mail/));
    await user.paste('sam@example.com');
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Sam Support');
    await user.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/SMTP_URL/);
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue('sam@example.com');
  });

  it("lists a user's sessions and ends one, then all, after confirming", async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      users: USERS,
      userSessions: {
        u_9: [
          buildStaffSession({ id: 's_a', device: 'Chrome on Linux', ip: '203.0.113.7' }),
          buildStaffSession({ id: 's_b', device: 'Edge on Windows', ip: '203.0.113.8' }),
          buildStaffSession({ id: 's_c', device: 'Safari on iOS', ip: '203.0.113.9' }),
        ],
      },
    });
    const { user } = renderApp({ api, path: '/users' });

    await user.click(await screen.findByRole('button', { name: 'Sessions of Fiona Finance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of Fiona Finance' });
    const table = await within(dialog).findByRole('table', { name: 'Sessions of Fiona Finance' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.click(
      within(table).getByRole('button', {
        name: 'End the session on Edge on Windows from 203.0.113.8',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(confirm).getByRole('button', { name: 'End session' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The session on Edge on Windows has ended.',
    );
    expect(calls.endUserSession).toEqual([{ userId: 'u_9', sessionId: 's_b' }]);
    await waitFor(() =>
      expect(within(dialog).queryByText('Edge on Windows')).not.toBeInTheDocument(),
    );

    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    const confirmAll = await screen.findByRole('dialog', {
      name: 'End all sessions of Fiona Finance?',
    });
    await user.click(within(confirmAll).getByRole('button', { name: 'End sessions' }));
    expect(await within(dialog).findByText('2 sessions have ended.')).toBeInTheDocument();
    expect(calls.endAllUserSessions).toEqual(['u_9']);
    expect(
      await within(dialog).findByText('Fiona Finance is not signed in anywhere.'),
    ).toBeInTheDocument();
  });

  it("shows a failure to end a user's session", async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      users: USERS,
      userSessions: { u_9: [buildStaffSession({ id: 's_a', device: 'Chrome on Linux' })] },
      endAllUserSessions: () =>
        Promise.reject(apiError('forbidden', 'Not allowed.', { status: 403 })),
    });
    const { user } = renderApp({ api, path: '/users' });

    await user.click(await screen.findByRole('button', { name: 'Sessions of Fiona Finance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of Fiona Finance' });
    await user.click(await within(dialog).findByRole('button', { name: 'End all sessions' }));
    const confirmAll = await screen.findByRole('dialog', {
      name: 'End all sessions of Fiona Finance?',
    });
    await user.click(within(confirmAll).getByRole('button', { name: 'End sessions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The sessions could not be ended. Your role does not allow this.',
    );
    expect(within(dialog).getByText('Chrome on Linux')).toBeInTheDocument();
  });

  it('resets the second factors of a user after a confirmation that says what follows', async () => {
    const { api, calls } = createFakeApi({ user: ADMIN_USER, users: USERS });
    const { user } = renderApp({ api, path: '/users' });
    await user.click(
      await screen.findByRole('button', { name: 'Reset the second factors of Fiona Finance' }),
    );
    let dialog = await screen.findByRole('dialog', {
      name: 'Reset the second factors of Fiona Finance?',
    });
    expect(dialog).toHaveAccessibleDescription(
      /their sessions end\. They must set up a second factor again when they next sign in\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.resetUserFactors).toEqual([]);

    await user.click(
      screen.getByRole('button', { name: 'Reset the second factors of Fiona Finance' }),
    );
    dialog = await screen.findByRole('dialog', {
      name: 'Reset the second factors of Fiona Finance?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Fiona Finance's second factors are removed and their sessions have ended.",
    );
    expect(calls.resetUserFactors).toEqual(['u_9']);
  });

  it('shows a refused reset plainly', async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      users: USERS,
      resetUserFactors: () =>
        Promise.reject(apiError('step_up_required', 'Confirm it is you.', { status: 403 })),
    });
    const { user } = renderApp({ api, path: '/users' });
    await user.click(
      await screen.findByRole('button', { name: 'Reset the second factors of Fiona Finance' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the second factors of Fiona Finance?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The second factors could not be reset. Cancelled: confirmation needed.',
    );
  });
});
