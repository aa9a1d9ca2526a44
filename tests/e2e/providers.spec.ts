import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { getRaw, menuSections } from './support/pageControls.js';
import { signIn } from './support/signIn.js';

const REFUSED = { status: 403, code: 'forbidden', detail: 'Your role does not allow this.' };

describe('support reads the providers matrix and nothing of the admin tools', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it('shows support the matrix, with missing PSPs and their likely cause', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'support@example.com');

    expect(await menuSections(page)).toEqual([
      'Overview',
      'Payouts',
      'Batches',
      'Beneficiaries',
      'Providers',
      'Approval policies',
    ]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Providers' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Providers' }).waitFor();

    // GB/GBP: Harbor Payments is listed for bank payouts only (its card type is switched off).
    const gb = page.getByRole('region', { name: 'United Kingdom · GBP' });
    await gb.getByText(/^Fetched at /).waitFor();
    const harbor = gb
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Harbor Payments' }) });
    await expect
      .poll(() => harbor.getByRole('cell').allTextContents())
      .toEqual([
        'Payout type not enabledIts “Card” payout type is not enabled in its credentials for GB/GBP.',
        'Enabled · 12 fields',
        'Payout type not enabledIts “Crypto wallet” payout type is not enabled in its credentials for GB/GBP.',
      ]);
    await harbor
      .getByRole('button', {
        name: 'Harbor Payments, Bank account, United Kingdom · GBP: enabled, show fields',
      })
      .waitFor();
    // Atlas Remit has its Payouts feature switched off: missing everywhere.
    const atlas = gb
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Atlas Remit' }) });
    await expect
      .poll(() => atlas.getByRole('cell').allTextContents())
      .toEqual(
        Array(3).fill(
          'Payouts feature off for this PSPListed for no corridor: its “Payouts” feature is likely not enabled in its credentials.',
        ),
      );

    // A cell opens the fields that PSP asks for, read-only, as finance would see them.
    await harbor.getByRole('button', { name: /Harbor Payments, Bank account/ }).click();
    const fields = page.getByRole('region', {
      name: 'Fields Harbor Payments asks for: Bank account, United Kingdom · GBP',
    });
    await fields.waitFor();
    const iban = fields.getByRole('textbox').first();
    await expect.poll(() => iban.isEditable()).toBe(false);

    // Compact: every corridor on one row; narrowed to what is off, Atlas Remit alone.
    await page.getByRole('button', { name: 'Compact' }).click();
    const compact = page.getByRole('table', { name: 'PSPs per corridor' });
    await compact.waitFor();
    await page.getByRole('button', { name: 'Cells: All' }).click();
    await page.getByRole('menuitemradio', { name: /Payouts feature off for this PSP/ }).click();
    await expect
      .poll(() => compact.getByRole('columnheader').allTextContents())
      .toEqual(['Corridor', 'Atlas Remit']);
    await expect.poll(() => new URL(page.url()).search).toBe('?cell=payouts_off&view=compact');

    expect(unexpectedErrors).toEqual([]);
  });

  it('refuses support the lab, users and audit: no menu entry, and the API says 403', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'support@example.com');

    const sections = await menuSections(page);
    for (const label of ['Payout lab', 'Deposit console', 'Users', 'Audit log']) {
      expect(sections).not.toContain(label);
    }

    // The pages themselves refuse support on load (next test); here the API does too.
    for (const path of ['/api/users', '/api/lab/deposits/options', '/api/audit']) {
      const reply = await getRaw(page.request, path);
      expect({ path, status: reply.status }).toEqual({ path, status: 403 });
      expect(reply.contentType).toMatch(/^application\/problem\+json\b/);
      expect(reply.body).toMatchObject(REFUSED);
    }
    expect(unexpectedErrors).toEqual([]);
  });

  it('refuses support the lab, deposit console, users and audit pages on load', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'support@example.com');
    for (const path of ['/lab/deposits', '/users', '/audit', '/lab']) {
      await page.goto(path);
      await page.getByText(/Your role \(Support\) cannot open/).waitFor();
    }
    await expect.poll(() => page.getByRole('button', { name: 'Run all' }).count()).toBe(0);
    expect(unexpectedErrors).toEqual([]);
  });
});
