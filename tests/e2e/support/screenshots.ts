import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** The README's screenshots. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../../docs/screenshots', import.meta.url));

/** The size the README's screenshots are taken at. */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * Writes one of the README's screenshots when the run asks for them
 * (`SCREENSHOTS=1 npm test -- --project e2e`); other runs (CI's among them) take none, so a test
 * run leaves the tree as it found it.
 */
export async function readmeScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env['SCREENSHOTS'] !== '1') return;
  await page.screenshot({ path: join(SCREENSHOTS_DIR, name), ...options });
}
