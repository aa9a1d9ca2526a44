import { SANDBOX_TEST_CARDS } from '@payouts/orchestrator-sandbox';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { chooseOption } from './support/pageControls.js';
import { sandboxOf } from './support/sandboxOf.js';
import { signInViaApi } from './support/signIn.js';

let orderCount = 0;

/** Step 1 of the console for a Belgian customer paying in EUR, then "Collect fingerprint". */
async function fillCardAndCustomer(page: Page, cardNumber: string): Promise<string> {
  orderCount += 1;
  const orderId = `DEP-E2E-${Date.now().toString(36)}-${orderCount}`;
  const form = page.getByRole('form', { name: 'Card and customer' });
  await chooseOption(form, page, 'Corridor', 'Belgium · EUR');
  const fill = (label: string, value: string) =>
    form.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fill('Amount', '25.00');
  await fill('Order ID', orderId);
  await fill('First name', 'Ada');
  await fill('Last name', 'Lovelace');
  await fill('E-mail', 'ada.lovelace@example.com');
  await fill('Phone', '+32470123456');
  await fill('Address', 'Rue de la Loi 16');
  await fill('City', 'Brussels');
  await fill('Postal code', '1000');
  await fill('Name on card', 'Ada Lovelace');
  await fill('Card number', cardNumber);
  await fill('Expiry month', '12');
  await fill('Expiry year', String(new Date().getUTCFullYear() + 2));
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'Collect fingerprint' }).click();
  return orderId;
}

async function chooseSinglePsp(page: Page, psp: string, mid: string): Promise<void> {
  await page.getByRole('radio', { name: 'One PSP and MID' }).check();
  await chooseOption(page, page, 'Deposit PSP', psp);
  await chooseOption(page, page, 'MID alias', mid);
}

function statusStep(page: Page) {
  return page.getByRole('region', { name: '6. Status' });
}

describe('the card deposit console', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  async function openConsole() {
    const watched = await openPage(browser, app.url);
    await signInViaApi(watched.page, app.url, 'admin@example.com');
    await watched.page.goto('/lab/deposits');
    await watched.page.getByRole('heading', { level: 1, name: 'Card deposit console' }).waitFor();
    return watched;
  }

  it('routes an approved Visa deposit with the fingerprint collected in the iframe', async () => {
    const { page, unexpectedErrors } = await openConsole();
    const card = SANDBOX_TEST_CARDS.approve.number;
    const orderId = await fillCardAndCustomer(page, card);

    await page.getByText('Fingerprint collected for: northwind_pay.').waitFor();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Routed across PSPs' }).isChecked())
      .toBe(true);
    await page.getByRole('button', { name: 'Send deposit' }).click();

    const status = statusStep(page);
    await status
      .getByRole('alert')
      .filter({ hasText: /^Deposit .+: approved$/ })
      .waitFor();
    const sentBody = status.getByLabel('Request body as sent');
    await expect.poll(() => sentBody.textContent()).toContain('411111******1111');
    // Read once the masked body is shown: the whole of it, for what must not be in it.
    expect(await sentBody.textContent()).not.toContain(card);
    expect(await sentBody.textContent()).not.toContain('cvv2');
    const deposit = sandboxOf(app)
      .inspect.deposits()
      .find((d) => d.order_id === orderId);
    expect(deposit).toMatchObject({
      routed: true,
      psp_name: 'northwind_pay',
      mid_alias: 'northwind-eu-main',
      status: 'approved',
      card_bin: '411111',
      card_last4: '1111',
    });
    // The CVV is cleared once sent.
    await expect.poll(() => page.getByLabel('CVV').inputValue()).toBe('');
    expect(unexpectedErrors).toEqual([]);
  });

  it('sends a declined deposit to one PSP with the MID alias picked from its list', async () => {
    const { page, unexpectedErrors } = await openConsole();
    const orderId = await fillCardAndCustomer(page, SANDBOX_TEST_CARDS.decline.number);
    await page.getByText('Fingerprint collected for: northwind_pay.').waitFor();
    await chooseSinglePsp(page, 'Northwind Pay', 'northwind-eu-highrisk');
    await page.getByRole('button', { name: 'Send deposit' }).click();

    const status = statusStep(page);
    await status
      .getByRole('alert')
      .filter({ hasText: /^Deposit .+: declined$/ })
      .waitFor();
    await status.getByText('do_not_honor', { exact: true }).waitFor();
    await status.getByText('Do not honor', { exact: true }).waitFor();
    await expect
      .poll(() => status.getByLabel('Request body as sent').textContent())
      .toContain('northwind-eu-highrisk');
    expect(
      sandboxOf(app)
        .inspect.deposits()
        .find((d) => d.order_id === orderId),
    ).toMatchObject({
      routed: false,
      psp_name: 'northwind_pay',
      mid_alias: 'northwind-eu-highrisk',
      status: 'declined',
      decline_code: 'do_not_honor',
    });
    expect(unexpectedErrors).toEqual([]);
  });

  it('completes a 3D Secure deposit through the challenge window', async () => {
    const { page, context, unexpectedErrors } = await openConsole();
    const orderId = await fillCardAndCustomer(page, SANDBOX_TEST_CARDS.threeDSecure.number);
    await page.getByText('Fingerprint collected for: northwind_pay.').waitFor();

    const [challenge] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Send deposit' }).click(),
    ]);
    const status = statusStep(page);
    await status
      .getByRole('alert')
      .filter({ hasText: /^Deposit .+: in process$/ })
      .waitFor();
    await status
      .getByText(/^Following the deposit/)
      .first()
      .waitFor();

    await challenge.waitForLoadState();
    await expect.poll(() => new URL(challenge.url()).pathname).toMatch(/^\/mpi\/challenge\//);
    await challenge.getByRole('button', { name: 'Approve' }).click();
    await challenge.waitForLoadState();

    // The console looks the deposit up every few seconds until it is final.
    await status.getByText('Final status: approved.').waitFor({ timeout: 15_000 });
    expect(
      sandboxOf(app)
        .inspect.deposits()
        .find((d) => d.order_id === orderId)?.status,
    ).toBe('approved');
    await challenge.close();
    expect(unexpectedErrors).toEqual([]);
  });

  it('deposits through a PSP that needs no fingerprint, with an empty iframe', async () => {
    const { page, unexpectedErrors } = await openConsole();
    // Mastercard in EUR: only Harbor Payments takes it, and Harbor asks for no fingerprint.
    const fingerprint = page.waitForResponse((r) => r.url().includes('/api/lab/fingerprint'));
    const orderId = await fillCardAndCustomer(page, SANDBOX_TEST_CARDS.approveMastercard.number);
    expect((await fingerprint).status()).toBe(204);
    const frame = page.frameLocator('iframe[title="Card fingerprint (device data collection)"]');
    await expect.poll(() => frame.locator('body').innerHTML()).toBe('');
    await expect
      .poll(() =>
        page.getByTitle('Card fingerprint (device data collection)').getAttribute('sandbox'),
      )
      .toBe('allow-scripts allow-forms');

    // Nothing is posted, so the console goes on with an empty ddc after its wait.
    await page
      .getByText('No fingerprint needed (none was sent): ddc is empty.')
      .waitFor({ timeout: 15_000 });
    await chooseSinglePsp(page, 'Harbor Payments', 'harbor-default');
    await page.getByRole('button', { name: 'Send deposit' }).click();
    await statusStep(page)
      .getByRole('alert')
      .filter({ hasText: /^Deposit .+: approved$/ })
      .waitFor();
    expect(
      sandboxOf(app)
        .inspect.deposits()
        .find((d) => d.order_id === orderId),
    ).toMatchObject({
      routed: false,
      psp_name: 'harbor_payments',
      mid_alias: 'harbor-default',
      status: 'approved',
    });
    expect(unexpectedErrors).toEqual([]);
  });
});
