import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { axeViolations } from '../../testing/axeViolations.js';
import { describe, expect, it } from 'vitest';
import { SUPPORT_USER } from '../../testing/fakeApi.js';
import {
  CARD,
  chooseCountry,
  choosePsp,
  corridorStep,
  fill,
  findSectionField,
  next,
  sectionField,
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
    await screen.findByText(/^Step 2 of 4/);
    // The heading takes the focus in the frame after the step is shown.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());

    // The method step is in the section-form kit, which may still be loading.
    const card = await screen.findByRole('radio', { name: 'Card' }, { timeout: 15_000 });
    await tabTo(user, card);
    await user.keyboard(' ');
    expect(card).toBeChecked();
    // Tab enters the PSP group on its first option; the arrow keys pick, and each pick shows
    // that PSP's section below while the focus stays on the PSP.
    const acme = await screen.findByRole('radio', { name: 'Acme Pay' });
    await tabTo(user, acme);
    await user.keyboard('{ArrowDown}');
    const cardCo = screen.getByRole('radio', { name: 'CardCo' });
    await waitFor(() => expect(cardCo).toBeChecked());
    expect(cardCo).toHaveFocus();
    await screen.findByRole('heading', { name: 'Recipient details for CardCo', hidden: false });
    expect(screen.getByText(/^Step 2 of 4/)).toBeInTheDocument();
    await tabTo(user, sectionField(/^Name on card/));
    await user.keyboard('Jo');
    await tabTo(user, sectionField(/^First name/));
    await user.keyboard('Jo');
    await tabTo(user, screen.getByText('Next'));
    await user.keyboard('{Enter}');
    await screen.findByText(/^Step 3 of 4/);
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
    await screen.findByText(/^Step 2 of 4/);
    const heading = screen.getByRole('heading', {
      name: 'Step 2 of 4: Payout method and recipient',
    });
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
    expect(await screen.findByText(/^Step 2 of 4/)).toBeInTheDocument();
  });

  it('offers only the payout types some PSP offers, and says plainly when no PSP offers any', async () => {
    const { user } = setup();
    await corridorStep(user);
    const methods = await screen.findByRole('radiogroup', { name: 'Payout method' });
    const radios = within(methods)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
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

  it('offers the PSPs of the chosen type only, by their titles, once a type is chosen', async () => {
    const { user } = setup();
    await corridorStep(user);
    await screen.findByRole('radiogroup', { name: 'Payout method' });
    expect(screen.queryByRole('radiogroup', { name: 'PSP' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    const psps = screen.getByRole('radiogroup', { name: 'PSP' });
    expect(
      within(psps)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Acme Pay', 'CardCo']);
    // Beta Bank is the only bank-account PSP: choosing the type picks it and shows its section.
    await user.click(screen.getByRole('radio', { name: 'Bank account' }));
    expect(screen.getByRole('radio', { name: 'Beta Bank' })).toBeChecked();
    expect(
      await screen.findByRole('heading', {
        name: 'Recipient details for Beta Bank',
        hidden: false,
      }),
    ).toBeVisible();
  });

  it('shows the PSP’s section under the PSP the moment it is picked, and says so', async () => {
    const { user } = setup();
    await corridorStep(user);
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(
      screen.queryByRole('heading', { name: /^Recipient details for/, hidden: false }),
    ).toBeNull();
    const acme = screen.getByRole('radio', { name: 'Acme Pay' });
    await user.click(acme);

    const heading = screen.getByRole('heading', {
      level: 3,
      name: 'Recipient details for Acme Pay',
      hidden: false,
    });
    expect(heading).toBeVisible();
    // Same step, the focus where it was, and a screen reader told what appeared.
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Step 2 of 4/);
    expect(acme).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Card with Acme Pay: the recipient details follow.',
    );
    expect(sectionField(/^Card number/)).toBeVisible();
    // Only the shown section's fields and buttons are there for the keyboard and the screen reader.
    expect(sectionField(/^Card number/).id).toMatch(/^recipient-credit_card-acme_pay_/);
    // CardCo's section is there, ready, but hidden: neither seen, focusable nor announced.
    const cardCoField = document.getElementById('recipient-credit_card-cardco_customerFirstName');
    expect(cardCoField).not.toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^First name/, hidden: false })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Next', hidden: false })).toHaveLength(1);
  });

  it('says what is missing when Next is pressed before a type or PSP is picked', async () => {
    const { user } = setup();
    await corridorStep(user);
    await screen.findByRole('radiogroup', { name: 'Payout method' });
    await next(user);
    const methods = screen.getByRole('radiogroup', { name: 'Payout method' });
    expect(methods).toHaveAccessibleDescription('Choose the payout method.');
    expect(screen.getByRole('radio', { name: 'Card' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await next(user);
    expect(screen.getByRole('radiogroup', { name: 'PSP' })).toHaveAccessibleDescription(
      'Choose the PSP.',
    );
    expect(screen.getByRole('radio', { name: 'Acme Pay' })).toHaveFocus();
    expect(screen.getByText(/^Step 2 of 4/)).toBeInTheDocument();
  });

  it('swaps the section when the PSP changes: each keeps its own values, only the chosen one is sent', async () => {
    const { user, calls } = setup();
    await corridorStep(user);
    await choosePsp(user, 'Card', 'Acme Pay');
    await fill(user, sectionField(/^Name on card/), 'Jane Doe');

    await user.click(screen.getByRole('radio', { name: 'CardCo' }));
    await screen.findByRole('heading', { name: 'Recipient details for CardCo', hidden: false });
    expect(
      screen.queryByRole('heading', { name: 'Recipient details for Acme Pay', hidden: false }),
    ).toBeNull();
    // No value carries over from one PSP's section to another's.
    expect(sectionField(/^Name on card/)).toHaveValue('');
    expect(sectionField(/^First name/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Card number/, hidden: false })).toBeNull();
    await fill(user, sectionField(/^Name on card/), 'Someone Else');

    // Back to Acme Pay: what was typed there is still there.
    await user.click(screen.getByRole('radio', { name: 'Acme Pay' }));
    expect(await findSectionField(/^Name on card/)).toHaveValue('Jane Doe');
    await fill(user, sectionField(/^Card number/), CARD);
    await fill(user, sectionField(/^E-mail/), 'jane@example.com');
    await next(user);
    await screen.findByText(/^Step 3 of 4/);
    await user.click(screen.getByRole('button', { name: 'Make a payout' }));
    await waitFor(() => expect(calls.create).toHaveLength(1));
    expect(calls.create[0]!.body).toMatchObject({ provider: 'acme_pay' });
    expect(calls.create[0]!.body.metadata).toEqual({
      creditCardNumber: CARD,
      cardHolderName: 'Jane Doe',
      email: 'jane@example.com',
    });
  });

  it('checks the card number as the BFF does and shows it masked once typed', async () => {
    const { user } = setup();
    await corridorStep(user);
    await choosePsp(user, 'Card', 'Acme Pay');
    const card = await findSectionField(/^Card number/);
    expect(await axeViolations()).toEqual([]);
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
