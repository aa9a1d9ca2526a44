import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { SUPPORT_USER } from '../../testing/fakeApi.js';
import {
  CARD,
  chooseCountry,
  choosePsp,
  corridorStep,
  fill,
  next,
  setup,
} from '../../testing/wizardHarness.js';

/** Presses Tab until `target` has the focus: proof that the keyboard alone can reach it. */
async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let i = 0; i < 20 && document.activeElement !== target; i += 1) await user.tab();
  expect(target).toHaveFocus();
}

describe('PayoutWizardPage: the steps', () => {
  it('can be filled in with the keyboard alone', async () => {
    const { user } = setup();
    const country = await screen.findByLabelText(/^Country/);
    await tabTo(user, country);
    await user.keyboard('Belg{ArrowDown}{Enter}');
    expect(country).toHaveValue('Belgium (BE)');
    await tabTo(user, screen.getByLabelText(/^Amount/));
    await user.keyboard('5');
    await tabTo(user, screen.getByText('Next'));
    await user.keyboard('{Enter}');
    await screen.findByText(/^Step 2 of 5/);
    // The heading takes the focus in the frame after the step is shown.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());

    // The method step is in the section-form kit, which may still be loading.
    await tabTo(user, await screen.findByLabelText('Card'));
    await user.keyboard(' ');
    expect(screen.getByLabelText('Card')).toBeChecked();
    await tabTo(user, screen.getByLabelText(/^PSP/));
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/^PSP/)).toHaveTextContent('CardCo'));
    await tabTo(user, screen.getByText('Next'));
    await user.keyboard('{Enter}');
    await screen.findByText(/^Step 3 of 5/);
    await tabTo(user, screen.getByLabelText(/^Name on card/));
    await user.keyboard('Jo');
    await tabTo(user, screen.getByLabelText(/^First name/));
    await user.keyboard('Jo');
    await tabTo(user, screen.getByText('Next'));
    await user.keyboard('{Enter}');
    await screen.findByText(/^Step 4 of 5/);
    await tabTo(user, screen.getByText('Make a payout'));
  });

  it('checks the corridor step: required fields, then the amount against the currency’s scale', async () => {
    const { user } = setup();
    await screen.findByLabelText(/^Country/);
    expect(screen.getByLabelText(/^Order ID/)).toHaveValue('PO-20261120-BBBBBB');
    await next(user);
    expect(screen.getByLabelText(/^Country/)).toHaveAccessibleDescription(
      'Choose the country to pay to.',
    );
    expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleDescription('Enter the amount.');

    await chooseCountry(user, 'Jap', 'Japan (JP)');
    // The only currency of the corridor is chosen for the user.
    expect(screen.getByLabelText(/^Currency/)).toHaveTextContent('JPY');
    await fill(user, screen.getByLabelText(/^Amount/), '10.5');
    await next(user);
    const amount = screen.getByLabelText(/^Amount/);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('JPY amounts cannot have decimals.');

    await user.clear(amount);
    await fill(user, amount, '10');
    await next(user);
    await screen.findByText(/^Step 2 of 5/);
    const heading = screen.getByRole('heading', { name: 'Step 2 of 5: Payout method and PSP' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('asks for the state where the country has states', async () => {
    const { user } = setup();
    await chooseCountry(user, 'United St', 'United States (US)');
    await fill(user, screen.getByLabelText(/^Amount/), '25.00');
    await next(user);
    expect(screen.getByLabelText(/^State/)).toHaveAccessibleDescription('Choose the state.');
    await fill(user, screen.getByLabelText(/^State/), 'Califo');
    await user.click(await screen.findByText('California (CA)'));
    await next(user);
    expect(await screen.findByText(/^Step 2 of 5/)).toBeInTheDocument();
  });

  it('offers only the payout types some PSP offers, and says plainly when no PSP offers any', async () => {
    const { user } = setup();
    await corridorStep(user);
    const radios = (await screen.findAllByRole('radio')).map(
      (r) => r.closest('label')?.textContent,
    );
    expect(radios).toEqual(['Card', 'Bank account']);
    expect(screen.getByText(/Not offered for BE \/ EUR: Crypto wallet\./)).toBeInTheDocument();

    await user.click(screen.getByText('Back'));
    await chooseCountry(user, 'Nether', 'Netherlands (NL)');
    await next(user);
    expect(
      await screen.findByText(
        'No PSP offers payouts for NL / EUR. A PSP is listed only when its “Payouts” feature and this payout type are enabled in its credentials.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('labels the PSP dropdown with the PSPs’ titles, for the chosen type only', async () => {
    const { user } = setup();
    await corridorStep(user);
    await user.click(await screen.findByLabelText('Card'));
    await user.click(screen.getByLabelText(/^PSP/));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Acme Pay', 'CardCo']);
  });

  it('mounts a fresh PSP section when the PSP changes, so no value carries over', async () => {
    const { user } = setup();
    await corridorStep(user);
    await choosePsp(user, 'Card', 'Acme Pay');
    await next(user);
    await fill(user, await screen.findByLabelText(/^Name on card/), 'Jane Doe');
    expect(screen.getByLabelText(/^Name on card/)).toHaveValue('Jane Doe');

    await user.click(screen.getByText('Back'));
    await user.click(await screen.findByLabelText(/^PSP/));
    await user.click(await screen.findByText('CardCo'));
    await next(user);
    expect(await screen.findByLabelText(/^Name on card/)).toHaveValue('');
    expect(screen.getByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
  });

  it('checks the card number as the BFF does and shows it masked once typed', async () => {
    const { user } = setup();
    await corridorStep(user);
    await choosePsp(user, 'Card', 'Acme Pay');
    await next(user);
    const card = await screen.findByLabelText(/^Card number/);
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => v.id)).toEqual([]);
    expect(card).toHaveAttribute('inputmode', 'numeric');
    expect(card).toHaveAttribute('autocomplete', 'cc-number');

    await fill(user, card, '4111 1111 1111 1112');
    await user.tab();
    await next(user);
    expect(
      await screen.findByText('This card number is not valid: check it for a typo.'),
    ).toBeInTheDocument();

    await user.clear(card);
    await fill(user, card, '4111 1111 1111 1111');
    await user.tab();
    expect(card).toHaveValue('411111******1111');
    await user.click(card);
    expect(card).toHaveValue(CARD);
  });

  it('tells support staff they cannot make payouts', async () => {
    setup({ user: SUPPORT_USER });
    expect(
      await screen.findByText(/Your role \(Support\) cannot make payouts/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText(/^Country/)).not.toBeInTheDocument());
  });
});
