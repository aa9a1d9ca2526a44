import { describe, expect, it } from 'vitest';
import { openPage, releaseBrowser, sharedBrowser } from './browser.js';

describe("the journeys' Chromium", () => {
  it('opens a window without the omnibox pages a headless window never shows', async () => {
    const browser = await sharedBrowser();
    const cdp = await browser.newBrowserCDPSession();
    try {
      const { page } = await openPage(browser, 'http://127.0.0.1/');
      await page.setContent('<p>A page</p>');
      // Chromium opens them with the window, before its first page has loaded.
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
      expect(
        targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://')),
      ).toEqual([]);
    } finally {
      await cdp.detach();
      await releaseBrowser(browser);
    }
  });
});
