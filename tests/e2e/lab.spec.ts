import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage } from './support/browser.js';
import { chooseOption } from './support/pageControls.js';
import { payoutRows } from './support/payoutsList.js';
import { sandboxOf } from './support/sandboxOf.js';
import { signIn } from './support/signIn.js';

/** Every (PSP, type) the sandbox lists for GB/GBP (packages/orchestrator-sandbox/README.md). */
const GB_TARGETS = [
  ['Northwind Pay', 'Card'],
  ['Northwind Pay', 'Bank account'],
  ['Harbor Payments', 'Bank account'],
  ['Lumen Cards', 'Card'],
];

describe('an admin runs every test payout of a corridor from the lab', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  it('passes every enabled (PSP, type) of GB/GBP; the test payouts are listed, badged, and can be hidden', async () => {
    const { page, unexpectedErrors } = await openPage(browser, app.url);
    await signIn(page, 'admin@example.com', '/lab');
    await page.getByRole('heading', { level: 1, name: 'Payout lab' }).waitFor();
    await chooseOption(page, page, 'Corridor', 'United Kingdom · GBP');
    const runAll = page.getByRole('region', { name: 'Run all' });
    await runAll.getByRole('button', { name: 'Run all for United Kingdom · GBP' }).click();

    await runAll.getByRole('status').filter({ hasText: 'Done: 4 passed, 0 failed.' }).waitFor({
      timeout: 30_000,
    });
    await expect
      .poll(() =>
        runAll.getByRole('progressbar', { name: 'Run all progress' }).getAttribute('aria-valuenow'),
      )
      .toBe('100');
    const rows = runAll.getByRole('table', { name: 'Run all results' }).getByRole('row');
    // One row per target; the status above says the run is done, the table may still render.
    await expect.poll(() => rows.count()).toBe(GB_TARGETS.length + 1);
    const table = (await rows.all()).slice(1);
    const cells = await Promise.all(table.map((row) => row.getByRole('cell').allTextContents()));
    const psps = await Promise.all(table.map((row) => row.getByRole('rowheader').textContent()));
    expect(psps.map((psp, i) => [psp, cells[i]?.[0]]).sort()).toEqual([...GB_TARGETS].sort());
    for (const [, result, http, duration, outcome] of cells) {
      expect(result).toBe('Pass');
      expect(http).toMatch(/^20[01]$/);
      // The BFF measures with sub-millisecond precision and the table shows it as is.
      expect(duration).toMatch(/^[\d,]+(\.\d+)? ms$/);
      // A pass is a payout paid out, not an accepted request.
      expect(outcome).toBe('Status: approved');
    }
    // Each went to the orchestrator once, with a LAB- order id.
    const sent = sandboxOf(app).inspect.createCalls();
    expect(sent).toHaveLength(4);
    expect(sent.map((call) => [call.order_id?.slice(0, 4), call.outcome])).toEqual(
      Array(4).fill(['LAB-', 'created']),
    );

    // Lab payouts are real payouts: the default list shows them, badged; hidden on request
    // (a shareable URL), and shown alone.
    await page.goto('/payouts');
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await expect.poll(() => payoutRows(page).count()).toBe(4);
    for (const row of await payoutRows(page).all()) {
      await expect.poll(() => row.getByRole('link').first().textContent()).toMatch(/^LAB-/);
      await expect.poll(() => row.getByText('Test', { exact: true }).count()).toBe(1);
    }
    // The filters are in their panel.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Test payouts: All' }).click();
    await page.getByRole('menuitemradio', { name: 'Hidden' }).click();
    await page.getByRole('button', { name: 'Test payouts: Hidden' }).waitFor();
    await page.getByRole('button', { name: 'Close the filters' }).click();
    await page.getByText('No payouts match these filters (1 filter on).').waitFor();
    expect(new URL(page.url()).searchParams.get('is_test')).toBe('0');
    await page.goto('/payouts?is_test=1');
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await expect.poll(() => payoutRows(page).count()).toBe(4);
    // And the detail page badges one too.
    await payoutRows(page).first().getByRole('link').first().click();
    await page.getByText('Test payout', { exact: true }).waitFor();

    expect(unexpectedErrors).toEqual([]);
  });
});
