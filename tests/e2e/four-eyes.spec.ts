import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { getPayoutViaApi } from './support/payoutsApi.js';
import { payoutRow, statusIn } from './support/payoutsList.js';
import { pollUntil } from './support/pollUntil.js';
import { sandboxOf } from './support/sandboxOf.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { signIn, type DemoUser } from './support/signIn.js';
import {
  chooseMethodStep,
  fillCorridorStep,
  fillRecipientStep,
  makePayoutButton,
  stepHeading,
  northwindBankRecipient,
} from './support/wizardSteps.js';

const BANK_RECIPIENT = northwindBankRecipient('Emmy', 'Noether');

const REJECTION_REASON = 'The recipient is not on the approved supplier list';

describe('four eyes: a second person approves or rejects a large payout', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({ APPROVAL_THRESHOLDS: 'EUR=1000,*=5000' }),
      sharedBrowser(),
    ]);
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

  /** The wizard, above the EUR threshold; returns the order id and the payout's id. */
  async function makeLargePayout(
    page: Page,
    amount: string,
  ): Promise<{ orderId: string; id: string }> {
    if (new URL(page.url()).pathname !== '/payouts') await page.goto('/payouts');
    await page.getByRole('link', { name: 'New payout' }).click();
    const orderId = await fillCorridorStep(page, { country: 'Germany', currency: 'EUR', amount });
    await chooseMethodStep(page, { method: 'Bank account' });
    await fillRecipientStep(page, BANK_RECIPIENT);
    // The review says it will wait, and for whom, before anything is sent.
    await page.getByText('It will wait for approval before it is sent').waitFor();
    await page
      .getByText(
        /1 approver \(Finance or Admin\)\. Nothing reaches the PSP until one other person approves it/,
      )
      .waitFor();
    await makePayoutButton(page).click();
    await stepHeading(page, 4).waitFor();
    // No spinner waiting for a status that cannot come: it says what it waits for.
    await page.getByText(/^Needs approval by a second person above €1,000\.00/).waitFor();
    await expect.poll(() => page.getByLabel('Waiting for the final status').count()).toBe(0);
    await page.getByRole('link', { name: 'Open the payout' }).click();
    await page.getByRole('heading', { level: 1, name: `Payout ${orderId}` }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    return { orderId, id };
  }

  function createCallsFor(orderId: string) {
    return sandboxOf(app)
      .inspect.createCalls()
      .filter((call) => call.order_id === orderId);
  }

  /** Opens a payout from the overview's "Awaiting my approval", as the second person would. */
  async function openFromNeedsMyApproval(page: Page, orderId: string): Promise<void> {
    await page.goto('/');
    await page.getByRole('link', { name: 'Awaiting my approval' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('needs_my_approval')).toBe('1');
    const row = payoutRow(page, orderId);
    await expect.poll(() => statusIn(row)).toBe('Awaiting approval');
    await row.getByText('Needs your approval').waitFor();
    await row.getByRole('link', { name: orderId, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Payout ${orderId}` }).waitFor();
  }

  it('a second finance user approves what the first could not; it is sent and settles', async () => {
    const first = await signedIn('finance@example.com', '/payouts');
    const { orderId, id } = await makeLargePayout(first.page, '2500.14');

    // The creator: an explanation and "Cancel payout", no Approve.
    await first.page
      .getByText('Waiting for a second person: you cannot approve your own payout.')
      .waitFor();
    await expect.poll(() => first.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expect
      .poll(() => first.page.getByRole('button', { name: 'Cancel payout' }).count())
      .toBe(1);
    // And the BFF refuses the creator's approval whatever the screen shows.
    const selfApproval = await first.page.request.post(
      `/api/payouts/${encodeURIComponent(id)}/approve`,
      { headers: { Origin: app.url }, data: {} },
    );
    expect(selfApproval.status()).toBe(403);
    expect(((await selfApproval.json()) as { code: string }).code).toBe('self_approval');
    expect(createCallsFor(orderId)).toEqual([]);

    // The second person: a badge on the menu, the filter, the marker, then Approve.
    const second = await signedIn('finance2@example.com');
    await second.page
      .getByRole('button', { name: /^Open menu \(1 payout awaits your approval\)/ })
      .waitFor();
    await openFromNeedsMyApproval(second.page, orderId);
    const approve = second.page.getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    // axe in both themes (the theme follows the system until chosen), each after a reload so that
    // no colour transition is half-way when axe measures contrast.
    for (const colorScheme of ['dark', 'light'] as const) {
      await second.page.emulateMedia({ colorScheme });
      await second.page.reload();
      await approve.waitFor();
      expect(await seriousAxeViolations(second.page), colorScheme).toEqual([]);
    }
    await second.page.evaluate(() => window.scrollTo(0, 0));
    await readmeScreenshot(second.page, 'payout-approval.png');
    await approve.click();
    await second.page.getByText(/^Approved by Fiona Second/).waitFor();
    await expect.poll(() => approve.count()).toBe(0);
    await expect
      .poll(() => createCallsFor(orderId).map((call) => call.outcome))
      .toEqual(['created']);

    // Amounts ending in 14 wait at the sandbox until told to settle.
    const sent = await pollUntil(
      `${orderId}'s orchestrator id`,
      () => getPayoutViaApi(second.page.request, id),
      (payout) => payout.orchestrator_id !== null,
    );
    await sandboxOf(app).settle(sent.orchestrator_id!);
    await pollUntil(
      `${orderId}'s status at the BFF`,
      async () => (await getPayoutViaApi(second.page.request, id)).status,
      (status) => status === 'approved',
    );
    await second.page.goto(`/payouts?q=${encodeURIComponent(orderId)}`);
    await expect
      .poll(() => statusIn(payoutRow(second.page, orderId)), { timeout: 15_000 })
      .toBe('Paid out');
    // Nothing waits for the second person any more.
    await second.page.getByRole('button', { name: 'Open menu', exact: true }).waitFor();

    expect(first.unexpectedErrors).toEqual([]);
    expect(second.unexpectedErrors).toEqual([]);
    await Promise.all([first.context.close(), second.context.close()]);
  });

  it('a rejected payout shows its creator the reason, and nothing reaches the orchestrator', async () => {
    const first = await signedIn('finance@example.com', '/payouts');
    const { orderId, id } = await makeLargePayout(first.page, '3100.50');

    // The second person decides on a phone: the inbox is a list of cards, the amount first,
    // then the recipient, then the rest.
    const second = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
    await signIn(second.page, 'finance2@example.com', '/approvals');
    const card = second.page
      .getByRole('list', { name: 'Payouts awaiting approval' })
      .getByRole('listitem')
      .filter({ hasText: orderId });
    await card.waitFor();
    const lines = await card.locator('p').allTextContents();
    expect(lines[0]).toBe('€3,100.50');
    expect(lines[1]).toContain('Noether');
    expect(await seriousAxeViolations(second.page), 'the inbox on a phone').toEqual([]);
    await card.getByRole('link', { name: orderId }).click();
    await second.page.getByRole('heading', { level: 1, name: `Payout ${orderId}` }).waitFor();
    await second.page.getByRole('button', { name: 'Reject' }).click();
    const dialog = second.page.getByRole('dialog', { name: 'Reject this payout?' });
    await dialog.waitFor();
    // A reason is required.
    await dialog.getByRole('button', { name: 'Reject payout' }).click();
    await dialog.getByText('Say why the payout is rejected.').waitFor();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(REJECTION_REASON);
    await dialog.getByRole('button', { name: 'Reject payout' }).click();
    await second.page.getByText(/^Rejected by Fiona Second/).waitFor();

    // The creator opens it again: Rejected, and why.
    await first.page.goto(`/payouts/${encodeURIComponent(id)}`);
    await first.page.getByRole('heading', { level: 1, name: `Payout ${orderId}` }).waitFor();
    await expect
      .poll(async () => (await first.page.locator('[data-status]').first().textContent())?.trim())
      .toBe('Rejected');
    await first.page.getByText(`Reason: ${REJECTION_REASON}`, { exact: true }).waitFor();
    await expect
      .poll(() => first.page.getByRole('button', { name: 'Cancel payout' }).count())
      .toBe(0);
    expect((await getPayoutViaApi(first.page.request, id)).status).toBe('rejected');
    expect(createCallsFor(orderId)).toEqual([]);

    // The creator hears back: the bell has the decision, with who and why, and leads to it.
    await first.page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const item = first.page.getByRole('link', { name: /Your payout of €3,100\.50 was rejected/ });
    await item.waitFor();
    await first.page
      .getByText(
        new RegExp(`rejected by Fiona Second: .${REJECTION_REASON}.\\. Nothing was sent\\.`),
      )
      .waitFor();
    expect(await item.getAttribute('href')).toBe(`/payouts/${id}`);

    expect(first.unexpectedErrors).toEqual([]);
    expect(second.unexpectedErrors).toEqual([]);
    await Promise.all([first.context.close(), second.context.close()]);
  });
});
