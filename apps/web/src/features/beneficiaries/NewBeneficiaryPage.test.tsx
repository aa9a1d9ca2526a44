import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { buildBeneficiary } from '../../testing/buildBeneficiary.js';
import { createFakeApi } from '../../testing/fakeApi.js';
import { renderApp } from '../../testing/renderApp.js';
import { fill, PROVIDERS } from '../../testing/wizardHarness.js';

describe('NewBeneficiaryPage', () => {
  it('creates with the wizard PSP section, warns of a duplicate and creates anyway on request', async () => {
    const existing = buildBeneficiary({ display_name: 'Acme Seller BV', reference: 'S-1' });
    const { api, calls } = createFakeApi({
      providers: PROVIDERS,
      createBeneficiary: (body) =>
        body.allow_duplicate
          ? Promise.resolve(buildBeneficiary({ display_name: body.display_name }))
          : Promise.reject(
              new ApiError('beneficiary_duplicate', 'These details are already saved.', {
                status: 409,
                extensions: {
                  duplicates: [
                    { id: existing.id, display_name: 'Acme Seller BV', reference: 'S-1' },
                  ],
                },
              }),
            ),
    });
    const { user, router } = renderApp({ api, path: '/beneficiaries/new' });
    await fill(user, await screen.findByLabelText(/^Name/), 'Acme Seller');
    await fill(user, screen.getByLabelText(/^Reference/), 'S-2');
    await user.click(screen.getByLabelText(/^Country and currency/));
    await user.click(await screen.findByRole('option', { name: 'Belgium (BE) · EUR' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByLabelText('Bank account'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill(user, await screen.findByLabelText(/^Account holder name/), '  Acme Seller BV ');
    await user.click(screen.getByRole('button', { name: 'Create beneficiary' }));

    const warning = await screen.findByText(
      'An active beneficiary already has these payment details',
    );
    const alert = warning.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Acme Seller BV (S-1)' })).toHaveAttribute(
      'href',
      `/beneficiaries/${existing.id}`,
    );
    expect(calls.createBeneficiary[0]).toEqual({
      display_name: 'Acme Seller',
      reference: 'S-2',
      email: null,
      country: 'BE',
      currency: 'EUR',
      state: null,
      payout_method_type: 'bank_account',
      provider: 'beta_bank',
      details: { bankAccountName: 'Acme Seller BV' },
    });

    await user.click(within(alert).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(calls.createBeneficiary).toHaveLength(2));
    expect(calls.createBeneficiary[1]).toEqual({
      ...calls.createBeneficiary[0],
      allow_duplicate: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/beneficiaries\/0/));
  });

  it('says a card is typed again at payout time unless the PSP returns a token', async () => {
    const { api } = createFakeApi({ providers: PROVIDERS });
    const { user } = renderApp({ api, path: '/beneficiaries/new' });
    await fill(user, await screen.findByLabelText(/^Name/), 'Jane');
    await fill(user, screen.getByLabelText(/^Reference/), 'J-1');
    await user.click(screen.getByLabelText(/^Country and currency/));
    await user.click(await screen.findByRole('option', { name: 'Belgium (BE) · EUR' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByLabelText('Card'));
    await user.click(screen.getByLabelText(/^PSP/));
    await user.click(await screen.findByText('Acme Pay'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        /Unless the PSP returns a card token, the card fields are typed again/,
      ),
    ).toBeInTheDocument();
  });

  it('asks for the state where the country has them, as the wizard does, and sends it', async () => {
    const { api, calls } = createFakeApi({
      corridors: [
        { country: 'BE', currency: 'EUR' },
        { country: 'US', currency: 'USD' },
      ],
      providers: { 'US/USD': PROVIDERS['BE/EUR']!.filter((p) => p.name === 'beta_bank') },
    });
    const { user } = renderApp({ api, path: '/beneficiaries/new' });
    await fill(user, await screen.findByLabelText(/^Name/), 'Sam');
    await fill(user, screen.getByLabelText(/^Reference/), 'US-1');
    await user.click(screen.getByLabelText(/^Country and currency/));
    await user.click(await screen.findByRole('option', { name: /\(US\) · USD/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText(/^State/)).toHaveAccessibleDescription('Choose the state.');

    await user.click(screen.getByLabelText(/^State/));
    await user.click(await screen.findByRole('option', { name: 'California (CA)' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByLabelText('Bank account'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill(user, await screen.findByLabelText(/^Account holder name/), 'Sam Smith');
    await user.click(screen.getByRole('button', { name: 'Create beneficiary' }));
    await waitFor(() => expect(calls.createBeneficiary).toHaveLength(1));
    expect(calls.createBeneficiary[0]).toMatchObject({
      country: 'US',
      currency: 'USD',
      state: 'CA',
    });
  });
});
