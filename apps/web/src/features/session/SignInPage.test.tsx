import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { apiError, createFakeApi, FINANCE_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { safeNextPath } from './safeNextPath.js';

describe('signing in', () => {
  it('sends a signed-out visitor to sign in, then back to the page they asked for', async () => {
    const { api, calls } = createFakeApi({ user: null });
    const { router, user } = renderApp({ api, path: '/payouts?status=pending' });
    await screen.findByText('Sign in', { selector: 'h1' });
    await screen.findByText('Sign in', { selector: 'button' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/payouts?status=pending')}`,
    );

    await user.click(screen.getByText('Sign in', { selector: 'button' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter your email.');
    expect(calls.signIn).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Email/), 'fin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByText('Sign in', { selector: 'button' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    // A wrong password is not an expired session: the page stays as it is.
    expect(router.state.location.pathname).toBe('/sign-in');

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByText('Sign in', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payouts'));
    expect(router.state.location.search).toBe('?status=pending');
    expect(calls.signIn.at(-1)).toEqual({ email: 'fin@example.com', password: 'correct horse' });
  });

  it('says how long to wait after too many attempts', async () => {
    const { api } = createFakeApi({
      user: null,
      signIn: () =>
        Promise.reject(
          apiError('rate_limited', 'Too many sign-in attempts.', {
            status: 429,
            retryAfterSeconds: 120,
          }),
        ),
    });
    const { user } = renderApp({ api, path: '/sign-in' });
    await user.type(await screen.findByLabelText(/^Email/), 'fin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByText('Sign in', { selector: 'button' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 2 minutes.',
    );
  });

  it('shows the server’s field problems, and a busy button while it answers', async () => {
    let answer: (reply: Promise<never>) => void = () => {};
    const { api } = createFakeApi({
      user: null,
      signIn: () =>
        new Promise<never>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp({ api, path: '/sign-in' });
    await user.type(await screen.findByLabelText(/^Email/), 'fin@example');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');

    answer(
      Promise.reject(
        apiError('validation_failed', 'Check the fields.', {
          errors: [{ pointer: '/email', message: 'Enter a valid email address.' }],
        }),
      ),
    );
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(screen.getByLabelText(/^Email/)).toBeInvalid();
    expect(screen.getByLabelText(/^Password/)).not.toHaveAccessibleDescription();
    // The field says it all: no alert over the form.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders without MUI (the page must not download it, docs/decisions/033)', async () => {
    const { api } = createFakeApi({
      user: null,
      authOptions: { password: 'break_glass', oidc: { name: 'Acme Login' }, demo_mailbox: false },
    });
    const { user } = renderApp({ api, path: '/sign-in?error=cancelled' });
    await user.click(await screen.findByRole('button', { name: 'Break-glass sign-in' }));
    await screen.findByLabelText(/^Password/);
    expect(document.querySelector('[class*="Mui"]')).toBeNull();
  });

  it('goes to sign in when the session expires mid-page, with the way back in ?next=', async () => {
    let expired = false;
    const { api } = createFakeApi({
      list: () =>
        expired
          ? Promise.reject(apiError('unauthenticated', 'Sign in to continue.', { status: 401 }))
          : Promise.resolve({ items: [buildPayout({ order_id: 'PO-KEEP' })], next_cursor: null }),
    });
    const { router, user } = renderApp({ api, path: '/payouts?q=PO' });
    await screen.findByText('PO-KEEP');
    expired = true;
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.click(await screen.findByText('Last 7 days'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    const next = new URL(
      new URLSearchParams(router.state.location.search).get('next')!,
      'http://localhost',
    );
    expect(next.pathname).toBe('/payouts');
    expect(next.searchParams.get('q')).toBe('PO');
    expect(next.searchParams.get('created_from')).not.toBeNull();
  });
});

describe('the shell', () => {
  it('shows the menu sections of the role, the user and sign-out', async () => {
    const { api, calls } = createFakeApi({ user: FINANCE_USER });
    const { router, user } = renderApp({ api, path: '/payouts' });
    await screen.findByText('No payouts yet.');
    expect(screen.getByRole('main')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Open menu'));
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(nav).toHaveTextContent('Payouts');

    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText(`Account: ${FINANCE_USER.name}`));
    expect(await screen.findByText('Role: Finance')).toBeInTheDocument();
    await user.click(screen.getByText('Sign out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(calls.signOut).toBe(1);
  });
});

describe('safeNextPath', () => {
  it('only goes back to paths inside the app', () => {
    expect(safeNextPath('/payouts/p_1?x=1')).toBe('/payouts/p_1?x=1');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/sign-in?next=/x')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});

describe('single sign-on', () => {
  it('offers "Sign in with <provider>" as a link that comes back to where the user was going', async () => {
    const { api } = createFakeApi({
      user: null,
      authOptions: { password: 'on', oidc: { name: 'Acme Login' }, demo_mailbox: false },
    });
    renderApp({ api, path: '/sign-in?next=%2Fapprovals%3Fq%3Dx' });
    const sso = await screen.findByRole('link', { name: 'Sign in with Acme Login' });
    expect(sso).toHaveAttribute(
      'href',
      `/api/auth/oidc/start?return_to=${encodeURIComponent('/approvals?q=x')}`,
    );
    // Both ways in, under one heading.
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('has no password form when password sign-in is off', async () => {
    const { api } = createFakeApi({
      user: null,
      authOptions: { password: 'off', oidc: { name: 'Acme Login' }, demo_mailbox: false },
    });
    renderApp({ api, path: '/sign-in' });
    await screen.findByRole('link', { name: 'Sign in with Acme Login' });
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Break-glass sign-in' })).not.toBeInTheDocument();
  });

  it('keeps the password form behind a break-glass disclosure that warns it is audited', async () => {
    const { api, calls } = createFakeApi({
      user: null,
      authOptions: { password: 'break_glass', oidc: { name: 'Acme Login' }, demo_mailbox: false },
    });
    const { user, router } = renderApp({ api, path: '/sign-in' });
    const disclosure = await screen.findByRole('button', { name: 'Break-glass sign-in' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();

    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/Every break-glass sign-in is audited/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByText('Sign in', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.signIn).toHaveLength(1);
  });

  it('says why single sign-on refused the user', async () => {
    const messages: Record<string, string> = {
      no_role:
        'Your company account has no role in this app. Ask your administrator to add you to a payouts group.',
      disabled: 'Your account is disabled in this app.',
      provider_error: "Your company's sign-in service sent an answer that could not be checked.",
      cancelled: 'Sign-in was cancelled',
      expired: 'The sign-in took too long',
      something_else: 'Sign-in did not complete. Try again.',
    };
    for (const [reason, message] of Object.entries(messages)) {
      const { api } = createFakeApi({
        user: null,
        authOptions: { password: 'off', oidc: { name: 'Acme Login' }, demo_mailbox: false },
      });
      const view = renderApp({ api, path: `/sign-in?error=${reason}` });
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      // They can try again from here.
      expect(
        await screen.findByRole('link', { name: 'Sign in with Acme Login' }),
      ).toBeInTheDocument();
      view.unmount();
    }
  });
});
