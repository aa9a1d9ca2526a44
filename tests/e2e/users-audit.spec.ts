import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { PayoutRequest } from '@payouts/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { chooseOption, menuSections } from './support/pageControls.js';
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

  it('invites a support user who chooses a password from the e-mail and signs in; the audit log shows it all, filtered by what', async () => {
    const admin = await openPage(browser, app.url);
    const { page } = admin;
    await signIn(page, 'admin@example.com', '/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(NEW_USER.email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(NEW_USER.name);
    await chooseOption(dialog, page, 'Role', 'Support');
    // The admin never types, or knows, the new user's password.
    expect(await dialog.getByLabel(/password/i).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Invite user' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Grace Hopper is invited as Support' })
      .filter({ hasText: 'demo mailbox, at /mailbox' })
      .waitFor();
    const row = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: NEW_USER.email });
    await expect
      .poll(() => row.getByRole('combobox', { name: 'Role of Grace Hopper' }).textContent())
      .toBe('Support');
    await expect.poll(() => row.getByRole('cell').allTextContents()).toContain('Never');
    await row.getByText(/^Invited: the link works until/).waitFor();

    // The new user, in a context of their own, opens the e-mail (the demo's mailbox), follows
    // its link and chooses a password, then signs in and gets support's sections.
    const grace = await openPage(browser, app.url);
    await grace.page.goto('/sign-in');
    await grace.page.getByRole('link', { name: 'demo mailbox' }).click();
    const mail = grace.page.getByRole('article', { name: new RegExp(`to ${NEW_USER.email}$`) });
    await mail.getByText('Ada Admin made you a support account').waitFor();
    await mail.getByRole('link', { name: /\/invitation#/ }).click();
    await grace.page.getByText(`You sign in as ${NEW_USER.email} (Support)`).waitFor();
    await grace.page.getByLabel('New password').fill(NEW_USER.password);
    await grace.page.getByLabel('Repeat the password').fill(NEW_USER.password);
    await grace.page.getByRole('button', { name: 'Set password' }).click();
    await grace.page.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();
    expect(await grace.page.getByLabel('Email').inputValue()).toBe(NEW_USER.email);
    await grace.page.getByLabel('Password').fill(NEW_USER.password);
    await grace.page.getByRole('button', { name: 'Sign in' }).click();
    await grace.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
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
    // Newest first: the new user's own password, the admin's invitation and account, then the
    // demo accounts startup created (no actor).
    await expect
      .poll(() => auditRows(page))
      .toEqual([
        [NEW_USER.email, 'Password set from an invitation'],
        ['admin@example.com', 'Invitation e-mailed'],
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
    await expect
      .poll(() => auditRows(page))
      .toEqual([
        [NEW_USER.email, 'Signed in'],
        [NEW_USER.email, 'Password set from an invitation'],
      ]);
    await expect.poll(() => new URL(page.url()).searchParams.get('who')).toBe(NEW_USER.email);

    // The same entries as CSV: what the filters select.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(`"${NEW_USER.email}","session.sign_in"`);
    expect(csv[2]).toContain(`"${NEW_USER.email}","user.invitation_accepted"`);

    // Later Grace forgets her password: the sign-in page e-mails her a link to choose another.
    const forgot = await openPage(browser, app.url);
    await forgot.page.goto('/sign-in');
    await forgot.page.getByRole('link', { name: 'Forgot your password?' }).click();
    // Its own page first: until its chunk has loaded, the sign-in page (and its Email) stays.
    await forgot.page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await forgot.page.getByLabel('Email').fill(NEW_USER.email);
    await forgot.page.getByRole('button', { name: 'Send link' }).click();
    await forgot.page
      .getByRole('status')
      .filter({ hasText: 'a link to choose a new one' })
      .waitFor();
    await forgot.page.goto('/mailbox');
    const reset = forgot.page.getByRole('article', {
      name: `Reset your payouts back-office password, to ${NEW_USER.email}`,
    });
    await reset.getByRole('link', { name: /\/invitation#/ }).click();
    await forgot.page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    const newPassword = `${NEW_USER.password}-anew`;
    await forgot.page.getByLabel('New password').fill(newPassword);
    await forgot.page.getByLabel('Repeat the password').fill(newPassword);
    await forgot.page.getByRole('button', { name: 'Set password' }).click();
    await forgot.page.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();
    await forgot.page.getByLabel('Password').fill(newPassword);
    await forgot.page.getByRole('button', { name: 'Sign in' }).click();
    await forgot.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    expect(admin.unexpectedErrors).toEqual([]);
    expect(grace.unexpectedErrors).toEqual([]);
    expect(forgot.unexpectedErrors).toEqual([]);
  });
});
