import type { AuditItem } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, createFakeApi } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

function entry(id: string, action: string): AuditItem {
  return {
    id,
    at: '2026-11-20T09:00:00.000Z',
    actor: { id: ADMIN_USER.id, email: ADMIN_USER.email },
    action,
    target: { type: 'user', id: 'u_9' },
    data: { role: 'support' },
    ip: '127.0.0.1',
    request_id: 'req_1',
  };
}

describe('AuditPage', () => {
  it('reads its filters from the URL, sends them as the API names them and pages with cursors', async () => {
    const { api, calls } = createFakeApi({
      user: ADMIN_USER,
      audit: (query) =>
        Promise.resolve(
          query.cursor
            ? { items: [entry('2', 'user.created')], next_cursor: null }
            : { items: [entry('1', 'user.updated')], next_cursor: 'c2' },
        ),
    });
    const { user, router } = renderApp({
      api,
      path: '/audit?who=ada@example.com&what=user&from=2026-11-01&to=2026-11-20',
    });

    expect(await screen.findByText('User changed')).toBeInTheDocument();
    expect(calls.audit[0]).toMatchObject({
      who: 'ada@example.com',
      what: 'user',
      from: new Date(2026, 10, 1).toISOString(),
      // `to` is exclusive: the end of the last day asked for.
      to: new Date(2026, 10, 21).toISOString(),
      limit: '50',
    });
    expect(screen.getByText('What: User changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(calls.audit.at(-1)).toMatchObject({ cursor: 'c2', who: 'ada@example.com' });

    await user.click(screen.getByText('What: User changes'));
    await user.click(await screen.findByText('Lab runs'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('what')).toBe('lab'),
    );
    // New filters start again from the first page.
    await waitFor(() => expect(calls.audit.at(-1)).toMatchObject({ what: 'lab' }));
    expect(calls.audit.at(-1)?.cursor).toBeUndefined();
    expect(new URLSearchParams(router.state.location.search).get('who')).toBe('ada@example.com');
  });

  it('reads as sentences: action names, linked targets, changes from → to, and a CSV of the filtered log', async () => {
    const { api } = createFakeApi({
      user: ADMIN_USER,
      audit: () =>
        Promise.resolve({
          items: [
            {
              ...entry('1', 'user.updated'),
              data: {
                email: 'ana@example.com',
                changes: { role: { from: 'finance', to: 'admin' } },
              },
            },
            {
              ...entry('2', 'payout.approve'),
              target: { type: 'payout', id: '1b2c3d4e-0000-4000-8000-000000000001' },
              data: {},
            },
          ],
          next_cursor: null,
        }),
    });
    renderApp({ api, path: '/audit?what=payout' });
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const changed = within(table).getByRole('row', { name: /User changed/ });
    expect(within(changed).getByText('role: finance → admin')).toBeInTheDocument();
    expect(within(changed).getByText('email: ana@example.com')).toBeInTheDocument();
    const approved = within(table).getByRole('row', { name: /Payout approved/ });
    expect(within(approved).getByRole('link', { name: 'Payout 1b2c3d4e…' })).toHaveAttribute(
      'href',
      '/payouts/1b2c3d4e-0000-4000-8000-000000000001',
    );
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(csv.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/audit/export.csv');
    expect(href.searchParams.get('what')).toBe('payout');
    expect(href.searchParams.get('limit')).toBeNull();
  });
});
