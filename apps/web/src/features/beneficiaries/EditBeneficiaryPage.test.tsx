import type { BeneficiaryDto, PayoutProvider } from '@payouts/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBeneficiary, buildBeneficiaryChange } from '../../testing/buildBeneficiary.js';
import { apiError, createFakeApi, FINANCE_USER, SUPPORT_USER } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { fill } from '../../testing/wizardHarness.js';

const IBAN = 'BE71096123456769';

const BANK: Record<string, PayoutProvider[]> = {
  'BE/EUR': [
    {
      name: 'beta_bank',
      title: 'Beta Bank',
      payout_method_type: 'bank_account',
      fields: [
        { name: 'bankAccountName', title: 'Account holder name' },
        { name: 'bankAccountNumber', title: 'IBAN' },
      ],
    },
  ],
};

function saved() {
  return buildBeneficiary({
    display_name: 'Jane Seller',
    reference: 'S-7',
    email: 'jane@example.com',
    details: { bankAccountName: 'Jane Seller BV', bankAccountNumber: 'BE68****0001' },
  });
}

describe('EditBeneficiaryPage', () => {
  it('sends the name, reference and e-mail, and says a new name waits for approval', async () => {
    const b = saved();
    const { api, calls } = createFakeApi({
      beneficiaries: [b],
      providers: BANK,
      // The BFF's answer: the e-mail applied, the name and reference waiting.
      updateBeneficiary: (id, body) =>
        Promise.resolve({
          ...b,
          id,
          email: body.email ?? null,
          status: 'pending_change',
          pending_change: buildBeneficiaryChange({
            diff: [{ field: 'display_name', from: b.display_name, to: 'Jane Seller Ltd' }],
          }),
        }),
    });
    const { user } = renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
    expect(await screen.findByRole('heading', { name: 'Edit beneficiary' })).toBeInTheDocument();
    const part = await screen.findByRole('region', { name: 'Name, reference and e-mail' });
    await fill(user, within(part).getByLabelText(/^Name/), 'Jane Seller Ltd');
    await fill(user, within(part).getByLabelText(/^Reference/), ' S-8 ');
    await fill(user, within(part).getByLabelText(/^E-mail/), '');
    await user.click(within(part).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateBeneficiary).toEqual([
        { id: b.id, body: { display_name: 'Jane Seller Ltd', reference: 'S-8', email: null } },
      ]),
    );
    expect(
      await within(part).findByText(/^Saved\. The new name or reference waits for a second person/),
    ).toBeInTheDocument();
  });

  it('shows a taken reference on its field', async () => {
    const b = saved();
    const { api } = createFakeApi({
      beneficiaries: [b],
      providers: BANK,
      updateBeneficiary: () =>
        Promise.reject(
          apiError('conflict', 'A beneficiary with this reference already exists.', {
            status: 409,
            errors: [{ pointer: '/reference', message: 'This reference is already used' }],
          }),
        ),
    });
    const { user } = renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText(/^Reference/)).toHaveAccessibleDescription(
      'This reference is already used',
    );
  });

  it('proposes a change of the payment details, sending exactly { details }, and lands on the detail with it pending', async () => {
    const b = saved();
    // The server keeps new details as a change for a second person.
    const pending: BeneficiaryDto = {
      ...b,
      status: 'pending_change',
      pending_change: buildBeneficiaryChange({
        proposed_by: { id: FINANCE_USER.id, email: FINANCE_USER.email, name: FINANCE_USER.name },
      }),
    };
    const { api, calls } = createFakeApi({
      beneficiaries: [b],
      providers: BANK,
      updateBeneficiary: () => Promise.resolve(pending),
    });
    const { user, router } = renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
    const part = await screen.findByRole('region', { name: 'Payment details' });
    expect(
      within(part).getByText(/stay in force, and payouts use them, until a different finance/),
    ).toBeInTheDocument();
    // The clear value starts filled; the masked one starts empty, with the masked value as help.
    expect(await within(part).findByLabelText(/^Account holder name/)).toHaveValue(
      'Jane Seller BV',
    );
    const iban = within(part).getByLabelText(/^IBAN/);
    expect(iban).toHaveValue('');
    expect(iban).toHaveAccessibleDescription(/Now BE68\*\*\*\*0001/);
    expect(within(part).getByText('Beta Bank')).toBeInTheDocument();

    await fill(user, iban, IBAN);
    await user.click(within(part).getByRole('button', { name: 'Propose change' }));
    await waitFor(() => expect(calls.updateBeneficiary).toHaveLength(1));
    expect(calls.updateBeneficiary[0]).toEqual({
      id: b.id,
      body: { details: { bankAccountName: 'Jane Seller BV', bankAccountNumber: IBAN } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/beneficiaries/${b.id}`));
    expect(await screen.findByRole('table', { name: 'Proposed change' })).toBeInTheDocument();
    expect(screen.getByText(/You proposed it/)).toBeInTheDocument();
  });

  it('shows the BFF field problems on the fields and a pending change conflict as a message', async () => {
    const b = saved();
    let answer = 0;
    const { api } = createFakeApi({
      beneficiaries: [b],
      providers: BANK,
      updateBeneficiary: () =>
        Promise.reject(
          ++answer === 1
            ? apiError('validation_failed', 'Check the payment details.', {
                status: 422,
                errors: [{ pointer: '/details/bankAccountNumber', message: 'Not a valid IBAN' }],
              })
            : apiError('conflict', 'A change of these payment details already awaits a decision.', {
                status: 409,
                errors: [{ pointer: '/details', message: 'A change already awaits a decision' }],
              }),
        ),
    });
    const { user, router } = renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
    const part = await screen.findByRole('region', { name: 'Payment details' });
    await fill(user, await within(part).findByLabelText(/^IBAN/), IBAN);
    await user.click(within(part).getByRole('button', { name: 'Propose change' }));
    expect(await within(part).findByText('Not a valid IBAN')).toBeInTheDocument();
    expect(within(part).getByLabelText(/^IBAN/)).toHaveAccessibleDescription(/Not a valid IBAN/);

    await user.click(within(part).getByRole('button', { name: 'Propose change' }));
    expect(
      await within(part).findByText(/A change of these payment details already awaits a decision/),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/beneficiaries/${b.id}/edit`);
  });

  it('is not offered to support, and the page refuses them', async () => {
    const b = saved();
    const { api, calls } = createFakeApi({
      user: SUPPORT_USER,
      beneficiaries: [b],
      providers: BANK,
    });
    renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
    expect(
      await screen.findByText('Only finance staff and admins change beneficiaries.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose change' })).not.toBeInTheDocument();
    expect(calls.updateBeneficiary).toEqual([]);
  });

  it('is reached from the detail page with Edit, not for an archived one', async () => {
    const b = saved();
    const gone = buildBeneficiary({ status: 'archived' });
    const { api } = createFakeApi({ beneficiaries: [b, gone], providers: BANK });
    const { user, router } = renderApp({ api, path: `/beneficiaries/${b.id}` });
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit beneficiary' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/beneficiaries/${b.id}/edit`);

    await router.navigate(`/beneficiaries/${gone.id}`);
    await screen.findByText(/Archived: it is no longer offered/);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('warns when a change already awaits a decision', async () => {
    const b = buildBeneficiary({
      status: 'pending_change',
      pending_change: buildBeneficiaryChange(),
    });
    const { api } = createFakeApi({ beneficiaries: [b], providers: BANK });
    renderApp({ api, path: `/beneficiaries/${b.id}/edit` });
    expect(await screen.findByRole('link', { name: 'See the pending change' })).toHaveAttribute(
      'href',
      `/beneficiaries/${b.id}`,
    );
  });
});
