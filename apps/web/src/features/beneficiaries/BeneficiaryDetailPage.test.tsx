import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBeneficiary, buildBeneficiaryChange } from '../../testing/buildBeneficiary.js';
import { apiError, createFakeApi, FINANCE_USER, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';

const OTHER = { id: 'u_9', email: 'fin2@example.com', name: 'Finn Second' };

function pending(proposer = OTHER) {
  const change = buildBeneficiaryChange({ proposed_by: proposer });
  return buildBeneficiary({
    display_name: 'Jane Seller',
    status: 'pending_change',
    pending_change: change,
    payouts_count: 3,
    last_paid_at: '2026-11-19T12:00:00.000Z',
  });
}

describe('BeneficiaryDetailPage', () => {
  it('shows the masked diff and lets a second finance user approve the change', async () => {
    const b = pending();
    const { api, calls } = createFakeApi({ beneficiaries: [b] });
    const { user } = renderApp({ api, path: `/beneficiaries/${b.id}` });
    const diff = await screen.findByRole('table', { name: 'Proposed change' });
    expect(within(diff).getByText('BE68****0001')).toBeInTheDocument();
    expect(within(diff).getByText('BE71****0002')).toBeInTheDocument();
    expect(screen.getByText(/Change proposed by Finn Second/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the payouts to Jane Seller' })).toHaveAttribute(
      'href',
      `/payouts?beneficiary_id=${b.id}`,
    );

    await user.click(screen.getByRole('button', { name: 'Approve change' }));
    await waitFor(() =>
      expect(calls.approveBeneficiaryChange).toEqual([
        { id: b.id, changeId: b.pending_change!.id },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Proposed change' })).not.toBeInTheDocument(),
    );
  });

  it('names the payment details and the proposed change as the PSP titles them', async () => {
    const b = pending();
    const { api } = createFakeApi({
      beneficiaries: [b],
      providers: {
        [`${b.country}/${b.currency}`]: [
          {
            name: b.provider,
            title: 'Beta Bank',
            payout_method_type: 'bank_account',
            fields: [{ name: 'bankAccountNumber', title: 'IBAN' }],
          },
        ],
      },
    });
    renderApp({ api, path: `/beneficiaries/${b.id}` });
    const diff = await screen.findByRole('table', { name: 'Proposed change' });
    await waitFor(() => expect(within(diff).getByText('IBAN')).toBeInTheDocument());
    const details = screen.getByRole('heading', {
      name: 'Payment details (masked)',
    }).parentElement!;
    expect(within(details).getByText('IBAN').nextElementSibling).toHaveTextContent('BE68****0001');
  });

  it('rejects only with a reason', async () => {
    const b = pending();
    const { api, calls } = createFakeApi({ beneficiaries: [b] });
    const { user } = renderApp({ api, path: `/beneficiaries/${b.id}` });
    await user.click(await screen.findByRole('button', { name: 'Reject change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    expect(await within(dialog).findByText('Say why the change is rejected.')).toBeInTheDocument();
    expect(calls.rejectBeneficiaryChange).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'IBAN not confirmed by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    await waitFor(() =>
      expect(calls.rejectBeneficiaryChange).toEqual([
        { id: b.id, changeId: b.pending_change!.id, reason: 'IBAN not confirmed by phone' },
      ]),
    );
  });

  it('shows the server message when it refuses self-approval', async () => {
    const b = pending();
    const { api } = createFakeApi({
      beneficiaries: [b],
      approveBeneficiaryChange: () =>
        Promise.reject(
          apiError(
            'change_self_approval',
            'You proposed this change: another person must approve it.',
            {
              status: 403,
            },
          ),
        ),
    });
    const { user } = renderApp({ api, path: `/beneficiaries/${b.id}` });
    await user.click(await screen.findByRole('button', { name: 'Approve change' }));
    expect(
      await screen.findByText(/You proposed this change: another person must approve it\./),
    ).toBeInTheDocument();
  });

  it('does not offer approval to the proposer', async () => {
    const b = pending({ id: FINANCE_USER.id, email: FINANCE_USER.email, name: FINANCE_USER.name });
    const { api } = createFakeApi({ beneficiaries: [b] });
    renderApp({ api, path: `/beneficiaries/${b.id}` });
    expect(await screen.findByText(/You proposed it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve change' })).not.toBeInTheDocument();
  });

  it('is read-only for support', async () => {
    const b = pending();
    const { api } = createFakeApi({ user: SUPPORT_USER, beneficiaries: [b] });
    renderApp({ api, path: `/beneficiaries/${b.id}` });
    await screen.findByRole('table', { name: 'Proposed change' });
    expect(screen.getByText('Payment details (masked)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('archives after confirmation', async () => {
    const b = buildBeneficiary({ display_name: 'Jane Seller' });
    const { api, calls } = createFakeApi({ beneficiaries: [b] });
    const { user } = renderApp({ api, path: `/beneficiaries/${b.id}` });
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Jane Seller?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.archiveBeneficiary).toEqual([b.id]));
    expect(await screen.findByText(/Archived: it is no longer offered/)).toBeInTheDocument();
  });
});
