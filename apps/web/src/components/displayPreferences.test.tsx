import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../testing/buildPayout.js';
import { createFakeApi } from '../testing/fakeApi.js';
import { renderApp } from '../testing/renderApp.js';
import { AmountField } from './AmountField.js';
import { LOCALE_STORAGE_KEY } from './displayPreferences.js';

function Entry({ currency }: { currency: string }) {
  const [amount, setAmount] = useState('');
  return (
    <>
      <AmountField label="Amount" value={amount} currency={currency} onChange={setAmount} />
      <output aria-label="Sent">{amount}</output>
    </>
  );
}

describe('formats in the user’s locale', () => {
  it('shows money, counts and times in the chosen format, and follows a new choice at once', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de-DE');
    const payout = buildPayout({ amount: '1234.5', currency: 'EUR', order_id: 'PO-DE' });
    const { api } = createFakeApi({
      list: () => Promise.resolve({ items: [payout], next_cursor: null }),
      totals: () =>
        Promise.resolve({
          count: 12_345,
          by_currency: [{ currency: 'EUR', count: 12_345, amount: '1234567.5' }],
        }),
    });
    const { user } = renderApp({ api, path: '/payouts' });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(await within(table).findByText('1.234,50 €')).toBeInTheDocument();
    const totals = await screen.findByRole('status', { name: 'Totals' });
    expect(within(totals).getByText('12.345 payouts')).toBeInTheDocument();
    expect(within(totals).getByText('1.234.567,50 €')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account: Fiona Finance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Time zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time zone' });
    const formats = within(dialog).getByRole('combobox', { name: 'Number and date format' });
    expect(formats).toHaveValue('de-DE');
    await user.selectOptions(formats, 'en-US');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('€1,234.50').length).toBeGreaterThan(0));
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
  });

  it('reads an amount typed with the locale’s separators, and says what it understood', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de-DE');
    const user = userEvent.setup();
    render(<Entry currency="EUR" />);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1.000,50');
    expect(screen.getByRole('status', { name: 'Sent' })).toHaveTextContent('1000.50');
    expect(screen.getByText('Understood as 1.000,50 €.')).toBeInTheDocument();
  });

  it('passes text that is not an amount on as typed, for validation to name', async () => {
    const user = userEvent.setup();
    render(<Entry currency="USD" />);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1,000.50');
    expect(screen.getByRole('status', { name: 'Sent' })).toHaveTextContent('1000.50');
    expect(screen.getByText('Understood as $1,000.50.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12abc');
    expect(screen.getByRole('status', { name: 'Sent' })).toHaveTextContent('12abc');
  });
});
