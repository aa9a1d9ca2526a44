import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; Playwright never downloads a browser here (README). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far that were not expected. */
  unexpectedErrors: string[];
  /** Declare an error message (substring) this test provokes on purpose, e.g. a 401 on sign-in. */
  expectError(fragment: string): void;
}

/**
 * A fresh context and page that records every console error and uncaught exception, so a
 * journey fails on an unexpected one (house style).
 */
export async function openPage(browser: Browser, baseURL: string): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const unexpectedErrors: string[] = [];
  const expected: string[] = [];
  const record = (text: string): void => {
    if (!expected.some((fragment) => text.includes(fragment))) unexpectedErrors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
  return {
    page,
    context,
    unexpectedErrors,
    expectError: (fragment) => expected.push(fragment),
  };
}
