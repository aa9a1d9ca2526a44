import type { APIRequestContext, Locator, Page } from 'playwright-core';

/** The labels of the top-left menu's sections, as the signed-in user is offered them. */
export async function menuSections(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link').first().waitFor();
  const labels = (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  return labels;
}

/** Picks `option` in the MUI select labelled `label` (a combobox opening a listbox). */
export async function chooseOption(
  scope: Page | Locator,
  page: Page,
  label: string,
  option: string,
): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

export interface RawReply {
  status: number;
  contentType: string;
  body: unknown;
}

/** A GET from the page's context (its session cookie), body parsed as JSON when it is JSON. */
export async function getRaw(request: APIRequestContext, path: string): Promise<RawReply> {
  const reply = await request.get(path);
  const contentType = reply.headers()['content-type'] ?? '';
  return {
    status: reply.status(),
    contentType,
    body: contentType.includes('json') ? ((await reply.json()) as unknown) : await reply.text(),
  };
}

/** Signs in through the sign-in page with any account (the demo helper knows demo users only). */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}
