import type { Locator, Page } from 'playwright-core';

export interface CorridorChoice {
  /** The country as the list names it, e.g. `Germany`. */
  country: string;
  /** The currency code, e.g. `EUR`. */
  currency: string;
  /** The state's name, where the country has states. */
  state?: string;
  amount: string;
  /** Replaces the generated order id. */
  orderId?: string;
}

export interface MethodChoice {
  /** The payout method's radio label: `Card`, `Bank account` or `Crypto wallet`. */
  method: string;
  /** The PSP's title; left as chosen when the method has a single PSP (the wizard picks it). */
  psp?: string;
}

/** A recipient field by its label: text to type, or the option to pick in a generated select. */
export type RecipientValue = string | { option: string };

/** Steps: 1 corridor and amount, 2 payout method and recipient, 3 review, 4 result. */
export function stepHeading(page: Page, step: number): Locator {
  return page.getByRole('heading', { level: 2, name: new RegExp(`^Step ${step} of 4:`) });
}

/** The PSP's generated section, shown under the PSP on step 2 once one is picked. */
export function recipientSection(page: Page, psp?: string): Locator {
  return page.getByRole('heading', {
    level: 3,
    name: psp === undefined ? /^Recipient details for / : `Recipient details for ${psp}`,
  });
}

/** The wizard's main button on the current step ("Next" or "Make a payout"). */
export function nextButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Next', exact: true });
}

/** Presses `key` until `target` has the focus, as a keyboard user would; fails after `max`. */
export async function pressUntilFocused(
  page: Page,
  key: string,
  target: Locator,
  max = 40,
): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${String(target)}`);
}

/** Tabs forward to `target`. */
export function tabTo(page: Page, target: Locator): Promise<void> {
  return pressUntilFocused(page, 'Tab', target);
}

async function chooseCurrency(page: Page, currency: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Currency' });
  if ((await select.textContent())?.startsWith(`${currency} `)) return;
  await select.click();
  await page.getByRole('option', { name: new RegExp(`^${currency} · `) }).click();
}

/** Step 1 with the mouse and typing; returns the order id the payout will carry. */
export async function fillCorridorStep(page: Page, choice: CorridorChoice): Promise<string> {
  await stepHeading(page, 1).waitFor();
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill(choice.country);
  await page.getByRole('option', { name: new RegExp(`^${choice.country} \\(`) }).click();
  await chooseCurrency(page, choice.currency);
  if (choice.state !== undefined) {
    await page.getByRole('combobox', { name: 'State' }).fill(choice.state);
    await page.getByRole('option', { name: new RegExp(`^${choice.state} \\(`) }).click();
  }
  await page.getByRole('textbox', { name: 'Amount' }).fill(choice.amount);
  const orderId = page.getByRole('textbox', { name: 'Order ID' });
  if (choice.orderId !== undefined) await orderId.fill(choice.orderId);
  const id = await orderId.inputValue();
  await nextButton(page).click();
  await stepHeading(page, 2).waitFor();
  return id;
}

/** Step 2: the payout method and its PSP, until the PSP's section is shown below them. */
export async function chooseMethodStep(page: Page, choice: MethodChoice): Promise<void> {
  await stepHeading(page, 2).waitFor();
  await page.getByRole('radio', { name: choice.method, exact: true }).check();
  if (choice.psp !== undefined) {
    await page.getByRole('radio', { name: choice.psp, exact: true }).check();
  }
  await recipientSection(page, choice.psp).waitFor();
}

/** A generated field by its label (text fields are textboxes, integers spinbuttons). */
export function recipientField(page: Page, label: string): Locator {
  return page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('spinbutton', { name: label, exact: true }));
}

/** Step 2: fills the PSP's generated section, field by field. */
export async function fillRecipientFields(
  page: Page,
  values: Record<string, RecipientValue>,
): Promise<void> {
  await recipientSection(page).waitFor();
  for (const [label, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      await recipientField(page, label).fill(value);
    } else {
      await page.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: value.option, exact: true }).click();
    }
  }
}

/** Step 2's section, then on to the review. */
export async function fillRecipientStep(
  page: Page,
  values: Record<string, RecipientValue>,
): Promise<void> {
  await fillRecipientFields(page, values);
  await nextButton(page).click();
  await stepHeading(page, 3).waitFor();
}

export function makePayoutButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Make a payout' });
}

/** Northwind Pay's bank section (DE/EUR): BIC and IBAN rather than the full US bank list. */
export function northwindBankRecipient(
  firstName: string,
  lastName: string,
  iban = 'DE89370400440532013000',
): Record<string, RecipientValue> {
  return {
    'Bank name': 'Commerzbank',
    BIC: 'COBADEFFXXX',
    IBAN: iban,
    'Account holder name': `${firstName} ${lastName}`,
    'First name': firstName,
    'Last name': lastName,
    Email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  };
}
