import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations, type AxeFinding } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { seedDeclinedPayout } from './support/declinedPayout.js';
import { payoutRow } from './support/payoutsList.js';
import { signIn } from './support/signIn.js';
import {
  chooseMethodStep,
  fillCorridorStep,
  fillRecipientStep,
  makePayoutButton,
  nextButton,
  stepHeading,
  northwindBankRecipient,
} from './support/wizardSteps.js';

const RECIPIENT = northwindBankRecipient('Emmy', 'Noether');

/**
 * axe-core's serious and critical findings on every screen of the payout journeys, in the light
 * theme and the dark one: the app follows the system's scheme until the user picks one, so each
 * screen is audited, the system switched to dark, audited again, and switched back.
 */
describe('accessibility (axe-core: no serious or critical violation)', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
    // A declined payout, for a detail page with its decline alert and a timeline.
    await seedDeclinedPayout(app, 'A11Y-0001');
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it('in the light theme and the dark one', async () => {
    const { page, unexpectedErrors, expectError } = await openPage(browser, app.url);
    const findings: Record<string, AxeFinding[]> = {};
    // The signed-in app follows a change of the system's scheme at once; sign-in (no MUI,
    // decision 033) reads it when it loads.
    const audit = async (screen: string, { reload = false } = {}): Promise<void> => {
      for (const scheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        if (reload) {
          await page.reload();
          await page.getByRole('heading', { level: 1 }).waitFor();
        }
        // The audit must really look at the scheme it names.
        await page.waitForFunction(
          (name) => document.documentElement.classList.contains(name),
          scheme,
        );
        findings[`${screen} (${scheme})`] = await seriousAxeViolations(page);
      }
    };

    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await audit('sign-in', { reload: true });

    // The other pages without a session: a forgotten password, the demo's mailbox, and the
    // page its link opens (the link is left unused).
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await audit('forgotten password', { reload: true });
    await page.getByLabel('Email').fill('finance@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').waitFor();
    await page.goto('/mailbox');
    // The mail this step asked for, not the newest: the declined payout's notice may come after.
    const resetMail = page.getByRole('article', {
      name: 'Reset your payouts back-office password, to finance@example.com',
    });
    await resetMail.waitFor();
    await audit('demo mailbox', { reload: true });
    await resetMail.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await audit('new password from a link', { reload: true });

    await signIn(page, 'finance@example.com');
    // The home page, once its figures have loaded (the declined payout is among them).
    await page.getByRole('heading', { level: 2, name: 'Top decline reasons' }).waitFor();
    await page.getByText('account_closed').first().waitFor();
    await audit('overview');

    // A signed-in load gets its session in the page (decision 034): it asks for it no more.
    const sessionCalls: string[] = [];
    const countSessionCalls = (request: { url(): string; method(): string }) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/session') {
        sessionCalls.push(request.url());
      }
    };
    page.on('request', countSessionCalls);
    await page.goto('/payouts');
    await payoutRow(page, 'A11Y-0001').waitFor();
    page.off('request', countSessionCalls);
    expect(sessionCalls).toEqual([]);
    await audit('list');

    await page.getByRole('link', { name: 'A11Y-0001' }).click();
    await page.getByText('Declined (account_closed)').waitFor();
    await audit('detail');

    await page.goto('/payouts/new');
    // Each step is audited once its content has loaded, not while it shows a placeholder.
    await page.getByRole('combobox', { name: 'Country' }).waitFor();
    await audit('wizard step 1: corridor and amount');
    await fillCorridorStep(page, { country: 'Germany', currency: 'EUR', amount: '10.00' });
    await page.getByRole('radiogroup', { name: 'Payout method' }).waitFor();
    await audit('wizard step 2: payout method, no PSP yet');
    await chooseMethodStep(page, { method: 'Bank account' });
    await page.getByRole('heading', { name: 'Recipient details for Northwind Pay' }).waitFor();
    await audit('wizard step 2: the PSP and its section');
    // The same step showing its field errors (empty required fields).
    // BLOCKED: RJSF logs "Form validation failed" as a console error whenever the step is sent
    // with invalid fields, because the wizard's <Form> has no `onError` (RecipientStep.tsx; the
    // new SectionForm.tsx too). Allowed here, narrowly, until it gets one.
    expectError('console: Form validation failed');
    await nextButton(page).click();
    await page.getByText('Bank name is required.', { exact: true }).waitFor();
    await audit('wizard step 2 with field errors');
    await fillRecipientStep(page, RECIPIENT);
    await makePayoutButton(page).waitFor();
    await audit('wizard step 3: review');
    await makePayoutButton(page).click();
    await stepHeading(page, 4).waitFor();
    await page.getByText(/was created\./).waitFor();
    await audit('wizard step 4: result');

    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    expect(unexpectedErrors).toEqual([]);
  });
});
