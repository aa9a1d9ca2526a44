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
    await user.click(screen.getByText('Last 7 days'));
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
    expect(safeNextPath('//evil.example/x')).toBe('/payouts');
    expect(safeNextPath('/\\evil.example')).toBe('/payouts');
    expect(safeNextPath('https://evil.example')).toBe('/payouts');
    expect(safeNextPath('/sign-in?next=/x')).toBe('/payouts');
    expect(safeNextPath(null)).toBe('/payouts');
  });
});
