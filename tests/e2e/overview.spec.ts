import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { seedDeclinedPayout } from './support/declinedPayout.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { signIn, signInViaApi } from './support/signIn.js';

/** The overview's figures have loaded: its decline chart has a bar. */
async function overviewLoaded(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await declineSection(page).locator('.MuiBarChart-element').first().waitFor();
}

function declineSection(page: Page) {
  return page.locator('section').filter({
    has: page.getByRole('heading', { level: 2, name: 'Top decline reasons' }),
  });
}

/**
 * The home page on a first demo start (the 90-day history) plus a payout made here and declined
 * at the orchestrator: the figures, a click from a PSP's declines through to the list, a saved
 * view picked again after a reload, and axe in both themes and on a phone.
 */
describe('overview: how payouts are going, and back to the list', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ DEMO_SEED: '1' }), sharedBrowser()]);
    await seedDeclinedPayout(app, 'OV-0001');
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it('shows the figures, clicks a PSP decline through to the list, saves a view and picks it again', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url, {
      viewport: SCREENSHOT_VIEWPORT,
    });
    await signIn(page, 'finance@example.com');
    await overviewLoaded(page);

    // The cards: the whole range, and what needs this person.
    await page.getByRole('heading', { name: 'All payouts' }).waitFor();
    await page.getByRole('heading', { name: 'Awaiting my approval' }).waitFor();
    await page
      .getByText(/Times in /)
      .first()
      .waitFor();
    await readmeScreenshot(page, 'overview.png', { fullPage: true });

    // One PSP's declines over 30 days: its table alternative names the codes.
    await page.goto('/?range=30d&provider=northwind_pay');
    await overviewLoaded(page);
    const declines = declineSection(page);
    await declines.getByRole('button', { name: 'Show as table' }).click();
    const table = declines.getByRole('table');
    await table.getByRole('cell', { name: 'account_closed' }).waitFor();
    await declines.getByRole('button', { name: 'Show as table' }).click();

    // A bar of the chart goes to the list with its filters: declined, that code, that PSP.
    await declines.locator('.MuiBarChart-element').first().click();
    await page.waitForURL(/\/payouts\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('declined');
    expect(url.searchParams.get('provider')).toBe('northwind_pay');
    expect(url.searchParams.get('decline_code')).toBeTruthy();
    expect(url.searchParams.get('created_from')).toBeTruthy();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    const rows = page.getByRole('table', { name: 'Payouts' }).locator('tbody tr');
    await rows.first().waitFor();
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => /Declined/.test(text));
      })
      .toBe(true);

    // Save what this is as a view, come back later with nothing in the URL, pick it again.
    await page.getByRole('button', { name: /^View/ }).click();
    await page.getByRole('menuitem', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill('Northwind declines');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/payouts');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    expect(new URL(page.url()).searchParams.get('decline_code')).toBeNull();
    await page.getByRole('button', { name: /^View/ }).click();
    await page.getByRole('menuitem', { name: /Northwind declines/ }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('decline_code'))
      .toBe(url.searchParams.get('decline_code'));
    expect(new URL(page.url()).searchParams.get('provider')).toBe('northwind_pay');

    // The first payouts are on screen without scrolling, on a laptop and on a phone (as cards).
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const first = page.locator('main a[href^="/payouts/"]:not([href="/payouts/new"])').first();
      await first.waitFor();
      // Polled: the switch to cards re-renders the list, and a link caught mid-swap has no box.
      await expect
        .poll(
          async () => {
            const box = await first.boundingBox();
            return box !== null && box.y + box.height <= viewport.height;
          },
          { message: JSON.stringify(viewport) },
        )
        .toBe(true);
    }

    expect(unexpectedErrors).toEqual([]);
  });

  it('passes axe in the dark theme (with its screenshot) and on a phone', async () => {
    const dark = await openPage(browser, app.url, {
      viewport: SCREENSHOT_VIEWPORT,
      colorScheme: 'dark',
    });
    await signInViaApi(dark.page, app.url, 'finance@example.com');
    await dark.page.goto('/');
    await overviewLoaded(dark.page);
    await readmeScreenshot(dark.page, 'overview-dark.png', { fullPage: true });
    const phone = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
    await signInViaApi(phone.page, app.url, 'support@example.com');
    await phone.page.goto('/');
    await overviewLoaded(phone.page);

    const light = await openPage(browser, app.url, { viewport: SCREENSHOT_VIEWPORT });
    await signInViaApi(light.page, app.url, 'admin@example.com');
    await light.page.goto('/');
    await overviewLoaded(light.page);

    expect({
      light: await seriousAxeViolations(light.page),
      dark: await seriousAxeViolations(dark.page),
      phone: await seriousAxeViolations(phone.page),
    }).toEqual({ light: [], dark: [], phone: [] });
    // At 390 px nothing is wider than the screen.
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect([
      ...light.unexpectedErrors,
      ...dark.unexpectedErrors,
      ...phone.unexpectedErrors,
    ]).toEqual([]);
  });
});
