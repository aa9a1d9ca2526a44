import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, createFakeApi, INVITATION } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const TOKEN = 'A'.repeat(43);

describe('choosing a password with an invitation', () => {
  it('checks the two passwords, sets it, and opens sign-in with the e-mail filled in', async () => {
    const { api, calls } = createFakeApi({ user: null });
    const { router, user } = renderApp({ api, path: `/invitation#${TOKEN}` });
    expect(await screen.findByText(/Welcome, Ina Vited/)).toHaveTextContent(
      'You sign in as ina.vited@example.com (Support)',
    );
    const password = screen.getByLabelText(/^New password/);
    expect(password).toHaveAccessibleDescription('At least 12 characters.');

    await user.type(password, 'short');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(password).toHaveAccessibleDescription('At least 12 characters.');
    expect(screen.getByLabelText(/^Repeat the password/)).toHaveAccessibleDescription(
      'The two passwords differ.',
    );
    expect(calls.acceptInvitation).toEqual([]);

    await user.clear(password);
    await user.type(password, 'my own long password');
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'my own long password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calls.acceptInvitation).toEqual([{ token: TOKEN, password: 'my own long password' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is set. Sign in with it.',
    );
    expect(await screen.findByLabelText(/^Email/)).toHaveValue(INVITATION.email);
  });

  it('says why a link does not work: incomplete, used, or expired', async () => {
    const incomplete = renderApp({
      api: createFakeApi({ user: null }).api,
      path: '/invitation#abc',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete: open the whole link from the e-mail.',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    incomplete.unmount();

    const { api } = createFakeApi({
      user: null,
      lookupInvitation: () =>
        Promise.reject(
          apiError(
            'invitation_invalid',
            'This invitation was used already: sign in with the password you chose.',
            { status: 410 },
          ),
        ),
    });
    renderApp({ api, path: `/invitation#${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was used already');
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/sign-in');
  });
});

describe('the demo mailbox', () => {
  it('shows what the demo e-mailed, its own links clickable, and says when there is none', async () => {
    const link = `${window.location.origin}/invitation#${TOKEN}`;
    const { api } = createFakeApi({
      user: null,
      demoMailbox: {
        items: [
          {
            to: 'ina.vited@example.com',
            subject: 'Your payouts back-office account: choose a password',
            text: `Hello Ina Vited,\n\nChoose your password here:\n${link}\n\nNot ours: https[:]//evil[.]example`,
            sent_at: '2026-11-20T09:00:00.000Z',
          },
        ],
      },
    });
    const first = renderApp({ api, path: '/mailbox' });
    const mail = await screen.findByRole('article', {
      name: 'Your payouts back-office account: choose a password, to ina.vited@example.com',
    });
    expect(mail).toHaveTextContent('Choose your password here:');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      link,
      '/sign-in',
    ]);
    first.unmount();

    renderApp({ api: createFakeApi({ user: null }).api, path: '/mailbox' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This back-office has no demo mailbox',
    );
  });
});

describe('a forgotten password', () => {
  it('asks for the address from sign-in, says the same for any, and the link sets a new one', async () => {
    const { api, calls } = createFakeApi({
      user: null,
      lookupInvitation: () => Promise.resolve({ ...INVITATION, purpose: 'password_reset' }),
    });
    const { user, unmount } = renderApp({ api, path: '/sign-in' });
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter your email.');
    await user.type(screen.getByLabelText(/^Email/), ' ina.vited@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account with a password uses ina.vited@example.com, a link to choose a new one is on its way. It works for 60 minutes',
    );
    expect(calls.requestPasswordReset).toEqual(['ina.vited@example.com']);
    unmount();

    renderApp({ api, path: `/invitation#${TOKEN}` });
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(screen.queryByText(/Welcome/)).not.toBeInTheDocument();
  });
});
