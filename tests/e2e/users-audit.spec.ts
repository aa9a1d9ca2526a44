import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { PayoutRequest } from '@payouts/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { chooseOption, menuSections, signInAs } from './support/pageControls.js';
import { createPayoutViaApi, northwindBankPayout } from './support/payoutsApi.js';
import { signIn } from './support/signIn.js';

const NEW_USER = {
  email: 'grace.hopper@example.com',
  name: 'Grace Hopper',
  password: 'cobol-is-forever-1959',
};

const PAYOUT = northwindBankPayout('AUDIT-0001', '50.00');

/** The audit table's rows as [who, what] pairs (the header row has no cells). */
async function auditRows(page: Page): Promise<string[][]> {
  const rows = await page.getByRole('table', { name: 'Audit log entries' }).getByRole('row').all();
  const cells = await Promise.all(rows.map((row) => row.getByRole('cell').allTextContents()));
  return cells.filter((c) => c.length > 0).map(([, who = '', what = '']) => [who, what]);
}

async function filterWhat(page: Page, option: string): Promise<void> {
  await page.getByRole('button', { name: /^What: / }).click();
  await page.getByRole('menuitemradio', { name: option }).click();
  await page.getByRole('button', { name: `What: ${option}` }).waitFor();
}

describe('an admin manages users and reads the audit log', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it('creates a support user who signs in; the audit log shows it all, filtered by what', async () => {
    const admin = await openPage(browser, app.url);
    const { page } = admin;
    await signIn(page, 'admin@example.com');

    await page.goto('/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(NEW_USER.email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(NEW_USER.name);
    await chooseOption(dialog, page, 'Role', 'Support');
    await dialog.getByLabel('Password').fill(NEW_USER.password);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Grace Hopper can now sign in as Support.' })
      .waitFor();
    const row = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: NEW_USER.email });
    await expect
      .poll(() => row.getByRole('combobox', { name: 'Role of Grace Hopper' }).textContent())
      .toBe('Support');
    await expect.poll(() => row.getByRole('cell').allTextContents()).toContain('Never');

    // The new user signs in in a context of their own and gets support's sections.
    const grace = await openPage(browser, app.url);
    await signInAs(grace.page, NEW_USER.email, NEW_USER.password);
    await expect
      .poll(() => menuSections(grace.page))
      .toEqual([
        'Overview',
        'Payouts',
        'Batches',
        'Beneficiaries',
        'Providers',
        'Approval policies',
      ]);

    // A payout and a lab run, so the log has one of each family.
    expect((await createPayoutViaApi(page.request, app.url, PAYOUT)).status).toBe(201);
    const testData = await page.request.get(
      '/api/lab/test-data?country=GB&currency=GBP&payout_method_type=bank_account&provider=harbor_payments',
    );
    expect(testData.status()).toBe(200);
    const { payout } = (await testData.json()) as { payout: PayoutRequest };
    const lab = await page.request.post('/api/lab/payouts', {
      headers: { Origin: app.url, 'Idempotency-Key': randomUUID() },
      data: payout,
    });
    // 201 as `POST /api/payouts` answers (contract 3).
    expect(lab.status()).toBe(201);

    await page.goto('/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('table', { name: 'Audit log entries' }).waitFor();

    await filterWhat(page, 'Sign-ins and sign-outs');
    await expect
      .poll(() => auditRows(page))
      .toEqual([
        [NEW_USER.email, 'Signed in'],
        ['admin@example.com', 'Signed in'],
      ]);
    await filterWhat(page, 'User changes');
    // Newest first: the admin's account, then the demo accounts startup created (no actor).
    await expect
      .poll(() => auditRows(page))
      .toEqual([
        ['admin@example.com', 'User created'],
        ...Array.from({ length: 5 }, () => ['system', 'User created']),
      ]);
    await page
      .getByRole('table', { name: 'Audit log entries' })
      .getByText(NEW_USER.email)
      .first()
      .waitFor();
    await filterWhat(page, 'Lab runs');
    await expect.poll(() => auditRows(page)).toEqual([['admin@example.com', 'Lab test payout']]);
    await filterWhat(page, 'Payouts and approvals');
    await expect.poll(() => auditRows(page)).toEqual([['admin@example.com', 'Payout created']]);

    // Who narrows it to one person; the filters live in the URL.
    await filterWhat(page, 'Anything');
    await page.getByRole('textbox', { name: 'Who (e-mail or user id)' }).fill(NEW_USER.email);
    await expect.poll(() => auditRows(page)).toEqual([[NEW_USER.email, 'Signed in']]);
    await expect.poll(() => new URL(page.url()).searchParams.get('who')).toBe(NEW_USER.email);

    // The same entries as CSV: what the filters select.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`"${NEW_USER.email}","session.sign_in"`);

    expect(admin.unexpectedErrors).toEqual([]);
    expect(grace.unexpectedErrors).toEqual([]);
  });
});
