import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, createFakeApi, SUPPORT_USER } from '../testing/fakeApi.js';
import { renderApp } from '../testing/renderApp.js';

describe('section pages by role', () => {
  it.each(['/lab', '/lab/deposits', '/users', '/audit'])(
    'refuses support %s on load',
    async (path) => {
      const { api } = createFakeApi({ user: SUPPORT_USER });
      renderApp({ api, path });
      expect(await screen.findByText(/Your role \(Support\) cannot open/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to payouts' })).toHaveAttribute(
        'href',
        '/payouts',
      );
    },
  );

  it('lets an admin open the lab', async () => {
    const { api } = createFakeApi({ user: ADMIN_USER });
    renderApp({ api, path: '/lab' });
    expect(await screen.findByRole('heading', { level: 1, name: /lab/i })).toBeInTheDocument();
    expect(screen.queryByText(/cannot open/)).not.toBeInTheDocument();
  });
});
