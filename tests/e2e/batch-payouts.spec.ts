import { readFile } from 'node:fs/promises';
import { belgianIban } from '@payouts/contracts/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { signInViaApi, type DemoUser } from './support/signIn.js';

const ROWS = 50;
/** Data rows (1-based) written wrong: two bad e-mails, one amount with too many decimals. */
const BAD_EMAIL_ROWS = [12, 31];
const BAD_AMOUNT_ROW = 20;

/** The API name behind each title the template's header writes for Northwind in Belgium. */
const NAME_OF_TITLE: Readonly<Record<string, string>> = {
  'Order ID': 'order_id',
  Amount: 'amount',
  'Bank name': 'bankName',
  BIC: 'bankCode',
  'Bank code': 'bankCode',
  IBAN: 'bankAccountNumber',
  'Account number': 'bankAccountNumber',
  'Account holder name': 'bankAccountName',
  'First name': 'customerFirstName',
  'Last name': 'customerLastName',
  Email: 'email',
};

/** A value for each column of the template (named by its title), for data row `n` (`.19`: approved at once). */
function cellFor(title: string, n: number): string {
  const values: Record<string, string> = {
    order_id: `NOV-SELLER-${String(n).padStart(3, '0')}`,
    amount: n === BAD_AMOUNT_ROW ? '300.195' : '300.19',
    bankName: 'Belfius',
    bankCode: 'GKCCBEBB',
    // Fifty sellers, fifty accounts: one account paid the same amount twice would be flagged as a
    // possible duplicate.
    bankAccountNumber: belgianIban(70_000 + n),
    bankAccountName: `Seller ${n} BV`,
    customerFirstName: 'Anna',
    customerLastName: `Claes ${n}`,
    email: BAD_EMAIL_ROWS.includes(n) ? 'not-an-email' : `seller${n}@example.com`,
  };
  return values[NAME_OF_TITLE[title] ?? title] ?? '';
}

/**
 * Finance's goal: pay fifty sellers from one file. Download the template, fill it with
 * three bad rows, upload it, fix one in place, continue without the other two, have a second
 * person approve the batch, watch it complete and export the results.
 */
describe('batch payouts: a 50-row file from template to results', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    // The demo policy: one approver above 10,000 EUR; the batch's 48 rows make 14,409.12 EUR.
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

  async function choose(page: Page, field: string, option: RegExp | string): Promise<void> {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option }).click();
  }

  it('uploads, fixes, leaves out, is approved by a second person, completes and exports', async () => {
    const finance = await signedIn('finance@example.com');
    const { page } = finance;
    await page.goto('/batches');
    await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
    await page.getByRole('link', { name: 'New batch' }).click();
    await choose(page, 'Corridor', 'Belgium · EUR');
    await choose(page, 'Payout method type', 'Bank account');
    const psp = page.getByRole('combobox', { name: /^PSP/ });
    if (!(await psp.textContent())?.includes('Northwind')) {
      await psp.click();
      await page.getByRole('option', { name: /Northwind/ }).click();
    }
    await expectAxeClean(page, 'the new batch page');

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download template' }).click(),
    ]);
    const [header = ''] = (await readFile(await template.path(), 'utf8')).split('\r\n');
    const columns = header.split(',');
    // The header row names the columns as the wizard does.
    expect(columns).toEqual(expect.arrayContaining(['Order ID', 'Amount', 'Email']));
    expect(columns.some((c) => NAME_OF_TITLE[c] === 'bankAccountNumber')).toBe(true);
    const lines = [header];
    for (let n = 1; n <= ROWS; n += 1) lines.push(columns.map((c) => cellFor(c, n)).join(','));
    await page.getByLabel('CSV file').setInputFiles({
      name: 'sellers-november.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();

    // The preview: every row, the three bad ones marked with their message.
    const grid = page.getByRole('grid', { name: 'Rows of sellers-november.csv' });
    await grid.waitFor();
    await page.getByRole('switch', { name: 'Only rows with errors' }).check();
    await expect.poll(() => grid.locator('[aria-invalid="true"]').count()).toBe(3);
    await expectAxeClean(page, 'the batch preview');
    await readmeScreenshot(page, 'batch-preview.png');

    // On a phone the errors column stays narrow (its messages wrap), and the bank details are a
    // short scroll of the grid away, inside it.
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = grid.locator('[data-errors]').first();
    expect((await errors.boundingBox())?.width).toBeLessThanOrEqual(200);
    const account = grid.getByRole('columnheader', { name: /^(IBAN|Account number)$/ });
    await account.scrollIntoViewIfNeeded();
    const scroller = await grid.locator('xpath=..').boundingBox();
    const accountBox = await account.boundingBox();
    expect(accountBox!.x).toBeGreaterThanOrEqual(scroller!.x - 1);
    expect(accountBox!.x + accountBox!.width).toBeLessThanOrEqual(
      Math.min(390, scroller!.x + scroller!.width) + 1,
    );
    await page.setViewportSize(SCREENSHOT_VIEWPORT);

    // Fix the amount in place.
    await grid.locator('[aria-invalid="true"]', { hasText: '300.195' }).click();
    const editor = page.getByRole('textbox', { name: `Amount, row ${BAD_AMOUNT_ROW}` });
    await editor.fill('300.19');
    await editor.press('Enter');
    await expect.poll(() => grid.locator('[aria-invalid="true"]').count()).toBe(2);

    await page.getByRole('button', { name: 'Continue without 2 invalid rows' }).click();
    const submit = page.getByRole('button', { name: 'Submit batch' });
    await submit.waitFor();
    await page
      .getByText(/48 rows?/)
      .first()
      .waitFor();
    await expectAxeClean(page, 'the batch summary');
    await submit.click();
    await page.getByText('Awaiting approval').first().waitFor();
    const batchUrl = page.url();

    // A second person approves the whole batch.
    const approver = await signedIn('finance2@example.com');
    await approver.page.goto(batchUrl);
    await approver.page.getByRole('button', { name: 'Approve batch' }).click();
    await approver.page
      .getByRole('button', { name: 'Approve batch' })
      .waitFor({ state: 'detached' });
    expect(approver.unexpectedErrors).toEqual([]);
    await approver.context.close();

    // The uploader watches it complete.
    // The page follows the batch on its own: approved (polled while awaiting), then sent.
    await page
      .getByRole('progressbar', { name: '48 of 48 rows finished' })
      .waitFor({ timeout: 30_000 });
    await page.getByText('Completed', { exact: true }).first().waitFor();
    await expectAxeClean(page, 'the completed batch');

    const [results] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export results' }).click(),
    ]);
    const csv = (await readFile(await results.path(), 'utf8')).trim().split('\r\n');
    expect(csv).toHaveLength(ROWS + 1);
    // Every cell quoted, as the payouts export.
    expect(csv.filter((line) => line.includes(',"approved",'))).toHaveLength(48);
    expect(csv.filter((line) => line.includes(',"excluded",'))).toHaveLength(2);
    expect(finance.unexpectedErrors).toEqual([]);
    await finance.context.close();
  });
});
