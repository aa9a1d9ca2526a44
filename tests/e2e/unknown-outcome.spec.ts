import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { sandboxOf } from './support/sandboxOf.js';
import { signInViaApi, type DemoUser } from './support/signIn.js';

const COLUMNS = [
  'order_id',
  'amount',
  'state',
  'beneficiary_reference',
  'bankName',
  'bankCode',
  'bankAccountNumber',
  'bankAccountName',
  'customerFirstName',
  'customerLastName',
  'email',
];

/** Three sellers; `.19`: the sandbox approves at once. */
function sellersCsv(run: string): string {
  const rows = [1, 2, 3].map((n) =>
    [
      `UNK-${run}-${n}`,
      `${40 + n}.19`,
      '',
      '',
      'Belfius',
      'GKCCBEBB',
      'BE68539007547034',
      `Seller ${n} BV`,
      'Anna',
      `Claes ${n}`,
      `seller${n}@example.com`,
    ].join(','),
  );
  return [COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}

/**
 * Decisions 039 and 040, finance's goal: a batch row whose create never answered is never sent
 * again on a guess; the batch keeps sending until two people settle that row, then it finishes.
 * The row's payout is marked failed by one finance user and confirmed by another, in the browser.
 */
describe('an unknown batch row, settled by two people until the batch finishes', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startE2eApp({
        // Real time here: a person is asked five seconds after the outcome went unknown.
        RECONCILE_GRACE_SECONDS: '5',
        RECONCILE_INTERVAL_SECONDS: '1',
        RECONCILE_BACKOFF_SECONDS: '1',
        RECONCILE_MAX_BACKOFF_SECONDS: '2',
        BATCH_SWEEP_INTERVAL_MS: '300',
      }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  async function signedIn(email: DemoUser): Promise<WatchedPage> {
    const watched = await openPage(browser, app.url);
    await signInViaApi(watched.page, app.url, email);
    return watched;
  }

  /** Upload, validate and submit through the API (the batch journey covers those screens). */
  async function sendBatch(page: Page, run: string): Promise<string> {
    const query = new URLSearchParams({
      country: 'BE',
      currency: 'EUR',
      payout_method_type: 'bank_account',
      provider: 'northwind_pay',
      file_name: `unknown-${run}.csv`,
    });
    const headers = { Origin: app.url };
    const up = await page.request.post(`/api/batches?${query.toString()}`, {
      headers: { ...headers, 'Content-Type': 'text/csv' },
      data: sellersCsv(run),
    });
    expect(up.status()).toBe(201);
    const { id } = (await up.json()) as { id: string };
    const validated = await page.request.post(`/api/batches/${id}/validate`, {
      headers,
      data: { exclude_invalid: false },
    });
    expect(validated.status()).toBe(200);
    const submitted = await page.request.post(`/api/batches/${id}/submit`, { headers, data: {} });
    expect(submitted.status()).toBe(200);
    return id;
  }

  it('is handed to a person, marked failed by two, and the batch completes', async () => {
    const run = Date.now().toString(36);
    const sandbox = sandboxOf(app);
    // The first create meets a 503: its outcome is unknown, and nothing was made.
    sandbox.faults.add({ kind: 'http_503', route: 'create_payout', times: 1 });
    const first = await signedIn('finance@example.com');
    const batchId = await sendBatch(first.page, run);

    await first.page.goto(`/batches/${batchId}`);
    const unknownLink = first.page.getByRole('link', { name: /^UNK-/ });
    // The batch keeps sending: two rows paid, one unknown.
    await expect
      .poll(async () => (await first.page.getByText('Sending', { exact: true }).count()) > 0, {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => unknownLink.count(), { timeout: 20_000 }).toBe(3);
    const created = sandbox.inspect
      .createCalls()
      .filter((c) => c.order_id?.startsWith(`UNK-${run}`));
    const faulted = created.find((c) => c.fault === 'http_503');
    expect(faulted).toBeDefined();
    const orderId = faulted!.order_id!;

    // Finance opens it: nothing found, so a person is asked; nothing is sent again.
    await first.page.getByRole('link', { name: orderId }).click();
    await first.page.getByRole('heading', { level: 1, name: `Payout ${orderId}` }).waitFor();
    await first.page
      .getByText(/Needs a person: the orchestrator did not answer/)
      .waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(first.page)).toEqual([]);
    await first.page.getByRole('button', { name: 'Not sent: mark failed…' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Not sent: mark it failed?' });
    await dialog.getByLabel(/Reason/).fill('Not in the PSP portal; the bank has no such transfer');
    await dialog.getByRole('button', { name: 'Propose' }).click();
    await first.page.getByText(/proposed marking it failed/).waitFor();
    expect(await first.page.getByRole('button', { name: 'Confirm: mark failed' }).count()).toBe(0);

    // A second person confirms it, from the approvals page.
    const second = await signedIn('finance2@example.com');
    await second.page.goto('/approvals');
    const panel = second.page.getByRole('region', {
      name: 'Unknown outcome, waiting for a person',
    });
    await panel.getByRole('checkbox', { name: `Select ${orderId}` }).check();
    await panel.getByRole('button', { name: 'Confirm: mark failed (1)' }).click();
    await panel.getByText(`${orderId}: marked failed`).waitFor();

    // The batch finishes, with its one failure; the order id was sent once, never again.
    await second.page.goto(`/batches/${batchId}`);
    await second.page
      .getByText('Completed with failures', { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(sandbox.inspect.createCalls().filter((c) => c.order_id === orderId)).toHaveLength(1);
    expect(sandbox.inspect.payouts().filter((p) => p.order_id === orderId)).toEqual([]);
  });
});
