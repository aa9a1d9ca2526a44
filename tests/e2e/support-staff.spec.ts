import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { getRaw, menuSections } from './support/pageControls.js';
import { createPayoutViaApi, northwindBankPayout } from './support/payoutsApi.js';
import { payoutRows } from './support/payoutsList.js';
import { sandboxOf } from './support/sandboxOf.js';
import { apiClientAs, signIn } from './support/signIn.js';

const REFUSED = { status: 403, code: 'forbidden', detail: 'Your role does not allow this.' };

/**
 * Support answers "is this PSP enabled?" and "where is this payout?": they read the providers
 * matrix and the payouts, and can make no payout and open none of the admin tools. The role x
 * route matrix (accessControl.integration.test.ts) checks every route over HTTP; this walks what
 * a support person sees.
 */
describe('support reads providers and payouts, and can change nothing', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it("shows support the matrix with each missing cell's cause and the payouts, and refuses the rest", async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'support@example.com');

    // The menu offers what support may open, and none of the admin tools.
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

    // The payouts: theirs to read and export; the wizard's button is not there.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Payouts' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
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

    // So do the admin tools' addresses.
    for (const path of ['/lab/deposits', '/users', '/audit', '/lab']) {
      await page.goto(path);
      await page.getByText(/Your role \(Support\) cannot open/).waitFor();
    }
    await expect.poll(() => page.getByRole('button', { name: 'Run all' }).count()).toBe(0);

    // And the API, whatever a page shows: the admin tools' data, and a payout as the wizard
    // would send it (cookie, Origin, key) from the page's own context.
    for (const path of ['/api/users', '/api/lab/deposits/options', '/api/audit']) {
      const reply = await getRaw(page.request, path);
      expect({ path, status: reply.status }).toEqual({ path, status: 403 });
      expect(reply.contentType).toMatch(/^application\/problem\+json\b/);
      expect(reply.body).toMatchObject(REFUSED);
    }
    const refused = await createPayoutViaApi(
      page.request,
      app.url,
      northwindBankPayout('ROLE-0001', '50.00'),
    );
    expect(refused.status).toBe(403);
    expect(refused.contentType).toMatch(/^application\/problem\+json\b/);
    expect(refused.body).toMatchObject(REFUSED);
    expect(sandboxOf(app).inspect.createCalls()).toEqual([]);
    await expect.poll(() => payoutRows(page).count()).toBe(0);

    // The same request from finance is made: the refusal above is the role, not the request.
    const finance = await apiClientAs(app.url, 'finance@example.com');
    const made = await createPayoutViaApi(
      finance,
      app.url,
      northwindBankPayout('ROLE-0001', '50.00'),
    );
    await finance.dispose();
    expect(made.status).toBe(201);
    expect(
      sandboxOf(app)
        .inspect.createCalls()
        .map((call) => call.order_id),
    ).toEqual(['ROLE-0001']);

    expect(unexpectedErrors).toEqual([]);
  });
});
