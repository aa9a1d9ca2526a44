import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import {
  releaseBrowser,
  sharedBrowser,
  openPage,
  type OpenPageOptions,
  type WatchedPage,
} from './support/browser.js';
import { getPayoutViaApi, type PayoutReply } from './support/payoutsApi.js';
import { payoutRow, payoutRows, statusIn } from './support/payoutsList.js';
import { pollUntil } from './support/pollUntil.js';
import { sandboxOf } from './support/sandboxOf.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { signIn, signInViaApi } from './support/signIn.js';
import {
  chooseMethodStep,
  fillCorridorStep,
  fillRecipientFields,
  fillRecipientStep,
  makePayoutButton,
  nextButton,
  pressUntilFocused,
  recipientField,
  recipientSection,
  stepHeading,
  tabTo,
  type RecipientValue,
  northwindBankRecipient,
} from './support/wizardSteps.js';
import { accessibleDescription } from './support/accessibleDescription.js';

const NEXT_YEAR = String(new Date().getFullYear() + 1);

const CARD_RECIPIENT: Record<string, RecipientValue> = {
  'Card number': '4111111111111111',
  'Card holder name': 'Ada Lovelace',
  'Expiry month': '12',
  'Expiry year': NEXT_YEAR,
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Email: 'ada.lovelace@example.com',
};

const NORTHWIND_BANK_RECIPIENT = northwindBankRecipient('Emmy', 'Noether');

describe('make a payout through the "+" wizard', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  /** A finance user's page on the list, signed in through the API (the sign-in page has its own test). */
  async function financeOnList(options: OpenPageOptions = {}): Promise<WatchedPage> {
    const watched = await openPage(browser, app.url, options);
    await signInViaApi(watched.page, app.url, 'finance@example.com');
    await watched.page.goto('/payouts');
    await watched.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    return watched;
  }

  async function payoutByOrderId(page: Page, orderId: string): Promise<PayoutReply[]> {
    const reply = await page.request.get(`/api/payouts?q=${encodeURIComponent(orderId)}`);
    expect(reply.status()).toBe(200);
    const { items } = (await reply.json()) as { items: PayoutReply[] };
    return items.filter((p) => p.order_id === orderId);
  }

  /**
   * The orchestrator finishes the payout now instead of after its settle delay; resolves once
   * its notification has reached the BFF (the API shows a final status).
   */
  async function settle(page: Page, orderId: string): Promise<void> {
    // Sent to the orchestrator once the BFF has its id; the UI may show the row a moment before.
    const [payout] = await pollUntil(
      `${orderId}'s orchestrator id`,
      () => payoutByOrderId(page, orderId),
      ([found]) => Boolean(found?.orchestrator_id),
    );
    await sandboxOf(app).settle(payout!.orchestrator_id!);
    await pollUntil(
      `${orderId}'s status at the BFF`,
      async () => (await getPayoutViaApi(page.request, payout!.id)).status,
      (status) => status === 'approved' || status === 'declined',
    );
  }

  /**
   * The list keeps polling (every 5 s) while a row can change: the final status arrives without a
   * reload. `reload` saves the wait where the live update is not the point.
   */
  async function expectListStatus(
    page: Page,
    orderId: string,
    status: string,
    { reload = false } = {},
  ): Promise<void> {
    if (reload) await page.reload();
    await expect
      .poll(() => statusIn(payoutRow(page, orderId)), { timeout: 15_000, interval: 250 })
      .toBe(status);
  }

  function createCallsFor(orderId: string) {
    return sandboxOf(app)
      .inspect.createCalls()
      .filter((call) => call.order_id === orderId);
  }

  it('makes a card payout, shows it in the list as in process, then approved', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'finance@example.com', '/payouts');
    await page.getByRole('link', { name: 'New payout' }).click();

    // Amounts ending in 14 stay non-final at the sandbox until it is told to settle them.
    const orderId = await fillCorridorStep(page, {
      country: 'Germany',
      currency: 'EUR',
      amount: '25.14',
    });
    await chooseMethodStep(page, { method: 'Card' });
    await fillRecipientStep(page, CARD_RECIPIENT);

    // The review masks the card number.
    const review = page.getByRole('region', { name: 'Recipient details' });
    await review.getByText('411111******1111').waitFor();
    await expect.poll(() => review.textContent()).not.toContain('4111111111111111');
    await makePayoutButton(page).click();

    await stepHeading(page, 4).waitFor();
    await page.getByText(`Payout ${orderId} was created.`).waitFor();
    await page.getByRole('link', { name: 'Back to the list' }).click();
    const row = payoutRow(page, orderId);
    await expect.poll(() => statusIn(row)).toBe('In process');
    await expect.poll(() => row.textContent()).toContain('€25.14');

    await settle(page, orderId);
    await expectListStatus(page, orderId, 'Paid out');
    expect(unexpectedErrors).toEqual([]);
  });

  it('makes a bank-account payout to a US state through the PSP picked, its section shown below it', async () => {
    const { page, unexpectedErrors } = await financeOnList({ viewport: SCREENSHOT_VIEWPORT });
    await page.getByRole('link', { name: 'New payout' }).click();
    const orderId = await fillCorridorStep(page, {
      country: 'United States',
      currency: 'USD',
      state: 'New York',
      amount: '310.14',
    });
    // Two PSPs pay bank accounts in US/USD: the pick decides which section is shown, right
    // below the PSPs on the same step; picking the other swaps it.
    await chooseMethodStep(page, { method: 'Bank account', psp: 'Harbor Payments' });
    await recipientField(page, 'Bank address').fill('1 Harbor Way');
    const meridian = page.getByRole('radio', { name: 'Meridian Transfers', exact: true });
    await meridian.check();
    await recipientSection(page, 'Meridian Transfers').waitFor();
    await recipientSection(page, 'Harbor Payments').waitFor({ state: 'hidden' });
    await expect.poll(() => meridian.evaluate((el) => el === document.activeElement)).toBe(true);
    // Announced to screen readers (a polite status region), the focus left on the PSP.
    await page
      .getByRole('status')
      .filter({ hasText: 'Bank account with Meridian Transfers: the recipient details follow.' })
      .waitFor({ state: 'attached' });
    await expect.poll(() => stepHeading(page, 2).count()).toBe(1);
    await fillRecipientFields(page, {
      'Bank name': 'Chase',
      'Routing / bank code': '021000021',
      'Account number': '000123456789',
      'Account type': { option: 'Checking' },
      'Account holder name': 'Grace Hopper',
      'First name': 'Grace',
      'Last name': 'Hopper',
      Email: 'grace.hopper@example.com',
    });
    // The README's picture of the wizard: the chosen PSP's generated section, filled in.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await readmeScreenshot(page, 'wizard-psp-step.png');
    await nextButton(page).click();
    await stepHeading(page, 3).waitFor();
    const summary = page.getByRole('region', { name: 'Payout' });
    await expect.poll(() => summary.textContent()).toContain('Meridian Transfers');
    await makePayoutButton(page).click();
    await page.getByText(`Payout ${orderId} was created.`).waitFor();

    await page.getByRole('link', { name: 'Back to the list' }).click();
    const row = payoutRow(page, orderId);
    await expect.poll(() => statusIn(row)).toBe('Pending');
    await expect.poll(() => row.textContent()).toContain('$310.14');
    await expect.poll(() => row.textContent()).toContain('Bank account');

    await settle(page, orderId);
    await expectListStatus(page, orderId, 'Paid out', { reload: true });
    expect(unexpectedErrors).toEqual([]);
  });

  it('makes a crypto payout with the keyboard alone', async () => {
    const { page, unexpectedErrors } = await financeOnList();
    const key = (name: string) => page.keyboard.press(name);

    await tabTo(page, page.getByRole('link', { name: 'New payout' }));
    await key('Enter');

    // Step 1: type to filter the countries, Enter takes the highlighted one.
    await stepHeading(page, 1).waitFor();
    await tabTo(page, page.getByRole('combobox', { name: 'Country' }));
    await page.keyboard.type('Germany');
    await key('Enter');
    await key('Tab');
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await expect.poll(() => currency.evaluate((el) => el === document.activeElement)).toBe(true);
    // The select opens on ArrowDown; the arrows walk its options, Enter picks one.
    await key('ArrowDown');
    await pressUntilFocused(
      page,
      'ArrowDown',
      page.getByRole('option', { name: 'BTC · Bitcoin' }),
      5,
    );
    await key('Enter');
    await tabTo(page, page.getByRole('textbox', { name: 'Amount' }));
    await page.keyboard.type('0.00150014');
    const orderId = await page.getByRole('textbox', { name: 'Order ID' }).inputValue();
    await key('Enter');

    // Step 2: the focus moves to the step's heading; crypto has a single PSP here, picked for us,
    // and its generated section follows on the same step.
    await stepHeading(page, 2).waitFor();
    await tabTo(page, page.getByRole('radio', { name: 'Crypto wallet' }));
    await key('Space');
    await expect
      .poll(() => page.getByRole('radio', { name: 'CoinBridge', exact: true }).isChecked())
      .toBe(true);
    await recipientSection(page, 'CoinBridge').waitFor();

    // The section, field by field; Enter in the last field sends the form.
    const recipient: [string, string][] = [
      ['Wallet address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['First name', 'Satoshi'],
      ['Last name', 'Nakamoto'],
      ['Email', 'satoshi@example.com'],
    ];
    for (const [label, value] of recipient) {
      await tabTo(page, recipientField(page, label));
      await page.keyboard.type(value);
    }
    await key('Enter');

    await stepHeading(page, 3).waitFor();
    await tabTo(page, makePayoutButton(page));
    // The focused contained button shows a ring around it, not only a shadow (WCAG 2.4.7).
    expect(
      await makePayoutButton(page).evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: style.outlineWidth };
      }),
    ).toEqual({ style: 'solid', width: '2px' });
    await key('Enter');
    await page.getByText(`Payout ${orderId} was created.`).waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Back to the list' }));
    await key('Enter');

    const row = payoutRow(page, orderId);
    await expect.poll(() => statusIn(row)).toBe('Pending');
    await expect.poll(() => row.textContent()).toContain('Crypto');
    await settle(page, orderId);
    await expectListStatus(page, orderId, 'Paid out', { reload: true });
    expect(unexpectedErrors).toEqual([]);
  });

  it('makes exactly one payout when "Make a payout" is double-clicked, and the same payout again only after "Pay again"', async () => {
    const { page, unexpectedErrors, expectError } = await financeOnList();
    await page.getByRole('link', { name: 'New payout' }).click();
    const orderId = await fillCorridorStep(page, {
      country: 'Germany',
      currency: 'EUR',
      amount: '99.14',
    });
    await chooseMethodStep(page, { method: 'Bank account' });
    await fillRecipientStep(page, NORTHWIND_BANK_RECIPIENT);
    await makePayoutButton(page).dblclick();
    await page.getByText(`Payout ${orderId} was created.`).waitFor();

    await expect
      .poll(() => createCallsFor(orderId).map((call) => call.outcome))
      .toEqual(['created']);
    // The BFF has one payout too: the list searched by the order id shows a single row.
    await page.goto(`/payouts?q=${encodeURIComponent(orderId)}`);
    await payoutRow(page, orderId).waitFor();
    await expect.poll(() => payoutRows(page).count()).toBe(1);
    expect(await payoutByOrderId(page, orderId)).toHaveLength(1);

    // The same amount to the same account again: held on the review, nothing sent, the earlier
    // payout named; made only once the person says "Pay again".
    expectError(`status of 409 (Conflict) (${app.url}/api/payouts)`);
    await page.getByRole('link', { name: 'New payout' }).click();
    const againId = await fillCorridorStep(page, {
      country: 'Germany',
      currency: 'EUR',
      amount: '99.14',
    });
    await chooseMethodStep(page, { method: 'Bank account' });
    await fillRecipientStep(page, NORTHWIND_BANK_RECIPIENT);
    await makePayoutButton(page).click();
    await page.getByText('This may be a duplicate: nothing was sent').waitFor();
    await page
      .getByRole('list', { name: 'Recent payouts of this amount to this account' })
      .getByRole('link', { name: orderId })
      .waitFor();
    expect(createCallsFor(againId)).toEqual([]);
    await page.getByRole('button', { name: 'Pay again' }).click();
    await page.getByText(`Payout ${againId} was created.`).waitFor();
    expect(createCallsFor(againId).map((call) => call.outcome)).toEqual(['created']);
    expect(unexpectedErrors).toEqual([]);
  });

  it("shows the orchestrator's field error on that field, and the corrected resend succeeds", async () => {
    const { page, unexpectedErrors, expectError } = await financeOnList();
    // The refused send: Chromium logs the BFF's 422 problem reply as a failed resource load.
    expectError(`status of 422 (Unprocessable Entity) (${app.url}/api/payouts)`);
    const sandbox = sandboxOf(app);
    const northwind = sandbox.config.psps.find((psp) => psp.name === 'northwind_pay')!;
    const bankFields = northwind.fields.bank_account!;
    try {
      await page.getByRole('link', { name: 'New payout' }).click();
      const orderId = await fillCorridorStep(page, {
        country: 'Germany',
        currency: 'EUR',
        amount: '120.00',
      });
      await chooseMethodStep(page, { method: 'Bank account' });
      // The form and the sandbox apply the same rules (a differential test holds them together),
      // so nothing the browser accepts is refused as it stands. What does happen: the PSP
      // tightens a limit after the back-office fetched (and cached) its field list. Here
      // Northwind starts sending `max_length: 26` for the account holder name; the wizard and the
      // BFF still work from the cached list (140 characters), only the orchestrator knows.
      northwind.fields.bank_account = bankFields.map((field) =>
        field.name === 'bankAccountName' ? { ...field, max_length: 26 } : field,
      );
      const longName = 'Augusta Ada King, Countess of Lovelace';
      await fillRecipientStep(page, {
        ...NORTHWIND_BANK_RECIPIENT,
        'Account holder name': longName,
      });
      await makePayoutButton(page).click();

      // Back on the method and recipient step, the message on the field it is about.
      await stepHeading(page, 2).waitFor();
      await page.getByText('The payout was not made: fix the marked fields').waitFor();
      const field = recipientField(page, 'Account holder name');
      await expect.poll(() => field.inputValue()).toBe(longName);
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      // RJSF's field wrapper holds the input and its messages: the message sits under the field.
      const fieldGroup = page.locator('.rjsf-field').filter({ has: field });
      await fieldGroup
        .getByText('Account holder name must be at most 26 characters', { exact: true })
        .waitFor();
      // Screen readers are told the message: the wizard's input template describes the <input>
      // itself by its error list (RJSF's MUI template put it on a wrapper <div>).
      await expect.poll(() => accessibleDescription(field)).toContain('at most 26 characters');
      await expect
        .poll(() => createCallsFor(orderId).map((call) => call.outcome))
        .toEqual(['validation']);

      await field.fill('Ada Lovelace');
      await nextButton(page).click();
      await stepHeading(page, 3).waitFor();
      await makePayoutButton(page).click();
      await page.getByText(`Payout ${orderId} was created.`).waitFor();
      await expect
        .poll(() => createCallsFor(orderId).map((call) => call.outcome))
        .toEqual(['validation', 'created']);
      // The refused attempt stays in the ledger as failed; the resend is the payout.
      const statuses = (await payoutByOrderId(page, orderId)).map((p) => p.status);
      expect(statuses.filter((status) => status === 'failed')).toHaveLength(1);
      expect(statuses.filter((status) => status !== 'failed')).toHaveLength(1);
    } finally {
      northwind.fields.bank_account = bankFields;
    }
    expect(unexpectedErrors).toEqual([]);
  });

  it('shows why a declined payout was declined on its detail page', async () => {
    const { page, unexpectedErrors } = await financeOnList();
    await page.getByRole('link', { name: 'New payout' }).click();
    // An amount ending in 13: the PSP declines it once it settles (account closed).
    const orderId = await fillCorridorStep(page, {
      country: 'Germany',
      currency: 'EUR',
      amount: '10.13',
    });
    await chooseMethodStep(page, { method: 'Bank account' });
    await fillRecipientStep(page, NORTHWIND_BANK_RECIPIENT);
    await makePayoutButton(page).click();
    await page.getByText(`Payout ${orderId} was created.`).waitFor();
    await settle(page, orderId);

    await page.getByRole('link', { name: 'Open the payout' }).click();
    await page.getByRole('heading', { level: 1, name: `Payout ${orderId}` }).waitFor();
    // The page would catch up at its next poll; "Check status" asks at once.
    await page.getByRole('button', { name: 'Check status' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Declined (account_closed): The beneficiary account is closed' })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-status]').first().textContent()).toBe('Declined');
    const references = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'References' }) });
    await expect
      .poll(() => references.textContent())
      .toContain('The beneficiary account is closed');
    expect(unexpectedErrors).toEqual([]);
  });
});
