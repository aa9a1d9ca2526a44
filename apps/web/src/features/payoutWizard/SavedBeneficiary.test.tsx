import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBeneficiary } from '../../testing/buildBeneficiary.js';
import { fill, next, setup, toReview } from '../../testing/wizardHarness.js';

describe('the wizard and saved beneficiaries', () => {
  it('pays a saved beneficiary typing only the amount, sending exactly its id, amount and order id', async () => {
    const saved = buildBeneficiary({ display_name: 'Jane Seller', reference: 'S-7' });
    const broken = buildBeneficiary({
      display_name: 'Jane Old',
      unusable_reason: 'Beta Bank no longer offers bank accounts in BE/EUR.',
    });
    const { user, calls } = setup({ beneficiaries: [saved, broken] });
    await user.click(await screen.findByLabelText(/^Pay a saved beneficiary/));
    await user.paste('Jane');
    const disabled = await screen.findByRole('option', { name: /Jane Old/ });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    expect(within(disabled).getByText(/Unusable: Beta Bank no longer offers/)).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Jane Seller/ }));

    const details = await screen.findByRole('region', { name: 'Saved payment details' });
    expect(within(details).getByText('BE68****0001')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: /Edit details/ })).toHaveAttribute(
      'href',
      `/beneficiaries/${saved.id}/edit`,
    );
    expect(screen.getByLabelText(/^Country/)).toHaveValue('Belgium (BE)');

    await fill(user, screen.getByLabelText(/^Amount/), '42.00');
    await next(user);
    await screen.findByText(/^Step 3 of 4/);
    await user.click(await screen.findByRole('button', { name: 'Make a payout' }));
    await waitFor(() => expect(calls.createForBeneficiary).toHaveLength(1));
    expect(calls.createForBeneficiary[0]?.body).toEqual({
      beneficiary_id: saved.id,
      amount: '42.00',
      order_id: expect.stringMatching(/^PO-/) as string,
    });
    expect(Object.keys(calls.createForBeneficiary[0]!.body).sort()).toEqual([
      'amount',
      'beneficiary_id',
      'order_id',
    ]);
    expect(calls.create).toEqual([]);
    await screen.findByText(/^Step 4 of 4/);
    expect(screen.queryByRole('button', { name: 'Save as beneficiary' })).not.toBeInTheDocument();
  });

  it('offers "Save as beneficiary" after a payout to new details, prefilled from this session', async () => {
    const { user, calls } = setup();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Make a payout' }));
    await user.click(await screen.findByRole('button', { name: 'Save as beneficiary' }));
    const form = await screen.findByRole('region', { name: 'Save as beneficiary' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Jane Doe');
    await fill(user, within(form).getByLabelText(/^Reference/), 'JD-1');
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    await user.click(await within(form).findByRole('button', { name: 'Next' }));
    await user.click(await within(form).findByRole('button', { name: 'Create beneficiary' }));
    await waitFor(() => expect(calls.createBeneficiary).toHaveLength(1));
    expect(calls.createBeneficiary[0]).toMatchObject({
      display_name: 'Jane Doe',
      reference: 'JD-1',
      country: 'BE',
      currency: 'EUR',
      payout_method_type: 'credit_card',
      provider: 'acme_pay',
      details: {
        creditCardNumber: '4111111111111111',
        cardHolderName: 'Jane Doe',
        email: 'jane@example.com',
      },
    });
    expect(await screen.findByRole('link', { name: 'Open the beneficiary' })).toBeInTheDocument();
  });
});
