import { screen, waitFor, within } from '@testing-library/react';
import type { BatchDto, BatchRowDto } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { buildBatch, buildBatchRow } from '../../testing/buildBatch.js';
import {
  ADMIN_USER,
  createFakeApi,
  FINANCE_USER,
  SUPPORT_USER,
  type FakeApiOptions,
} from '../../testing/fakeApi.js';
import { captureDownloads } from '../../testing/captureDownloads.js';
import { renderApp } from '../../testing/renderApp.js';
import { localBatchFiles } from './localBatchFiles.js';

const SLOW = { timeout: 20_000 };

function draft(): { batch: BatchDto; rows: BatchRowDto[] } {
  const rows = [
    buildBatchRow({ row: 1 }),
    buildBatchRow({
      row: 2,
      state: 'invalid',
      cells: { ...buildBatchRow().cells, order_id: 'PO-2', iban: 'BAD' },
      errors: [{ column: 'iban', message: 'iban is not valid.' }],
    }),
    buildBatchRow({
      row: 3,
      state: 'invalid',
      cells: { ...buildBatchRow().cells, order_id: 'PO-3', amount: 'BAD' },
      errors: [{ column: 'amount', message: 'amount is not valid.' }],
    }),
  ];
  const batch = buildBatch({
    id: 'bat_d',
    file_name: 'june.csv',
    counts: { ...buildBatch().counts, rows: 3, valid: 1, invalid: 2 },
  });
  return { batch, rows };
}

function setup(batch: BatchDto, rows: BatchRowDto[], options: FakeApiOptions = {}) {
  const fake = createFakeApi({ batches: [batch], batchRows: { [batch.id]: rows }, ...options });
  return { ...fake, ...renderApp({ api: fake.api, path: `/batches/${batch.id}` }) };
}

describe('BatchDetailPage: a draft (preview)', () => {
  it('says when the PSP’s form changed under the batch, and what to do', SLOW, async () => {
    const { batch, rows } = draft();
    setup(
      {
        ...batch,
        form_changed: { version: 3, at: '2026-11-21T10:00:00.000Z', rows: 2, withdrawn: false },
      },
      rows,
    );
    const status = await screen.findByText(
      /form for BE\/EUR changed at the orchestrator/,
      {},
      SLOW,
    );
    expect(status).toHaveTextContent(
      '2 rows that passed no longer do, and the batch is a draft again. Fix the cells shown',
    );
  });

  it('tells the uploader who else changed which cells, before they submit', SLOW, async () => {
    const { batch, rows } = draft();
    setup(
      {
        ...batch,
        changed_by_others: [
          {
            by: { id: 'u_admin', email: 'admin@example.com', name: 'Ada Admin' },
            at: '2026-11-21T10:00:00.000Z',
            row: 2,
            cells: [{ column: 'amount', from: '10.00', to: '1000.00' }],
          },
        ],
      },
      rows,
    );
    const status = await screen.findByRole('status', { name: 'Changed by others' }, SLOW);
    expect(status).toHaveTextContent('Someone else changed this batch: check it before you submit');
    expect(status).toHaveTextContent(/Ada Admin changed row 2 on .*: Amount “10\.00” → “1000\.00”/);
  });

  it('shows a colleague’s draft read-only: it belongs to its uploader', SLOW, async () => {
    const { batch, rows } = draft();
    setup(
      { ...batch, created_by: { id: 'u_other', email: 'o@example.com', name: 'Olga Other' } },
      rows,
      {
        user: FINANCE_USER,
      },
    );
    expect(
      await screen.findByText('This batch is a draft: Olga Other prepares it.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('says when the PSP stopped offering the batch’s payout type', SLOW, async () => {
    const { batch, rows } = draft();
    setup(
      {
        ...batch,
        form_changed: { version: 4, at: '2026-11-21T10:00:00.000Z', rows: 1, withdrawn: true },
      },
      rows,
    );
    expect(
      await screen.findByText(/stopped offering bank account payouts to BE in EUR/, {}, SLOW),
    ).toHaveTextContent('1 row can no longer be sent. Cancel this batch');
  });

  it(
    'shows every row, marks invalid cells, filters, fixes in place and continues without the rest',
    SLOW,
    async () => {
      const { batch, rows } = draft();
      const { user, calls } = setup(batch, rows);
      const grid = await screen.findByRole('grid', { name: 'Rows of june.csv' }, SLOW);
      expect(within(grid).getAllByRole('row')).toHaveLength(4);
      const invalid = within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.getAttribute('aria-invalid') === 'true');
      expect(invalid.map((c) => c.textContent)).toEqual(['BAD', 'BAD']);
      expect(within(grid).getAllByRole('row')[2]).toHaveTextContent('IBAN: iban is not valid.');
      // The message on hover, as a tooltip (focus opens it too, but MUI decides "keyboard focus"
      // from module-wide state that other test files change).
      await user.hover(invalid[0]!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent('iban is not valid.');

      await user.click(screen.getByRole('switch', { name: 'Only rows with errors' }));
      await waitFor(() =>
        expect(within(screen.getByRole('grid')).getAllByRole('row')).toHaveLength(3),
      );
      expect(calls.batchRows.at(-1)).toMatchObject({ filter: 'errors', offset: 0, limit: 1000 });

      // Fix row 2's IBAN in place.
      const cell = within(screen.getByRole('grid'))
        .getAllByRole('gridcell')
        .find(
          (c) =>
            c.getAttribute('aria-invalid') === 'true' &&
            c.closest('tr')?.textContent?.includes('PO-2'),
        );
      expect(cell).toBeDefined();
      if (!cell) return;
      await user.click(cell);
      const editor = screen.getByRole('textbox', { name: 'IBAN, row 2' });
      await user.clear(editor);
      await user.type(editor, 'BE71096123456769{Enter}');
      await waitFor(() =>
        expect(calls.fixBatchRow).toEqual([
          { id: 'bat_d', row: 2, cells: { iban: 'BE71096123456769' } },
        ]),
      );
      await waitFor(() =>
        expect(screen.queryByRole('textbox', { name: 'IBAN, row 2' })).not.toBeInTheDocument(),
      );
      expect(screen.getByText('BE71096123456769')).toBeInTheDocument();
      // The counts are read again: one invalid row left.
      const go = await screen.findByRole('button', { name: 'Continue without 1 invalid row' });
      await user.click(go);
      await waitFor(() =>
        expect(calls.validateBatch).toEqual([{ id: 'bat_d', excludeInvalid: true }]),
      );
      // Validated: the summary.
      expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
      expect(screen.getByText('Rows excluded').nextSibling).toHaveTextContent('1');
    },
  );

  it(
    'says "Continue without 2 invalid rows", and "Continue" when all are valid',
    SLOW,
    async () => {
      const { batch, rows } = draft();
      setup(batch, rows);
      expect(
        await screen.findByRole('button', { name: 'Continue without 2 invalid rows' }, SLOW),
      ).toBeEnabled();
      const valid = buildBatch({ id: 'bat_ok' });
      const other = setup(valid, [buildBatchRow({ row: 1 })]);
      expect(await other.findByRole('button', { name: 'Continue' })).toBeEnabled();
    },
  );

  it(
    'downloads the rows with errors, with the cells of the file read in this session',
    SLOW,
    async () => {
      const { batch, rows } = draft();
      localBatchFiles.set(batch.id, [
        ['order_id', 'amount', 'state', 'beneficiary_reference', 'iban'],
        ['PO-1', '10.00', '', '', 'BE71096123456769'],
        ['PO-2', '10.00', '', '', 'BAD'],
        ['PO-3', 'BAD', '', '', 'BE71096123456770'],
      ]);
      const downloads = captureDownloads();
      try {
        const { user, calls } = setup(batch, rows);
        await user.click(
          await screen.findByRole('button', { name: 'Download rows with errors' }, SLOW),
        );
        await waitFor(() => expect(downloads.names).toEqual(['june-errors.csv']));
        expect(calls.batchRows.some((c) => c.filter === 'errors')).toBe(true);
        expect((await downloads.texts())[0]?.split('\r\n')).toEqual([
          'order_id,amount,state,beneficiary_reference,iban,error',
          'PO-2,10.00,,,BAD,IBAN: iban is not valid.',
          'PO-3,BAD,,,BE71096123456770,Amount: amount is not valid.',
          '',
        ]);
      } finally {
        downloads.restore();
        localBatchFiles.clear();
      }
    },
  );

  it('escapes an edit without saving', SLOW, async () => {
    const { batch, rows } = draft();
    const { user, calls } = setup(batch, rows);
    const grid = await screen.findByRole('grid', {}, SLOW);
    const amount = within(grid)
      .getAllByRole('gridcell')
      .find((c) => c.textContent === '10.00');
    if (!amount) throw new Error('no amount cell');
    await user.click(amount);
    await user.type(screen.getByRole('textbox', { name: 'Amount, row 1' }), '5{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Amount, row 1' })).not.toBeInTheDocument();
    expect(calls.fixBatchRow).toEqual([]);
  });
});

describe('BatchDetailPage: validated (summary)', () => {
  it('shows totals, PSPs, approvals needed, and submits', SLOW, async () => {
    const batch = buildBatch({
      id: 'bat_v',
      status: 'validated',
      summary: {
        included: 48,
        excluded: 2,
        totals: [{ currency: 'EUR', amount: '12500.00' }],
        per_provider: [
          { provider: 'acme_pay', provider_title: 'Acme Pay', rows: 48, amount: '12500.00' },
        ],
        rows_needing_approval: 10,
        rows_waiting_individually: 3,
      },
      approval: {
        rule: { id: 'r1', name: 'Batches' },
        required: 2,
        roles: ['finance', 'admin'],
        approvals: [],
        rejected: null,
      },
    });
    const { user, calls } = setup(batch, [], {
      submitBatch: () =>
        Promise.resolve({
          ...batch,
          status: 'awaiting_approval',
          submitted_at: '2026-11-25T10:00:00.000Z',
          can_decide: false,
          cannot_decide_reason: 'You submitted this batch: someone else must approve it.',
        }),
    });
    await screen.findByRole('heading', { name: 'Summary' }, SLOW);
    const value = (label: string) => screen.getByText(label).nextSibling?.textContent;
    expect(value('Rows included')).toBe('48');
    expect(value('Rows excluded')).toBe('2');
    expect(value('Total')).toBe('€12,500.00');
    expect(value('Per PSP')).toBe('Acme Pay: 48 rows, €12,500.00');
    expect(value('Rows needing approval')).toBe('10');
    expect(value('Rows that will wait individually')).toBe('3');
    expect(value('Batch approval')).toBe('2 approvals by finance or admin (Batches)');
    await user.click(screen.getByRole('button', { name: 'Submit batch' }));
    await waitFor(() => expect(calls.submitBatch).toEqual(['bat_v']));
    expect(
      await screen.findByText('Awaiting approval', { selector: '[data-status]' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You submitted this batch/)).toBeInTheDocument();
  });
});

describe('BatchDetailPage: after submit', () => {
  const sent = (overrides: Partial<BatchDto> = {}) =>
    buildBatch({
      id: 'bat_s',
      status: 'awaiting_approval',
      approval: {
        rule: { id: 'r1', name: 'Batches' },
        required: 1,
        roles: ['admin'],
        approvals: [],
        rejected: null,
      },
      can_decide: true,
      ...overrides,
    });

  it('lets an approver approve the batch', SLOW, async () => {
    const { user, calls } = setup(sent(), [buildBatchRow({ state: 'queued' })], {
      user: ADMIN_USER,
    });
    await user.click(await screen.findByRole('button', { name: 'Approve batch' }, SLOW));
    await waitFor(() => expect(calls.approveBatch).toEqual(['bat_s']));
    expect(await screen.findByText('Approved', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.getByText(/Approved by Ada Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve batch' })).not.toBeInTheDocument();
  });

  it('rejects with a reason', SLOW, async () => {
    const { user, calls } = setup(sent(), [], { user: ADMIN_USER });
    await user.click(await screen.findByRole('button', { name: 'Reject batch' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this batch?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.rejectBatch).toEqual([{ id: 'bat_s', reason: 'Wrong month' }]),
    );
    expect(await screen.findByText(/Rejected by Ada Admin/)).toHaveTextContent('Wrong month');
  });

  it('says why someone may not decide, and support gets no cancel', SLOW, async () => {
    setup(
      sent({ can_decide: false, cannot_decide_reason: 'Your role cannot approve this batch.' }),
      [],
      { user: SUPPORT_USER },
    );
    expect(
      await screen.findByText('Your role cannot approve this batch.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve batch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).not.toBeInTheDocument();
  });

  it('cancels with an optional reason', SLOW, async () => {
    const { user, calls } = setup(sent({ can_decide: false }), []);
    await user.click(await screen.findByRole('button', { name: 'Cancel batch' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this batch?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Duplicate file');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(calls.cancelBatch).toEqual([{ id: 'bat_s', reason: 'Duplicate file' }]),
    );
    expect(await screen.findByText('Cancelled', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).not.toBeInTheDocument();
  });

  it(
    'shows progress and rows, exports, and retries failed rows through another PSP',
    SLOW,
    async () => {
      const batch = sent({
        status: 'completed_with_failures',
        can_decide: false,
        counts: {
          rows: 3,
          invalid: 0,
          valid: 0,
          excluded: 0,
          queued: 0,
          sending: 0,
          cancelled: 0,
          payouts: { approved: 1, failed: 1, declined: 1 },
        },
      });
      const rows = [
        buildBatchRow({ row: 1, state: 'created', payout_id: 'pay_1', payout_status: 'approved' }),
        buildBatchRow({
          row: 2,
          state: 'created',
          payout_id: 'pay_2',
          payout_status: 'failed',
          reason: 'PSP timeout',
        }),
        buildBatchRow({
          row: 3,
          state: 'created',
          payout_id: 'pay_3',
          payout_status: 'declined',
          reason: 'Closed account',
        }),
      ];
      const { user, calls, router } = setup(batch, rows, {
        providers: {
          'BE/EUR': [
            { name: 'acme_pay', title: 'Acme Pay', payout_method_type: 'bank_account', fields: [] },
            {
              name: 'beta_bank',
              title: 'Beta Bank',
              payout_method_type: 'bank_account',
              fields: [],
            },
            { name: 'cardco', title: 'CardCo', payout_method_type: 'credit_card', fields: [] },
          ],
        },
      });
      expect(
        await screen.findByRole('progressbar', { name: '3 of 3 rows finished' }, SLOW),
      ).toBeInTheDocument();
      const chips = within(screen.getByRole('list', { name: 'Rows by status' }));
      expect(chips.getByText('Paid out: 1')).toBeInTheDocument();
      expect(chips.getByText('Failed: 1')).toBeInTheDocument();
      expect(chips.getByText('Declined: 1')).toBeInTheDocument();
      const grid = await screen.findByRole('grid', {
        name: 'Rows of payouts-' + batch.file_name.slice(8),
      });
      expect(within(grid).getByRole('link', { name: 'PO-2' })).toHaveAttribute(
        'href',
        '/payouts/pay_2',
      );
      expect(within(grid).getAllByRole('row')[2]).toHaveTextContent('PSP timeout');
      expect(screen.getByRole('link', { name: 'Export results' })).toHaveAttribute(
        'href',
        '/api/batches/bat_s/results.csv',
      );

      await user.click(screen.getByRole('button', { name: 'Retry failed rows' }));
      const dialog = await screen.findByRole('dialog', { name: /Retry the failed rows/ });
      await user.click(within(dialog).getByRole('combobox', { name: /PSP/ }));
      const options = await screen.findAllByRole('option');
      // Another PSP of the same type: not the batch's own, not a card PSP.
      expect(options.map((o) => o.textContent)).toEqual(['Beta Bank']);
      await user.click(options[0] as HTMLElement);
      await user.click(within(dialog).getByRole('button', { name: 'Create the retry batch' }));
      await waitFor(() =>
        expect(calls.retryBatch).toEqual([{ id: 'bat_s', provider: 'beta_bank' }]),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/batches/bat_s_retry'));
      // The new draft opens on its preview.
      expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
      expect(within(await screen.findByRole('grid')).getAllByRole('row')).toHaveLength(3);
    },
  );
});
