import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildBatch, buildBatchRow } from '../../testing/buildBatch.js';
import { BatchGrid } from './BatchGrid.js';

describe('BatchGrid', () => {
  it('puts only the rows in view in the page, out of 10,000', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      buildBatchRow({
        row: i + 1,
        ...(i % 7 === 0
          ? { state: 'invalid', errors: [{ column: 'amount', message: 'Not an amount.' }] }
          : {}),
      }),
    );
    render(<BatchGrid batch={buildBatch()} rows={rows} label="Rows" editable />);
    const grid = screen.getByRole('grid', { name: 'Rows' });
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    const shown = within(grid).getAllByRole('row').slice(1);
    // A screenful plus overscan, never the whole file.
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(60);
    expect(shown[0]).toHaveAttribute('aria-rowindex', '2');
    // Row, Errors, then the file's columns (order_id, amount…).
    expect(within(shown[0] as HTMLElement).getAllByRole('gridcell')[3]).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('shows a possible-duplicate flag beside the errors, without marking any cell invalid', () => {
    const flag = 'Possible duplicate: row 1 pays the same amount to the same account.';
    render(
      <BatchGrid
        batch={buildBatch()}
        rows={[
          buildBatchRow({ row: 1 }),
          buildBatchRow({ row: 2, warnings: [{ column: null, message: flag }] }),
        ]}
        label="Rows"
      />,
    );
    const second = within(screen.getByRole('grid')).getAllByRole('row')[2] as HTMLElement;
    expect(within(second).getByText(flag)).toBeInTheDocument();
    expect(second.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it('moves with the arrow keys and opens the editor with Enter, fixing on Enter', async () => {
    const user = userEvent.setup();
    const fixes: [number, string, string][] = [];
    render(
      <BatchGrid
        batch={buildBatch()}
        rows={[buildBatchRow({ row: 1 }), buildBatchRow({ row: 2 })]}
        label="Rows"
        editable
        onFix={(row, column, value) => {
          fixes.push([row, column, value]);
          return Promise.resolve();
        }}
      />,
    );
    const first = within(screen.getByRole('grid')).getAllByRole('gridcell')[0] as HTMLElement;
    first.focus();
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('10.00'));
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('textbox', { name: 'Amount, row 2' });
    await waitFor(() => expect(editor).toHaveFocus());
    await user.clear(editor);
    await user.type(editor, '12.00{Enter}');
    expect(fixes).toEqual([[2, 'amount', '12.00']]);
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    // The focus goes back to the cell.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-cell', '1:3'));
  });
});
