import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBatch } from '../../testing/buildBatch.js';
import { createFakeApi, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const SLOW = { timeout: 20_000 };

describe('the batches list', () => {
  it('lists batches newest first with status, corridor, PSP, rows and total', SLOW, async () => {
    const older = buildBatch({
      file_name: 'october.csv',
      created_at: '2026-10-01T09:00:00.000Z',
      status: 'completed',
      summary: {
        included: 3,
        excluded: 0,
        totals: [{ currency: 'EUR', amount: '1500.00' }],
        per_provider: [],
        rows_needing_approval: 0,
        rows_waiting_individually: 0,
      },
    });
    const newer = buildBatch({ file_name: 'november.csv', created_at: '2026-11-01T09:00:00.000Z' });
    const { api } = createFakeApi({ batches: [older, newer] });
    renderApp({ api, path: '/batches' });
    const table = await screen.findByRole('table', { name: 'Batches' }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'november.csv',
      'october.csv',
    ]);
    expect(within(table).getByRole('link', { name: 'november.csv' })).toHaveAttribute(
      'href',
      `/batches/${newer.id}`,
    );
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[1]).toHaveTextContent('BE · EUR');
    expect(rows[1]).toHaveTextContent('Acme Pay');
    expect(rows[1]).toHaveTextContent('€1,500.00');
    expect(rows[1]).toHaveTextContent('Fiona Finance');
    expect(screen.getByRole('link', { name: 'New batch' })).toHaveAttribute('href', '/batches/new');
  });

  it('loads more with the cursor, and offers no "New batch" to support', SLOW, async () => {
    const { api, calls } = createFakeApi({ user: SUPPORT_USER });
    let page = 0;
    api.batches.list = (query) => {
      calls.listBatches.push({ cursor: query.cursor });
      page += 1;
      return Promise.resolve(
        page === 1
          ? { items: [buildBatch({ file_name: 'first.csv' })], next_cursor: 'c2' }
          : { items: [buildBatch({ file_name: 'second.csv' })], next_cursor: null },
      );
    };
    const { user } = renderApp({ api, path: '/batches' });
    await screen.findByRole('link', { name: 'first.csv' }, SLOW);
    expect(screen.queryByRole('link', { name: 'New batch' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'second.csv' });
    expect(screen.getByRole('link', { name: 'first.csv' })).toBeInTheDocument();
    expect(calls.listBatches.map((c) => c.cursor)).toEqual([undefined, 'c2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
