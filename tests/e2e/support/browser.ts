import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';

/** Debian's Chromium; Playwright never downloads a browser here (README). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Chromium 156 loads two browser-UI pages for each window, the omnibox popup and its AI-mode
 * variant, each in a renderer of its own with a few hundred chrome://resources requests, though
 * a headless window never shows an omnibox: about 1.4 renderer CPU-s per browser context, which
 * the journeys open one or more per test.
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright itself disables. Chromium reads only the last `--disable-features`, so
 * ours must repeat Playwright's list, read from playwright-core as installed (it has no API for it).
 */
function playwrightDisabledFeatures(): string[] {
  const source = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  );
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(source)?.[1];
  const names = [...(list ?? '').matchAll(/^\s*"(\w+)",?$/gm)].map((match) => match[1] ?? '');
  if (names.length === 0) {
    throw new Error("playwright-core's list of disabled Chromium features was not found");
  }
  return names;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...playwrightDisabledFeatures(), ...UNSHOWN_BROWSER_UI].join(',')}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

let shared: Promise<Browser> | undefined;

/**
 * The journeys' one Chromium, launched at first use and kept for every journey file after it
 * (they run one at a time in one worker, `isolate: false`): a launch costs about 2.5 CPU-s, and
 * 15 files launched one each. Each file still works in browser contexts of its own (cookies,
 * storage), closed by `releaseBrowser`. A browser that went away is launched again.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

/** Closes the contexts a journey file opened; the shared browser stays for the next file. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far that were not expected. */
  unexpectedErrors: string[];
  /** Declare an error message (substring) this test provokes on purpose, e.g. a 401 on sign-in. */
  expectError: (fragment: string) => void;
}

export interface OpenPageOptions {
  /** Default 1280 x 900; the README screenshots use 1280 x 800. */
  viewport?: { width: number; height: number };
  /** The system colour scheme the app follows while its theme is "Same as the system". */
  colorScheme?: 'light' | 'dark';
}

/**
 * Signed out, the app asks `GET /api/session` once to learn so, and Chromium logs every 4xx
 * resource load as a console error. That 401 is the app working as designed; any other failed
 * load (another URL, another status) still counts.
 */
function isSignedOutSessionProbe(message: ConsoleMessage): boolean {
  return (
    message.text().startsWith('Failed to load resource') &&
    message.text().includes('status of 401') &&
    new URL(message.location().url || 'about:blank').pathname === '/api/session'
  );
}

/**
 * A fresh context and page that records every console error and uncaught exception, so a
 * journey fails on an unexpected one (house style).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: OpenPageOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    // The app honours the system's reduced motion (no slides, fades or click ripples): journeys
    // wait for no animation and Chromium paints fewer frames.
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  // UI state changes here take milliseconds; a missing element should fail fast, not at 30 s.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const unexpectedErrors: string[] = [];
  const expected: string[] = [];
  const record = (text: string): void => {
    if (!expected.some((fragment) => text.includes(fragment))) unexpectedErrors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() !== 'error' || isSignedOutSessionProbe(message)) return;
    record(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
  return {
    page,
    context,
    unexpectedErrors,
    expectError: (fragment) => expected.push(fragment),
  };
}
