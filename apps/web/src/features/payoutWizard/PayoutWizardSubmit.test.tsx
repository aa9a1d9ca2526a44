import type { PayoutDto } from '@payouts/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '../../testing/buildPayout.js';
import { apiError } from '../../testing/fakeApi.js';
import {
  CARD,
  choosePsp,
  corridorStep,
  deferred,
  fill,
  findSectionField,
  next,
  sectionField,
  setup,
  toReview,
} from '../../testing/wizardHarness.js';
import { DRAFT_STORAGE_KEY } from './draftStorage.js';

describe('PayoutWizardPage: making the payout', () => {
  it('reviews with sensitive values masked; a double click sends one request with one key', async () => {
    const reply = deferred<PayoutDto>();
    const { user, calls } = setup({ create: () => reply.promise });
    await toReview(user);
    expect(
      await screen.findByText('No approval needed: it is sent as soon as you make it', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('411111******1111')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(CARD);
    expect(screen.getByText('€100.50')).toBeInTheDocument();

    await user.dblClick(screen.getByRole('button', { name: 'Make a payout' }));
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0]!.key).toBe('key-1');
    expect(calls.create[0]!.body).toEqual({
      order_id: 'PO-20261120-BBBBBB',
      provider: 'acme_pay',
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: '100.50',
      payout_method_type: 'credit_card',
      metadata: { creditCardNumber: CARD, cardHolderName: 'Jane Doe', email: 'jane@example.com' },
    });
    expect(screen.getByRole('button', { name: 'Make a payout' })).toBeDisabled();

    reply.resolve(
      buildPayout({ id: 'pay_new', order_id: 'PO-20261120-BBBBBB', status: 'pending' }),
    );
    expect(await screen.findByText('Payout PO-20261120-BBBBBB was created.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the payout' })).toHaveAttribute(
      'href',
      '/payouts/pay_new',
    );
    expect(calls.create).toHaveLength(1);
  });

  it('says on review whether the payout will wait for approval, and for how many people', async () => {
    const { user, calls } = setup({
      previewApproval: () =>
        Promise.resolve({
          id: 'above-100000',
          name: 'Any other currency above 100,000',
          approvals_required: 2,
          roles: ['finance', 'admin'],
        }),
    });
    await toReview(user);
    const status = await screen.findByText('It will wait for approval before it is sent');
    expect(status.parentElement).toHaveTextContent(
      'Rule “Any other currency above 100,000”: 2 approvers (Finance or Admin). Nothing reaches the PSP until 2 other people approve it',
    );
    expect(calls.previewApproval).toEqual([
      {
        amount: '100.50',
        currency: 'EUR',
        country: 'BE',
        payout_method_type: 'credit_card',
        provider: 'acme_pay',
      },
    ]);
  });

  it('puts a field error from the API on that field; a resend of the changed body gets a new key', async () => {
    let attempt = 0;
    const { user, calls } = setup({
      create: (body) => {
        attempt += 1;
        if (attempt === 1) {
          return Promise.reject(
            apiError('validation_failed', 'Some fields are invalid.', {
              errors: [
                {
                  pointer: '/metadata/email',
                  message: 'The PSP does not accept this e-mail address.',
                },
              ],
            }),
          );
        }
        return Promise.resolve(
          buildPayout({ id: 'pay_ok', order_id: body.order_id, status: 'pending' }),
        );
      },
    });
    await toReview(user);
    await user.click(screen.getByText('Make a payout'));

    await screen.findByText(/^Step 2 of 4/);
    const email = sectionField(/^E-mail/);
    expect(screen.getByText('The PSP does not accept this e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/The payout was not made: fix the marked fields/)).toBeInTheDocument();

    await user.clear(email);
    await fill(user, email, 'jane.doe@example.com');
    expect(
      screen.queryByText('The PSP does not accept this e-mail address.'),
    ).not.toBeInTheDocument();
    // The card number was never stored; it is still in the form.
    expect(sectionField(/^Card number/)).toHaveValue('411111******1111');
    await next(user);
    await user.click(await screen.findByText('Make a payout'));
    await screen.findByText(/was created\./);
    expect(calls.create.map((c) => c.key)).toEqual(['key-1', 'key-2']);
    expect(calls.create[1]!.body.metadata.email).toBe('jane.doe@example.com');
  });

  it('retries after a network failure with the same key, so the payout is made at most once', async () => {
    let attempt = 0;
    const { user, calls } = setup({
      create: (body) => {
        attempt += 1;
        return attempt === 1
          ? Promise.reject(
              apiError('network_error', 'The server could not be reached.', { status: 0 }),
            )
          : Promise.resolve(
              buildPayout({ id: 'pay_1', order_id: body.order_id, status: 'pending' }),
            );
      },
    });
    await toReview(user);
    await user.click(screen.getByText('Make a payout'));
    expect(await screen.findByText('The payout may not have been made')).toBeInTheDocument();
    await user.click(screen.getByText('Make a payout'));
    await screen.findByText(/was created\./);
    expect(calls.create.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });

  it('shows a possible duplicate on the review, links the earlier payout, and pays again only when asked', async () => {
    let attempt = 0;
    const { user, calls } = setup({
      create: (body) => {
        attempt += 1;
        return attempt === 1
          ? Promise.reject(
              apiError(
                'possible_duplicate',
                'A payout of 125.50 EUR to this account was made on 2030-01-01 (order PO-EARLIER). Pay again only if it is meant.',
                {
                  status: 409,
                  extensions: {
                    duplicates: [
                      {
                        id: 'pay_earlier',
                        order_id: 'PO-EARLIER',
                        amount: '125.50',
                        currency: 'EUR',
                        status: 'approved',
                        created_at: new Date(Date.now() - 86_400_000).toISOString(),
                        created_by: 'finance2@example.com',
                      },
                    ],
                  },
                },
              ),
            )
          : Promise.resolve(
              buildPayout({ id: 'pay_1', order_id: body.order_id, status: 'pending' }),
            );
      },
    });
    await toReview(user);
    await user.click(screen.getByText('Make a payout'));
    expect(
      await screen.findByText('This may be a duplicate: nothing was sent'),
    ).toBeInTheDocument();
    const earlier = within(
      screen.getByRole('list', { name: 'Recent payouts of this amount to this account' }),
    );
    expect(earlier.getByRole('link', { name: 'PO-EARLIER' })).toHaveAttribute(
      'href',
      '/payouts/pay_earlier',
    );
    expect(earlier.getByText(/finance2@example\.com/)).toBeInTheDocument();
    expect(calls.create).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    await screen.findByText(/was created\./);
    // The same request and key, this time knowingly.
    expect(calls.create.map((c) => [c.key, c.payAgain ?? false])).toEqual([
      ['key-1', false],
      ['key-1', true],
    ]);
  });

  it('keeps the draft and its key across a reload, but never the card number', async () => {
    const first = setup({
      create: () =>
        Promise.reject(apiError('orchestrator_timeout', 'No answer in time.', { status: 504 })),
    });
    await toReview(first.user);
    await first.user.click(screen.getByText('Make a payout'));
    await screen.findByText('The payout may not have been made');
    const stored = window.sessionStorage.getItem(DRAFT_STORAGE_KEY)!;
    expect(stored).toContain('key-1');
    expect(stored).not.toContain('4111');
    first.unmount();

    const second = setup();
    expect(await screen.findByText(/Your draft was restored/)).toBeInTheDocument();
    await screen.findByText(/^Step 2 of 4/);
    expect(sectionField(/^Name on card/)).toHaveValue('Jane Doe');
    expect(sectionField(/^Card number/)).toHaveValue('');
    await second.user.type(sectionField(/^Card number/), CARD);
    await next(second.user);
    await second.user.click(await screen.findByText('Make a payout'));
    await screen.findByText(/was created\./);
    expect(second.calls.create.map((c) => c.key)).toEqual(['key-1']);
  });

  it('keeps what was typed in the PSP section across a reload, without a step change', async () => {
    const first = setup();
    await corridorStep(first.user);
    await choosePsp(first.user, 'Card', 'Acme Pay');
    await fill(first.user, await findSectionField(/^Name on card/), 'Jane Doe');
    await fill(first.user, sectionField(/^Card number/), CARD);
    // Typing does not write the draft at once; leaving the page (here: unmounting) does.
    first.unmount();
    const stored = window.sessionStorage.getItem(DRAFT_STORAGE_KEY)!;
    expect(stored).toContain('Jane Doe');
    expect(stored).not.toContain('4111');

    setup();
    expect(await findSectionField(/^Name on card/)).toHaveValue('Jane Doe');
    expect(sectionField(/^Card number/)).toHaveValue('');
  });

  it('keeps the last keys typed in a PSP field when the page is left mid-word', async () => {
    const first = setup();
    await corridorStep(first.user);
    await choosePsp(first.user, 'Card', 'Acme Pay');
    const name = await findSectionField(/^Name on card/);
    await fill(first.user, name, 'Jane Do');
    // Still in the field, typing on: the form has not been given these keys yet.
    await first.user.keyboard('e');
    expect(name).toHaveFocus();
    first.unmount();
    expect(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)).toContain('"Jane Doe"');
  });

  it('hands the form what was typed before Enter submits the step', async () => {
    const { user } = setup();
    await corridorStep(user);
    await choosePsp(user, 'Card', 'Acme Pay');
    await fill(user, await findSectionField(/^Card number/), CARD);
    await fill(user, sectionField(/^Name on card/), 'Jane Doe');
    const email = sectionField(/^E-mail/);
    await fill(user, email, 'jane@example.co');
    await user.keyboard('m');
    // A browser submits on Enter (the form's submit button is outside it, by its `form`
    // attribute, which jsdom does not follow): the keydown, then the submit, with no pause
    // between them for the input to hand on its last key.
    fireEvent.keyDown(email, { key: 'Enter' });
    fireEvent.submit(email.closest('form')!);
    await screen.findByText(/^Step 3 of 4/);
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
  });

  it('starting over after an unknown outcome keeps the order id, so the BFF can refuse a duplicate', async () => {
    const { user } = setup({
      create: () => Promise.reject(apiError('network_error', 'No answer.', { status: 0 })),
    });
    await toReview(user);
    await user.click(screen.getByText('Make a payout'));
    await screen.findByText('The payout may not have been made');
    await user.click(screen.getByText('Start over'));
    await screen.findByText(/^Step 1 of 4/);
    expect(screen.getByLabelText(/^Order ID/)).toHaveValue('PO-20261120-BBBBBB');
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('');

    // The kept order id can still be replaced by hand.
    await user.click(screen.getByLabelText('Generate a new order ID'));
    expect(screen.getByLabelText(/^Order ID/)).toHaveValue('PO-20261120-CCCCCC');
  });
});
