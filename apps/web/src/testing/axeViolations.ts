import axe from 'axe-core';

/**
 * axe-core's findings on the whole document, one line each (rule and the nodes it names).
 * Contrast is left out: neither happy-dom nor jsdom lays out or paints; it is checked in
 * StatusChip's test and in the browser (the accessibility journey).
 */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
