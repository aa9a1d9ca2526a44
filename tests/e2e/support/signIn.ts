import { request, type APIRequestContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from './app.js';

export type DemoUser =
  | 'admin@example.com'
  | 'admin2@example.com'
  | 'finance@example.com'
  | 'finance2@example.com'
  | 'support@example.com';

/**
 * Signs in through the sign-in page, the way a person does, and waits for the page signed-in
 * staff land on: the overview (home), or `next` (a path), as a link to the app signed out asks
 * for (`/sign-in?next=…`). Landing on the page a step needs saves loading the overview first.
 */
export async function signIn(page: Page, email: DemoUser, next?: string): Promise<void> {
  await page.goto(next === undefined ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (next === undefined) {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  } else {
    await page.waitForURL((url) => `${url.pathname}${url.search}` === next);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }
}

/** `POST /api/session` as `email` from `client`: its cookie jar keeps the session. */
async function postSession(client: APIRequestContext, origin: string, email: DemoUser) {
  const reply = await client.post('/api/session', {
    headers: { Origin: origin },
    data: { email, password: DEMO_PASSWORD },
  });
  if (reply.status() !== 200) {
    throw new Error(`signing ${email} in answered ${reply.status()}: ${await reply.text()}`);
  }
}

/**
 * Signs the page's context in through the API (the session cookie lands in the context's jar,
 * shared by `page.request` and the page): for journeys whose subject is not the sign-in page.
 */
export async function signInViaApi(page: Page, origin: string, email: DemoUser): Promise<void> {
  await postSession(page.request, origin, email);
}

/**
 * A client of the API signed in as `email`, with no browser behind it: for set-up and checks
 * that only call the API (a browser context costs Chromium a second of CPU). `dispose()` it.
 */
export async function apiClientAs(origin: string, email: DemoUser): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL: origin });
  try {
    await postSession(client, origin, email);
  } catch (error) {
    await client.dispose();
    throw error;
  }
  return client;
}
