import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PayoutProvider } from '@payouts/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { apiError, createFakeApi, type FakeApiOptions } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { localBatchFiles } from './localBatchFiles.js';

const SLOW = { timeout: 20_000 };

const PROVIDERS: Record<string, PayoutProvider[]> = {
  'BE/EUR': [
    {
      name: 'beta_bank',
      title: 'Beta Bank',
      payout_method_type: 'bank_account',
      fields: [{ name: 'bankAccountName', title: 'Account holder name' }],
    },
  ],
};

function setup(options: FakeApiOptions = {}) {
  const fake = createFakeApi({
    corridors: [{ country: 'BE', currency: 'EUR' }],
    providers: PROVIDERS,
    ...options,
  });
  return { ...fake, ...renderApp({ api: fake.api, path: '/batches/new' }) };
}

async function choose(user: UserEvent, label: RegExp, option: string | RegExp) {
  await user.click(await screen.findByRole('combobox', { name: label }, SLOW));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseCorridor(user: UserEvent) {
  await choose(user, /^Corridor/, 'Belgium · EUR');
  // One type and one PSP: the PSP is chosen with the type.
  await choose(user, /^Payout method type/, /bank/i);
  await screen.findByRole('link', { name: 'Download template' });
}

function csvFile(text: string, name = 'payouts.csv') {
  return new File([text], name, { type: 'text/csv' });
}

beforeEach(() => localBatchFiles.clear());

describe('NewBatchPage', () => {
  it('links the template the BFF builds from the metadata, comma or semicolon', SLOW, async () => {
    const { user, calls } = setup();
    await chooseCorridor(user);
    await user.click(screen.getByRole('radio', { name: 'Semicolon' }));
    const link = screen.getByRole('link', { name: 'Download template' });
    expect(link).toHaveAttribute('download', 'batch-template-BE-EUR-bank_account-beta_bank.csv');
    expect(link).toHaveAttribute(
      'href',
      '/api/batches/template?country=BE&currency=EUR&payout_method_type=bank_account&provider=beta_bank&delimiter=semicolon',
    );
    expect(calls.uploadBatch).toEqual([]);
  });

  it('uploads a file whose header matches as it is, then opens its preview', SLOW, async () => {
    const { user, calls, router } = setup();
    await chooseCorridor(user);
    const text = 'order_id,amount,bankAccountName\r\nA-1,10.00,Jane\r\nA-2,BAD,Bob\r\n';
    // Amounts as the user's locale writes them (en-US here), unless they say otherwise.
    expect(screen.getByRole('radio', { name: '1,234.50' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '1.234,50' }));
    await user.upload(screen.getByLabelText('CSV file'), csvFile(text));
    await screen.findByText(/payouts\.csv: 2 rows/);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batches/bat_up_1'));
    expect(calls.uploadBatch).toEqual([
      {
        country: 'BE',
        currency: 'EUR',
        payout_method_type: 'bank_account',
        provider: 'beta_bank',
        file_name: 'payouts.csv',
        decimal: 'comma',
        csv: text,
      },
    ]);
    const grid = await screen.findByRole('grid', { name: 'Rows of payouts.csv' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    expect(localBatchFiles.get('bat_up_1')?.get(2)).toEqual({
      order_id: 'A-2',
      amount: 'BAD',
      bankAccountName: 'Bob',
    });
  });

  it('shows a bad_file problem as one clear error and goes nowhere', SLOW, async () => {
    const { user, router } = setup({
      uploadBatch: () =>
        Promise.reject(
          apiError('bad_file', 'Row 2 has 4 cells; the header has 3.', { status: 422 }),
        ),
    });
    await chooseCorridor(user);
    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('order_id,amount,bankAccountName\r\nA-1,10.00,Jane\r\n'),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The file cannot be used: Row 2 has 4 cells; the header has 3.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/batches/new');
  });

  it('links to the batch the same file already made (409)', SLOW, async () => {
    const { user } = setup({
      uploadBatch: () =>
        Promise.reject(
          new ApiError('conflict', 'This file was uploaded already.', {
            status: 409,
            extensions: { batch_id: 'bat_old' },
          }),
        ),
    });
    await chooseCorridor(user);
    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('order_id,amount,bankAccountName\r\nA-1,10.00,Jane\r\n'),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file was uploaded already.');
    expect(within(alert).getByRole('link', { name: 'Open that batch' })).toHaveAttribute(
      'href',
      '/batches/bat_old',
    );
  });

  it('refuses a file over 5 MB before reading it', SLOW, async () => {
    const { user, calls } = setup();
    await chooseCorridor(user);
    const big = csvFile('x');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('CSV file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'payouts.csv is 6.0 MB: a batch file may be at most 5.0 MB.',
    );
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(calls.uploadBatch).toEqual([]);
  });

  it(
    'maps other headers onto the template, rewrites the header and remembers it',
    SLOW,
    async () => {
      const { user, calls } = setup();
      await chooseCorridor(user);
      await user.upload(
        screen.getByLabelText('CSV file'),
        csvFile('Order Id;Betrag;Holder name;Notes\r\nA-1;10.00;"Doe; Jane";x\r\n'),
      );
      const table = await screen.findByRole('table', { name: 'Column mapping' });
      expect(
        within(table).getByRole('combobox', { name: 'Column for Order Id' }),
      ).toHaveTextContent('Order ID (order_id)');
      expect(
        within(table).getByRole('combobox', { name: 'Column for Holder name' }),
      ).toHaveTextContent('Account holder name (bankAccountName)');
      expect(within(table).getByRole('combobox', { name: 'Column for Notes' })).toHaveTextContent(
        'Ignore',
      );
      expect(screen.getByRole('alert')).toHaveTextContent('No file column is chosen for amount');
      expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
      await choose(user, /Column for Betrag/, 'Amount (amount)');
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      await waitFor(() => expect(calls.uploadBatch).toHaveLength(1));
      expect(calls.uploadBatch[0]?.csv).toBe(
        'order_id;amount;bankAccountName\r\nA-1;10.00;"Doe; Jane"\r\n',
      );
      expect(
        JSON.parse(localStorage.getItem('payouts.batchMapping.beta_bank.bank_account') ?? '{}'),
      ).toEqual({
        orderid: 'order_id',
        betrag: 'amount',
        holdername: 'bankAccountName',
        notes: null,
      });
    },
  );
});
