import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { createPayoutViaApi, northwindBankPayout } from './support/payoutsApi.js';
import { sandboxOf } from './support/sandboxOf.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { signInViaApi, type DemoUser } from './support/signIn.js';
import {
  chooseMethodStep,
  fillCorridorStep,
  fillRecipientStep,
  makePayoutButton,
  stepHeading,
  northwindBankRecipient,
} from './support/wizardSteps.js';

const BANK_RECIPIENT = northwindBankRecipient('Lise', 'Meitner');

const RULE_NAME = 'Two approvers above 50,000 EUR';

/**
 * The approvers' goal: rules that grow with the amount, changed under four eyes, and
 * one inbox to work through. An admin proposes "two approvers above 50,000 EUR", a second admin
 * approves the change; a 60,000 EUR payout then needs finance2 and an admin before it is sent.
 */
describe('approval policies: a rule changed under four eyes, a payout approved by two from the inbox', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    // APPROVAL_THRESHOLDS unset: the demo policy is version 1.
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  async function signedIn(email: DemoUser): Promise<WatchedPage> {
    const watched = await openPage(browser, app.url, { viewport: SCREENSHOT_VIEWPORT });
    await signInViaApi(watched.page, app.url, email);
    return watched;
  }

  async function expectAxeClean(page: Page, where: string): Promise<void> {
    expect(await seriousAxeViolations(page), where).toEqual([]);
  }

  async function proposeTwoApproversAbove50000(page: Page): Promise<void> {
    await page.goto('/approval-policies');
    await page.getByRole('heading', { level: 1, name: 'Approval policies' }).waitFor();
    await page.getByRole('button', { name: 'Propose a change' }).click();
    const editor = page.getByRole('form', { name: 'Propose a change' });
    await editor.getByRole('button', { name: 'Add rule' }).click();
    // New rules go just before the default: move it to the top, where it is tried first.
    const groups = editor.getByRole('group', { name: /^Rule \d+$/ });
    let position = (await groups.count()) - 1;
    const rule = () => editor.getByRole('group', { name: `Rule ${position}`, exact: true });
    await rule().getByLabel('Rule name').fill(RULE_NAME);
    await rule().getByLabel('Currency').selectOption('EUR');
    await rule().getByLabel('Amount above').fill('50000');
    await rule().getByLabel('Approvers').selectOption('2');
    await rule().getByLabel('Finance may approve').check();
    await rule().getByLabel('Admin may approve').check();
    while (position > 1) {
      await rule()
        .getByRole('button', { name: `Move rule ${position} up` })
        .click();
      position -= 1;
      await expect.poll(() => rule().getByLabel('Rule name').inputValue()).toBe(RULE_NAME);
    }
    await editor.getByRole('region', { name: 'Changes' }).getByText(RULE_NAME).first().waitFor();
    await editor.getByLabel('Note').fill('Large euro payouts need a second finance check.');
    await expectAxeClean(page, 'the policy editor');
    await editor.getByRole('button', { name: 'Submit proposal' }).click();
    await page
      .getByText(/waits? for another admin/i)
      .first()
      .waitFor();
  }

  /** The wizard, 60,000 EUR by bank transfer; returns the order id and the payout's id. */
  async function makePayout(page: Page): Promise<{ orderId: string; id: string }> {
    await page.goto('/payouts');
    await page.getByRole('link', { name: 'New payout' }).click();
    const orderId = await fillCorridorStep(page, {
      country: 'Germany',
      currency: 'EUR',
      amount: '60000.00',
    });
    await chooseMethodStep(page, { method: 'Bank account' });
    await fillRecipientStep(page, BANK_RECIPIENT);
    await makePayoutButton(page).click();
    await stepHeading(page, 4).waitFor();
    await page.getByText(`Needs 2 more approvals (rule: ${RULE_NAME})`, { exact: false }).waitFor();
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

  /** A bank payout in EUR through the API, as the page's user; returns its order id. */
  async function payViaApi(page: Page, orderId: string, amount: string): Promise<string> {
    const reply = await createPayoutViaApi(
      page.request,
      app.url,
      northwindBankPayout(orderId, amount, 'Otto', 'Hahn'),
    );
    expect(reply.status).toBe(201);
    return orderId;
  }

  async function approveFromInbox(page: Page, orderId: string): Promise<void> {
    await page.goto('/approvals');
    await page.getByRole('table', { name: 'Payouts awaiting approval' }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${orderId}` }).check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await page.getByRole('button', { name: 'Approve 1 payout' }).click();
  }

  it('a second admin approves the rule; finance2 and an admin approve a 60,000 EUR payout; it is sent', async () => {
    // The policy change: proposed by one admin, in force only once another approves it.
    const admin = await signedIn('admin@example.com');
    await proposeTwoApproversAbove50000(admin.page);
    await expectAxeClean(admin.page, 'the policy page with a pending change');
    // The proposer cannot approve their own change.
    await expect
      .poll(() => admin.page.getByRole('button', { name: 'Approve change' }).count())
      .toBe(0);

    const admin2 = await signedIn('admin2@example.com');
    await admin2.page.goto('/approval-policies');
    await admin2.page.getByRole('button', { name: 'Approve change' }).click();
    const confirm = admin2.page.getByRole('dialog');
    if (await confirm.isVisible().catch(() => false)) {
      await confirm.getByRole('button', { name: /^Approve/ }).click();
    }
    await admin2.page
      .getByRole('table', { name: 'Active policy rules' })
      .getByText(RULE_NAME)
      .waitFor();

    // Finance pays 60,000 EUR: the new first rule asks two approvers.
    const finance = await signedIn('finance@example.com');
    const { orderId, id } = await makePayout(finance.page);

    // Two more wait beside it: one finance2 may approve (one approver above 10,000), and one
    // finance2 made, which is not theirs to decide.
    const small = await payViaApi(finance.page, 'INBOX-12500', '12500.00');
    const finance2 = await signedIn('finance2@example.com');
    const own = await payViaApi(finance2.page, 'INBOX-OWN', '25000.00');
    await finance2.page.goto('/payouts');
    await finance2.page
      .getByRole('button', { name: /^Open menu \(2 payouts await your approval\)/ })
      .waitFor();

    // The first approver works from the inbox: both selected, approved in one request.
    await finance2.page.goto('/approvals');
    const inbox = finance2.page.getByRole('table', { name: 'Payouts awaiting approval' });
    await inbox.getByText('You created this payout', { exact: false }).waitFor();
    expect(await inbox.getByRole('checkbox', { name: `Select ${own}` }).count()).toBe(0);
    await inbox.getByRole('checkbox', { name: `Select ${orderId}` }).check();
    await inbox.getByRole('checkbox', { name: `Select ${small}` }).check();
    await expectAxeClean(finance2.page, 'the approvals inbox');
    await readmeScreenshot(finance2.page, 'approvals-inbox.png');
    await finance2.page.getByRole('button', { name: 'Approve selected' }).click();
    // It says how many and how much before anything is approved.
    const confirmation = finance2.page.getByRole('dialog', { name: 'Approve 2 payouts' });
    await confirmation.getByText(/^2 payouts for €72,500\.00\./).waitFor();
    await confirmation.getByRole('button', { name: 'Approve 2 payouts' }).click();
    const results = finance2.page.getByRole('list', { name: 'Results' });
    // The 60,000 one is recorded and still waits; the 12,500 one needed only this approval.
    await results.getByText(`${orderId}: Approved: waiting for 1 more approval`).waitFor();
    await results.getByText(`${small}: Approved and sent`).waitFor();
    expect(createCallsFor(orderId)).toEqual([]);
    // Already approved by finance2: still listed, not actionable, saying why.
    await finance2.page.reload();
    await inbox.getByText('You approved it already', { exact: false }).waitFor();
    await expect
      .poll(() => inbox.getByRole('checkbox', { name: `Select ${orderId}` }).count())
      .toBe(0);

    // The second approver: an admin. Now it is sent.
    await approveFromInbox(admin.page, orderId);
    await admin.page
      .getByRole('list', { name: 'Results' })
      .getByText(`${orderId}: Approved and sent`)
      .waitFor();
    await expect.poll(() => createCallsFor(orderId).map((c) => c.outcome)).toEqual(['created']);

    // The creator sees both approvals on the detail page.
    await finance.page.goto(`/payouts/${encodeURIComponent(id)}`);
    await finance.page.getByText(/^Approved by Fiona Second and Ada Admin/).waitFor();

    for (const watched of [admin, admin2, finance, finance2]) {
      expect(watched.unexpectedErrors).toEqual([]);
    }
    await Promise.all([admin, admin2, finance, finance2].map((w) => w.context.close()));
  });
});
