import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { sandboxOf } from './support/sandboxOf.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { signIn, type DemoUser } from './support/signIn.js';
import {
  chooseMethodStep,
  fillCorridorStep,
  fillRecipientStep,
  makePayoutButton,
  nextButton,
  recipientField,
  stepHeading,
  northwindBankRecipient,
} from './support/wizardSteps.js';

const IBAN = 'DE89370400440532013000';
const NEW_IBAN = 'DE75512108001245126199';

const BANK_RECIPIENT = northwindBankRecipient('Lise', 'Meitner', IBAN);

/** Axe in both themes, each after a reload so no colour transition is half-way. */
async function axeBothThemes(page: Page, ready: () => Promise<unknown>): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await ready();
    expect(await seriousAxeViolations(page), `${page.url()} ${colorScheme}`).toEqual([]);
  }
}

/** In the wizard: pays Lise Meitner's saved details, typing only the amount; the order id. */
async function payBeneficiary(page: Page, amount: string): Promise<string> {
  // "New payout" after a made payout starts a fresh wizard.
  await stepHeading(page, 1).waitFor();
  const picker = page.getByRole('combobox', { name: 'Pay a saved beneficiary' });
  await picker.fill('Meitner');
  await page.getByRole('option', { name: /Lise Meitner \(SUP-MEITNER\)/ }).click();
  await page.getByRole('region', { name: 'Saved payment details' }).waitFor();
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  const orderId = await page.getByRole('textbox', { name: 'Order ID' }).inputValue();
  // A saved bank payee needs nothing more: step 1's "Next" goes straight to the review. (A loop
  // of "Next until the review shows" raced under load: it clicked a "Next" the review had
  // already replaced.)
  await nextButton(page).click();
  await makePayoutButton(page).click();
  await stepHeading(page, 4).waitFor();
  return orderId;
}

describe('beneficiaries: save a payee, pay again, change the IBAN under four eyes', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  async function signedIn(email: DemoUser, next?: string): Promise<WatchedPage> {
    const watched = await openPage(browser, app.url, { viewport: SCREENSHOT_VIEWPORT });
    await signIn(watched.page, email, next);
    return watched;
  }

  const sentTo = (orderId: string) =>
    sandboxOf(app)
      .inspect.payouts()
      .find((p) => p.order_id === orderId)?.metadata['bankAccountNumber'];

  it('finance saves a payee from a payout, pays it again typing the amount, and a changed IBAN counts once approved', async () => {
    const { page } = await signedIn('finance@example.com', '/payouts');

    // 1. A bank payout typed in full, then "Save as beneficiary" on the result step.
    await page.getByRole('link', { name: 'New payout' }).click();
    const firstOrder = await fillCorridorStep(page, {
      country: 'Germany',
      currency: 'EUR',
      amount: '25.00',
    });
    await chooseMethodStep(page, { method: 'Bank account' });
    await fillRecipientStep(page, BANK_RECIPIENT);
    await makePayoutButton(page).click();
    await stepHeading(page, 4).waitFor();
    await expect.poll(() => sentTo(firstOrder)).toBe(IBAN);
    await page.getByRole('button', { name: 'Save as beneficiary' }).click();
    const save = page.getByRole('region', { name: 'Save as beneficiary' });
    await save.getByRole('textbox', { name: 'Reference' }).fill('SUP-MEITNER');
    await save.getByRole('button', { name: 'Next' }).click();
    // The PSP and type the payout used, chosen already; then the details typed for it.
    await expect
      .poll(() => save.getByRole('radio', { name: 'Bank account', exact: true }).isChecked())
      .toBe(true);
    await save.getByRole('button', { name: 'Next' }).click();
    await save.getByRole('button', { name: 'Create beneficiary' }).click();
    await page.getByRole('link', { name: 'Open the beneficiary' }).click();
    await page.getByRole('heading', { level: 1, name: /Lise Meitner/ }).waitFor();
    const beneficiaryUrl = page.url();

    // 2. Paid again from step 1: only the amount is typed.
    await page.goto('/payouts');
    await page.getByRole('link', { name: 'New payout' }).click();
    const secondOrder = await payBeneficiary(page, '30.00');
    await expect.poll(() => sentTo(secondOrder)).toBe(IBAN);

    // 3. The list and detail pages pass axe in both themes; the screenshot for the README.
    await page.goto('/beneficiaries');
    const table = page.getByRole('table', { name: /beneficiaries/i });
    await axeBothThemes(page, () => table.getByText('Lise Meitner').waitFor());
    await readmeScreenshot(page, 'beneficiaries.png');
    await page.goto(beneficiaryUrl);
    await axeBothThemes(page, () =>
      page.getByRole('heading', { level: 1, name: /Lise Meitner/ }).waitFor(),
    );

    // 4. A new IBAN is proposed: the old one stays in force until a second person approves.
    await page
      .getByRole('link', { name: 'Edit' })
      .or(page.getByRole('button', { name: 'Edit' }))
      .click();
    await page.getByRole('heading', { level: 1, name: 'Edit beneficiary' }).waitFor();
    await axeBothThemes(page, () => recipientField(page, 'IBAN').waitFor());
    await recipientField(page, 'IBAN').fill(NEW_IBAN);
    await page.getByRole('button', { name: 'Propose change' }).click();
    await page.getByRole('table', { name: 'Proposed change' }).waitFor();
    expect(await page.getByRole('button', { name: 'Approve change' }).count()).toBe(0);
    await page.goto('/payouts');
    await page.getByRole('link', { name: 'New payout' }).click();
    const pendingOrder = await payBeneficiary(page, '31.00');
    await expect.poll(() => sentTo(pendingOrder)).toBe(IBAN);

    // 5. finance2 approves; the next payout goes to the new IBAN.
    const second = await signedIn('finance2@example.com', new URL(beneficiaryUrl).pathname);
    await second.page.getByRole('button', { name: 'Approve change' }).click();
    await expect
      .poll(() => second.page.getByRole('table', { name: 'Proposed change' }).count())
      .toBe(0);
    await page.goto('/payouts');
    await page.getByRole('link', { name: 'New payout' }).click();
    const afterOrder = await payBeneficiary(page, '32.00');
    await expect.poll(() => sentTo(afterOrder)).toBe(NEW_IBAN);
  });
});
