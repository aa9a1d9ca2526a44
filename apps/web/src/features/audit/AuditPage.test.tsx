import type { AuditItem } from '@payouts/contracts';
import { screen, waitFor } from '@testing-library/react';
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

    expect(await screen.findByText('user.updated')).toBeInTheDocument();
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
    expect(await screen.findByText('user.created')).toBeInTheDocument();
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
});
