import { readFile } from 'node:fs/promises';
import type { PayoutRequest, PayoutStatus } from '@payouts/contracts';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { createPayoutViaApi, getPayoutViaApi, type PayoutReply } from './support/payoutsApi.js';
import { payoutRows, statusIn } from './support/payoutsList.js';
import { pollUntil } from './support/pollUntil.js';
import { sandboxOf } from './support/sandboxOf.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { apiClientAs, signInViaApi } from './support/signIn.js';

const NEXT_YEAR = new Date().getFullYear() + 1;

function customer(first: string, last: string) {
  return {
    customerFirstName: first,
    customerLastName: last,
    email: `${first}.${last}@example.com`.toLowerCase(),
  };
}

function northwindBank(first: string, last: string) {
  return {
    bankName: 'Commerzbank',
    bankCode: 'COBADEFFXXX',
    bankAccountNumber: 'DE89370400440532013000',
    bankAccountName: `${first} ${last}`,
    ...customer(first, last),
  };
}

function card(first: string, last: string) {
  return {
    creditCardNumber: '4111111111111111',
    cardHolderName: `${first} ${last}`,
    expiryMonth: 12,
    expiryYear: NEXT_YEAR,
    ...customer(first, last),
  };
}

interface Seed {
  body: PayoutRequest;
  /** Where the payout stays: amounts ending in 14 wait for `settle`, 13 is declined, 18 refused. */
  status: PayoutStatus;
  /** Whether the test settles it at the orchestrator. */
  settle: boolean;
}

/** Six payouts over four PSPs and every status a person meets in a day. */
const SEEDS: Seed[] = [
  {
    body: {
      order_id: 'FP-1001',
      provider: 'northwind_pay',
      country: 'DE',
      currency: 'EUR',
      state: null,
      amount: '1250.00',
      payout_method_type: 'bank_account',
      metadata: northwindBank('Emmy', 'Noether'),
    },
    status: 'approved',
    settle: true,
  },
  {
    body: {
      order_id: 'FP-1002',
      provider: 'northwind_pay',
      country: 'GB',
      currency: 'GBP',
      state: null,
      amount: '310.14',
      payout_method_type: 'bank_account',
      metadata: {
        ...northwindBank('Alan', 'Turing'),
        bankCode: 'NWBKGB2L',
        bankAccountNumber: 'GB29NWBK60161331926819',
      },
    },
    status: 'pending',
    settle: false,
  },
  {
    body: {
      order_id: 'FP-1003',
      provider: 'lumen_cards',
      country: 'US',
      currency: 'USD',
      state: 'NY',
      amount: '89.14',
      payout_method_type: 'credit_card',
      metadata: card('Grace', 'Hopper'),
    },
    status: 'in_process',
    settle: false,
  },
  {
    body: {
      order_id: 'FP-1004',
      provider: 'northwind_pay',
      country: 'DE',
      currency: 'EUR',
      state: null,
      amount: '42.13',
      payout_method_type: 'credit_card',
      metadata: card('Ada', 'Lovelace'),
    },
    status: 'declined',
    settle: true,
  },
  {
    body: {
      order_id: 'FP-1005',
      provider: 'northwind_pay',
      country: 'FR',
      currency: 'EUR',
      state: null,
      amount: '75.18',
      payout_method_type: 'bank_account',
      metadata: {
        ...northwindBank('Marie', 'Curie'),
        bankCode: 'BNPAFRPP',
        bankAccountNumber: 'FR1420041010050500013M02606',
      },
    },
    status: 'failed',
    settle: false,
  },
  {
    body: {
      order_id: 'FP-1006',
      provider: 'coinbridge',
      country: 'DE',
      currency: 'BTC',
      state: null,
      amount: '0.05',
      payout_method_type: 'crypto',
      metadata: {
        walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
        ...customer('Satoshi', 'Nakamoto'),
      },
    },
    status: 'approved',
    settle: true,
  },
];

const orderIdsWhere = (keep: (seed: Seed) => boolean): string[] =>
  SEEDS.filter(keep)
    .map((seed) => seed.body.order_id)
    .sort();

describe('follow payouts in the list', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), sharedBrowser()]);
    // The payouts are made through the API as the wizard makes them (session cookie, Origin,
    // Idempotency-Key): this journey is about finding them again.
    const finance = await apiClientAs(app.url, 'finance@example.com');
    try {
      for (const seed of SEEDS) {
        const reply = await createPayoutViaApi(finance, app.url, seed.body);
        // A refused payout (magic amount 18) answers 422 and stays in the list as failed.
        expect(reply.status, seed.body.order_id).toBe(seed.status === 'failed' ? 422 : 201);
      }
      const listed = await finance.get('/api/payouts?limit=100');
      const { items } = (await listed.json()) as { items: PayoutReply[] };
      for (const seed of SEEDS) {
        const payout = items.find((p) => p.order_id === seed.body.order_id);
        if (!payout) throw new Error(`${seed.body.order_id} is not in the list`);
        if (seed.settle) await sandboxOf(app).settle(payout.orchestrator_id!);
        await pollUntil(
          `${seed.body.order_id}'s status`,
          async () => (await getPayoutViaApi(finance, payout.id)).status,
          (status) => status === seed.status,
        );
      }
    } finally {
      await finance.dispose();
    }
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
  });

  async function financePage(path: string, viewport?: { width: number; height: number }) {
    const watched: WatchedPage = await openPage(browser, app.url, viewport ? { viewport } : {});
    await signInViaApi(watched.page, app.url, 'finance@example.com');
    await watched.page.goto(path);
    await watched.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    return watched;
  }

  /** The order ids the table shows, sorted. */
  async function listedOrderIds(page: Page): Promise<string[]> {
    const ids = await payoutRows(page).getByRole('link').allTextContents();
    return ids.map((id) => id.trim()).sort();
  }

  /**
   * Waits for the table to show exactly these payouts. Polled: while a new query loads, the
   * table keeps showing the previous rows.
   */
  async function expectListed(page: Page, orderIds: string[]): Promise<void> {
    await expect.poll(() => listedOrderIds(page)).toEqual(orderIds);
  }

  it('shows every payout with its status chip (and writes the README screenshot)', async () => {
    const { page, unexpectedErrors } = await financePage('/payouts', SCREENSHOT_VIEWPORT);
    await expectListed(
      page,
      orderIdsWhere(() => true),
    );
    const statuses = () =>
      Promise.all(
        SEEDS.map(async (seed) =>
          statusIn(
            payoutRows(page).filter({
              has: page.getByRole('link', { name: seed.body.order_id, exact: true }),
            }),
          ),
        ),
      );
    await expect
      .poll(statuses)
      .toEqual(['Paid out', 'Pending', 'In process', 'Declined', 'Failed', 'Paid out']);
    await readmeScreenshot(page, 'payouts-list.png');
    expect(unexpectedErrors).toEqual([]);
  });

  it('on a phone: cards whose order id and badges never run under the amount, and the totals', async () => {
    const { page, unexpectedErrors } = await financePage('/payouts', { width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Payouts' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(SEEDS.length);
    const totals = page.getByRole('status', { name: 'Totals' });
    await expect.poll(() => totals.textContent()).toMatch(/^6 payouts/);
    for (const card of await cards.all()) {
      // The amount (its exact value on hover) and everything in the order id's column.
      const amount = await card.locator('span[title]').first().boundingBox();
      const orderColumn = card.locator('> div').first().locator('a, span');
      for (const box of await Promise.all((await orderColumn.all()).map((e) => e.boundingBox()))) {
        if (!box || !amount) continue;
        const overlaps =
          box.x < amount.x + amount.width &&
          amount.x < box.x + box.width &&
          box.y < amount.y + amount.height &&
          amount.y < box.y + box.height;
        expect(overlaps).toBe(false);
      }
      // Nothing wider than the screen.
      expect(((await card.boundingBox())?.width ?? 0) <= 390).toBe(true);
    }
    expect(unexpectedErrors).toEqual([]);
  });

  it('searches by order id or its beginning, recipient e-mail and recipient name', async () => {
    const { page, unexpectedErrors } = await financePage('/payouts');
    const search = page.getByRole('searchbox', { name: 'Search' });

    await search.fill('FP-1004');
    await search.press('Enter');
    await page.waitForURL(/[?&]q=FP-1004\b/);
    await expectListed(page, ['FP-1004']);

    // The beginning of an order id, in any case (decision 037); not a fragment from its middle.
    await search.fill('fp-100');
    await search.press('Enter');
    await page.waitForURL(/[?&]q=fp-100\b/);
    await expectListed(
      page,
      orderIdsWhere(() => true),
    );

    await search.fill('grace.hopper@example.com');
    await search.press('Enter');
    await page.waitForURL(/[?&]q=grace\.hopper%40example\.com\b/);
    await expectListed(page, ['FP-1003']);

    // The recipient's name, in any case (the space keeps the e-mail out of it).
    await search.fill('emmy noether');
    await search.press('Enter');
    await page.waitForURL(/[?&]q=emmy(\+|%20)noether\b/);
    await expectListed(page, ['FP-1001']);
    expect(unexpectedErrors).toEqual([]);
  });

  it('filters by status and PSP, keeps the filters over a reload, and exports exactly them', async () => {
    const { page, unexpectedErrors } = await financePage('/payouts');

    // The filters live in a panel; the list shows them as chips.
    const openFilters = async (): Promise<void> => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('heading', { name: 'Filters' }).waitFor();
    };
    const closeFilters = async (): Promise<void> => {
      await page.getByRole('button', { name: 'Close the filters' }).click();
      await page.getByRole('heading', { name: 'Filters' }).waitFor({ state: 'hidden' });
    };
    await openFilters();
    // Status: a menu of checkable items that stays open for several choices. Each pick is
    // awaited (its check mark shown) before the next, as a person sees it. BLOCKED: two quick
    // picks lose the first one when the page renders slowly (MenuFilter computes the next value
    // from props that the router's navigation has not re-rendered yet; see the report). Once
    // fixed, the waits can go.
    await page.getByRole('button', { name: 'Status: Any' }).click();
    for (const status of ['Paid out', 'Declined']) {
      const item = page.getByRole('menuitemcheckbox', { name: status });
      await item.click();
      await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Status: Paid out, Declined' }).waitFor();
    await closeFilters();
    await expectListed(page, ['FP-1001', 'FP-1004', 'FP-1006']);

    await openFilters();
    // The PSPs the ledger holds (and those configured), each with its payouts.
    await page.getByRole('button', { name: 'PSP: Any' }).click();
    await page.getByRole('menuitemradio', { name: /^Northwind Pay/ }).click();
    await page.waitForURL(/[?&]provider=northwind_pay\b/);
    await closeFilters();
    const filtered = orderIdsWhere(
      (s) => s.body.provider === 'northwind_pay' && ['approved', 'declined'].includes(s.status),
    );
    expect(filtered).toEqual(['FP-1001', 'FP-1004']);
    await expectListed(page, filtered);

    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('approved,declined');
    expect(url.searchParams.get('provider')).toBe('northwind_pay');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await expect.poll(() => page.url()).toBe(url.href);
    await expectListed(page, filtered);
    await openFilters();
    await page.getByRole('button', { name: 'Status: Paid out, Declined' }).waitFor();
    await page.getByRole('button', { name: 'PSP: Northwind Pay' }).waitFor();
    await closeFilters();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payouts-.*\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const rows = parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true });
    expect(rows.map((row) => row['order_id']).sort()).toEqual(filtered);
    const byOrderId = new Map(rows.map((row) => [row['order_id'], row]));
    expect(byOrderId.get('FP-1001')).toMatchObject({
      status: 'approved',
      amount: '1250.00',
      currency: 'EUR',
      provider: 'northwind_pay',
      recipient_email: 'emmy.noether@example.com',
    });
    expect(byOrderId.get('FP-1004')).toMatchObject({
      status: 'declined',
      decline_code: 'account_closed',
      decline_reason: 'The beneficiary account is closed',
    });
    // No card data in the export, not even masked.
    expect(csv).not.toMatch(/411111/);
    expect(unexpectedErrors).toEqual([]);
  });
});
