import type { Locator, Page } from 'playwright-core';

/** The payouts table's row for an order id (the order id is the row's link). */
export function payoutRow(page: Page, orderId: string): Locator {
  return page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: orderId, exact: true }) });
}

/** Every row of the payouts table's body (the header row has no order-id link). */
export function payoutRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ has: page.getByRole('link') });
}

/** The status chip's label in a row, as the user reads it. */
export async function statusIn(row: Locator): Promise<string> {
  return ((await row.locator('[data-status]').textContent()) ?? '').trim();
}
