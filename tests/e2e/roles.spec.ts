import type { PayoutRequest } from '@payouts/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { createPayoutViaApi } from './support/payoutsApi.js';
import { payoutRows } from './support/payoutsList.js';
import { sandboxOf } from './support/sandboxOf.js';
import { signIn, signInViaApi } from './support/signIn.js';

function payout(orderId: string): PayoutRequest {
  return {
    order_id: orderId,
    provider: 'northwind_pay',
    country: 'DE',
    currency: 'EUR',
    state: null,
    amount: '50.00',
    payout_method_type: 'bank_account',
    metadata: {
      bankName: 'Commerzbank',
      bankCode: 'COBADEFFXXX',
      bankAccountNumber: 'DE89370400440532013000',
      bankAccountName: 'Emmy Noether',
      customerFirstName: 'Emmy',
      customerLastName: 'Noether',
      email: 'emmy.noether@example.com',
    },
  };
}

describe('support staff see payouts but cannot make one', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it('shows support the list without the "+" button, and refuses them the wizard', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'support@example.com');
    await page.goto('/payouts');

    // The list is theirs to read and export; the wizard's button is not there.
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'New payout' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'New payout' }).count()).toBe(0);

    // Typing the wizard's address gets an explanation instead of a form.
    await page.goto('/payouts/new');
    await page.getByRole('heading', { level: 1, name: 'New payout' }).waitFor();
    await page.getByText('Your role (Support) cannot make payouts.').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Make a payout' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to the payouts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    expect(unexpectedErrors).toEqual([]);
  });

  it('refuses POST /api/payouts from a support session with 403 problem+json', async () => {
    const support = await openPage(browser, app.url);
    await signInViaApi(support.page, app.url, 'support@example.com');

    // The request the wizard would send, from the page's own context: cookie, Origin, key.
    const refused = await createPayoutViaApi(support.page.request, app.url, payout('ROLE-0001'));
    expect(refused.status).toBe(403);
    expect(refused.contentType).toMatch(/^application\/problem\+json\b/);
    expect(refused.body).toMatchObject({
      status: 403,
      code: 'forbidden',
      detail: 'Your role does not allow this.',
    });
    // Nothing reached the orchestrator, and the list has nothing to show.
    expect(sandboxOf(app).inspect.createCalls()).toEqual([]);
    await support.page.goto('/payouts');
    await support.page.getByText('No payouts yet.').waitFor();
    await expect.poll(() => payoutRows(support.page).count()).toBe(0);

    // The same request from finance is made: the refusal above is the role, not the request.
    const finance = await openPage(browser, app.url);
    await signInViaApi(finance.page, app.url, 'finance@example.com');
    const made = await createPayoutViaApi(finance.page.request, app.url, payout('ROLE-0001'));
    expect(made.status).toBe(201);
    expect(
      sandboxOf(app)
        .inspect.createCalls()
        .map((call) => call.order_id),
    ).toEqual(['ROLE-0001']);

    expect(support.unexpectedErrors).toEqual([]);
    expect(finance.unexpectedErrors).toEqual([]);
  });
});
