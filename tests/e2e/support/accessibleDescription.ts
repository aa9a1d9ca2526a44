import type { Locator } from 'playwright-core';

/** What a screen reader reads after an element's name: the text of its `aria-describedby` ids. */
export function accessibleDescription(element: Locator): Promise<string> {
  return element.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim(),
  );
}
