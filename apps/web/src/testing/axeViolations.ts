import axe from 'axe-core';

/**
 * axe-core's findings, one line each (rule and the nodes it names), on the whole document, or on
 * the topmost open modal (dialog, menu drawer, popover) while one is open. MUI makes the page
 * behind a modal inert (`aria-hidden`); a browser's axe sees the modal on top and says nothing
 * of that page, but without layout (happy-dom) axe finds no modal on screen and reports the
 * hidden page's focusable elements (`aria-hidden-focus`). Tests audit the page before they open
 * the modal. Contrast is left out: neither happy-dom nor jsdom paints; it is checked in
 * StatusChip's test and in the browser (the accessibility journey).
 */
export async function axeViolations(): Promise<string[]> {
  const modals = document.querySelectorAll('.MuiModal-root:not(.MuiModal-hidden)');
  const root = modals.length > 0 ? modals[modals.length - 1]! : document.body;
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
